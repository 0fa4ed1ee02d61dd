import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { AccountStatus, AccountView, ConnectionReport, Credentials } from '../../../preload/contract';
import { credentialOrigin } from '../../../preload/contract/plain/base-url';
import { baseUrlProblem } from '../../../i18n/words/base-url';
import { createAgent } from '../api/index';
import { ApiError } from '../api/errors';
import { AppError, errorText, saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import { createEventBus } from '../events';
import type { DomainBus } from '../events';
import { createSilentLogger, registerSecret } from '../log/logger';
import type { Clock, Logger, SecretStore, SettingsStore } from '../ports';
import { systemClock } from '../ports';
import { createClientPool } from './client-pool';
import type { ClientOptions } from './client-pool';
import { diagnose } from './diagnose';
import { parseDraft, parseUpdate, typedBaseUrlProblem } from './input';
import { recordFromDraft } from './records';
import { createAccountRegistry } from './registry';
import type { RegistryEntry } from './registry';
import { sameServiceAccounts } from './same-service';
import { createStatusTracker, statusAfterFailure } from './status-tracker';
import type { AccountsService, BeforeRemoveStep } from './types';

export interface AccountsServiceDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  /** Where 'accounts.changed', 'account.status' and 'account.removed' are published; a private bus otherwise. */
  bus?: DomainBus;
  clock?: Clock;
  logger?: Logger;
  clientOptions?: ClientOptions & {
    /** Shared by every account's client; the service makes (and closes) its own otherwise. */
    dispatcher?: Dispatcher;
  };
  /** Account ids; random UUIDs unless a test pins them. */
  newId?: () => string;
  /** How long each about-to-remove step may take before the removal goes ahead without it. Default 20 s. */
  beforeRemoveMs?: number;
}

export const BEFORE_REMOVE_MS = 20_000;


/**
 * The accounts an account manager works with: the registry keeps records and credentials,
 * the pool one client per account, the tracker each account's status; this composes them
 * and announces every change on the domain bus.
 */
export function createAccountsService(deps: AccountsServiceDeps): AccountsService {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createSilentLogger();
  const bus = deps.bus ?? createEventBus({ logger });
  const newId = deps.newId ?? randomUUID;
  const dispatcher = deps.clientOptions?.dispatcher ?? createAgent(deps.clientOptions?.timeouts);
  const ownsDispatcher = !deps.clientOptions?.dispatcher;
  const registry = createAccountRegistry({ settings: deps.settings, secrets: deps.secrets, logger, nowIso: () => new Date(clock.now()).toISOString() });
  const pool = createClientPool({ clock, logger, dispatcher, options: deps.clientOptions });
  const statuses = createStatusTracker({
    sameService: (id) => sameServiceAccounts(registry.all().map((entry) => entry.record), id) ?? [],
    onChange: (id, state) => {
      // Only a refusal outlives a restart: it must not hammer the service with bad credentials.
      registry.setNeedsCredentials(id, state.status === 'needs-credentials' ? state.message : null);
      bus.publish('account.status', { accountId: id, status: state.status, message: state.message });
    },
  });
  let closed = false;
  const beforeRemove = new Set<BeforeRemoveStep>();

  const ready = registry.ready.then(() => {
    const secretsUnreadable = deps.secrets.problems().length > 0;
    for (const entry of registry.all()) {
      const { record } = entry;
      if (record.needsCredentials !== null) statuses.init(record.id, 'needs-credentials', record.needsCredentials);
      else if (!entry.credentialsSet) statuses.init(record.id, 'needs-credentials', secretsUnreadable ? m.core_account_credentials_unreadable() : m.core_account_no_credentials());
    }
  });

  function view(entry: RegistryEntry): AccountView {
    const { record } = entry;
    const state = statuses.get(record.id);
    return {
      id: record.id,
      name: record.name,
      environment: record.environment,
      baseUrl: record.baseUrl,
      mechanism: record.mechanism,
      access: record.access,
      credentialsSet: entry.credentialsSet,
      status: state.status,
      statusMessage: state.message,
      demo: entry.demo,
    };
  }

  const views = () => registry.all().map(view);
  const announceList = () => bus.publish('accounts.changed', { accounts: views() });

  function setStatus(id: string, status: AccountStatus, message: string | null): void {
    if (statuses.set(id, status, message)) announceList();
  }

  function find(id: string): RegistryEntry {
    const entry = registry.find(id);
    if (!entry) throw saidError('account-not-found', m.core_account_gone());
    return entry;
  }

  function assertOpen(): void {
    if (closed) throw new AppError('internal', 'The accounts service has been closed.');
  }

  async function opened(): Promise<void> {
    await ready;
    assertOpen();
  }

  function createClient(entry: RegistryEntry, credentials: Credentials) {
    const id = entry.record.id;
    return pool.create(id, { baseUrl: entry.record.baseUrl, credentials }, {
      // Once the credentials were refused, only new credentials (or a passing test) clear
      // that: a late answer to a call made before the refusal must not.
      onSuccess: () => {
        if (statuses.get(id).status !== 'needs-credentials') setStatus(id, 'ok', null);
      },
      onFailure: (error) => {
        const next = statusAfterFailure(error, entry.record.baseUrl);
        if (next && statuses.get(id).status !== 'needs-credentials') setStatus(id, next.status, next.message);
      },
      onCredentialsRefused: (error) => {
        const request = error.cause instanceof ApiError ? { endpoint: error.cause.endpoint, status: error.cause.status } : {};
        logger.warn('credentials refused; calls stop until new ones are entered', { accountId: id, baseUrl: entry.record.baseUrl, ...request });
        setStatus(id, 'needs-credentials', error.message);
      },
    });
  }

  const service: AccountsService = {
    async list() {
      await ready;
      return views();
    },

    async get(id) {
      await ready;
      return view(find(id));
    },

    async add(input) {
      await opened();
      const draft = parseDraft(input);
      const record = recordFromDraft(newId(), draft);
      await registry.add(record, draft.credentials);
      // A real account ends demo mode.
      for (const demoId of registry.dropDemo()) {
        await pool.drop(demoId);
        statuses.forget(demoId);
        bus.publish('account.removed', { accountId: demoId });
      }
      logger.info('account added', { accountId: record.id, environment: draft.environment, mechanism: record.mechanism });
      announceList();
      return view(find(record.id));
    },

    async addDemo(input) {
      await opened();
      const draft = parseDraft(input);
      const record = recordFromDraft(`demo-${newId()}`, draft);
      registry.addDemo(record, draft.credentials);
      announceList();
      return view(find(record.id));
    },

    async update(input) {
      await opened();
      const update = parseUpdate(input);
      const current = find(update.id).record;
      const baseUrl = update.baseUrl ?? current.baseUrl;
      // Credentials are bound to the origin they were entered for: a new scheme, host or port
      // gets them only if they are entered again in the same change.
      const originChanged = credentialOrigin(baseUrl) !== credentialOrigin(current.baseUrl);
      const dropCredentials = originChanged && !update.credentials;
      const dropped = dropCredentials
        ? m.core_account_address_changed({ origin: credentialOrigin(baseUrl) ?? baseUrl })
        : null;
      const connectionChanged = update.credentials !== undefined || baseUrl !== current.baseUrl;
      // A change that brings no credentials cannot make an account without any usable.
      const stillWithout = !update.credentials && !find(update.id).credentialsSet;
      const next = {
        ...current,
        name: update.name ?? current.name,
        environment: update.environment ?? current.environment,
        baseUrl,
        access: update.access ?? current.access,
        mechanism: update.credentials?.mechanism ?? current.mechanism,
        needsCredentials: dropped ?? (stillWithout ? (current.needsCredentials ?? m.core_account_no_credentials()) : connectionChanged ? null : current.needsCredentials),
      };
      // No client may outlive the old address or credentials, even if the change fails below.
      await pool.drop(update.id);
      await registry.update(next, { credentials: update.credentials, dropCredentials });
      if (dropped) {
        logger.warn('base URL origin changed without credentials; stored credentials deleted', { accountId: update.id });
        setStatus(update.id, 'needs-credentials', dropped);
      } else if (stillWithout) {
        setStatus(update.id, 'needs-credentials', next.needsCredentials);
      } else if (connectionChanged) {
        // New credentials or a new address: whatever was known no longer holds, and calls flow again.
        setStatus(update.id, 'unknown', null);
      }
      announceList();
      return view(find(update.id));
    },

    async remove(id) {
      await opened();
      find(id);
      const notes = await runBeforeRemove(id);
      // Throws, with the account still listed, when the removal cannot be made durable.
      await registry.remove(id);
      await pool.drop(id);
      statuses.forget(id);
      logger.info('account removed', { accountId: id });
      bus.publish('account.removed', { accountId: id });
      announceList();
      return { notes };
    },

    onBeforeRemove(step) {
      beforeRemove.add(step);
      return () => void beforeRemove.delete(step);
    },

    async test(id) {
      await opened();
      const entry = find(id);
      const credentials = await registry.credentials(id);
      if (!credentials) {
        return { ok: false, diagnosis: 'bad-credentials', message: m.core_account_no_credentials_test(), detectedAccess: null, latencyMs: null };
      }
      const generation = pool.generation(id);
      const result = await diagnose({ baseUrl: entry.record.baseUrl, access: entry.record.access, credentials }, { clock, logger, dispatcher, timeouts: deps.clientOptions?.timeouts });
      // The account changed (or went) while the test ran: the result is about what it was.
      if (registry.find(id) === undefined || pool.generation(id) !== generation) return result;
      await applyDiagnosis(id, result);
      return result;
    },

    async testDraft(input) {
      assertOpen();
      // A report, not an invalid-input error: the form shows it where the test result goes.
      const urlProblem = typedBaseUrlProblem(input);
      if (urlProblem) return { ok: false, diagnosis: 'bad-url', message: urlProblem, detectedAccess: null, latencyMs: null };
      const draft = parseDraft(input);
      registerSecret(logger, draft.credentials.mechanism === 'api-key' ? draft.credentials.apiKey : draft.credentials.clientSecret);
      return diagnose(draft, { clock, logger, dispatcher, timeouts: deps.clientOptions?.timeouts });
    },

    async client(id) {
      await opened();
      const entry = find(id);
      const state = statuses.get(id);
      if (state.status === 'needs-credentials') {
        // The status may have been said earlier in another language: only a fresh sentence names its language.
        if (state.message === null) throw saidError('needs-credentials', m.core_account_refused_continue());
        throw new AppError('needs-credentials', state.message);
      }
      const existing = pool.current(id);
      if (existing) return existing;
      const urlProblem = baseUrlProblem(entry.record.baseUrl);
      if (urlProblem) throw saidError('invalid-input', m.core_account_address_unusable({ problem: urlProblem }));
      const generation = pool.generation(id);
      const credentials = await registry.credentials(id);
      // Concurrent callers all waited on the secret store: the first to come back builds the
      // client and the rest share it, so they also share one token exchange. If the account
      // changed meanwhile, start over with what it is now.
      if (registry.find(id)?.record !== entry.record || pool.generation(id) !== generation) return service.client(id);
      const built = pool.current(id);
      if (built) return built;
      if (!credentials) {
        setStatus(id, 'needs-credentials', m.core_account_no_credentials());
        throw saidError('needs-credentials', m.core_account_no_credentials_continue());
      }
      return createClient(entry, credentials);
    },

    unreadable: async () => {
      await ready;
      return registry.unreadable();
    },

    async close() {
      if (closed) return;
      closed = true;
      await ready.catch(() => undefined);
      await pool.closeAll();
      if (ownsDispatcher) await dispatcher.close();
    },
  };

  /**
   * Each step in turn while the account's client still exists. A step that fails or takes
   * longer than its bound is noted and left behind: nothing may keep an account from going.
   */
  async function runBeforeRemove(id: string): Promise<string[]> {
    const notes: string[] = [];
    const bound = deps.beforeRemoveMs ?? BEFORE_REMOVE_MS;
    for (const step of [...beforeRemove]) {
      const stop = new AbortController();
      // Wall time, not the clock port: a test's clock that skips ahead would cut every step short.
      const timedOut = delay(bound, 'timeout' as const, { signal: stop.signal }).catch(() => 'stopped' as const);
      try {
        const outcome = await Promise.race([step.run(id, stop.signal), timedOut]);
        if (outcome === 'timeout') {
          logger.warn('an about-to-remove step took too long; the account is removed without it', { accountId: id, step: step.what, waitedMs: bound });
          notes.push(m.core_remove_step_slow({ step: step.what, seconds: Math.round(bound / 1000) }));
        } else if (outcome) {
          notes.push(outcome);
        }
      } catch (error) {
        logger.warn('an about-to-remove step failed; the account is removed anyway', { accountId: id, step: step.what, error: errorText(error) });
        notes.push(m.core_remove_step_failed({ step: step.what, cause: errorText(error) }));
      } finally {
        stop.abort();
      }
    }
    return notes;
  }

  async function applyDiagnosis(id: string, result: ConnectionReport): Promise<void> {
    if (result.diagnosis === 'bad-credentials') {
      await pool.drop(id);
      setStatus(id, 'needs-credentials', result.message);
    } else if (result.diagnosis === 'unreachable') {
      setStatus(id, 'unreachable', result.message);
    } else if (result.diagnosis === 'server-error') {
      setStatus(id, 'service-error', result.message);
    } else if (result.diagnosis === 'ok' || result.diagnosis === 'wrong-key-kind') {
      // The credentials work again (revoked ones may have been restored): let calls flow.
      if (statuses.get(id).status === 'needs-credentials') await pool.drop(id);
      setStatus(id, 'ok', null);
    }
  }

  return service;
}

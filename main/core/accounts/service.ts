import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { AccountDraft, AccountStatus, AccountUpdate, AccountView, Credentials } from '../../../preload/contract';
import { AccountDraft as AccountDraftSchema, AccountUpdate as AccountUpdateSchema } from '../../../preload/contract';
import { createAgent, createQuotingClient } from '../api/index';
import type { ClosableQuotingClient } from '../api/index';
import { ApiError, NetworkError, TimeoutError } from '../api/errors';
import type { RetryPolicy } from '../api/retry';
import type { Timeouts } from '../api/transport';
import { AppError } from '../errors';
import { createSilentLogger, registerSecret } from '../log/logger';
import type { Clock, Logger, SecretStore, SettingsStore } from '../ports';
import { systemClock } from '../ports';
import { checkUrl, diagnose } from './diagnose';
import { loadAccounts, parseStoredCredentials, saveAccounts, secretName } from './records';
import type { StoredAccount } from './records';
import type { AccountsEvent, AccountsService } from './types';

export interface AccountsServiceDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  clock?: Clock;
  logger?: Logger;
  clientOptions?: {
    timeouts?: Partial<Timeouts>;
    retry?: Partial<RetryPolicy>;
    /** Shared by every account's client; the service makes (and closes) its own otherwise. */
    dispatcher?: Dispatcher;
    refreshMarginMs?: number;
  };
  /** Account ids; random UUIDs unless a test pins them. */
  newId?: () => string;
}

interface Entry {
  record: StoredAccount;
  demo: boolean;
  /** Demo accounts live in memory only, credentials included. */
  demoCredentials: Credentials | null;
  credentialsSet: boolean;
  status: AccountStatus;
  statusMessage: string | null;
  client: ClosableQuotingClient | null;
  /** Bumped whenever the client is replaced, so a stale client's reports are ignored. */
  generation: number;
}

export function createAccountsService(deps: AccountsServiceDeps): AccountsService {
  const { settings, secrets } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createSilentLogger();
  const newId = deps.newId ?? randomUUID;
  const dispatcher = deps.clientOptions?.dispatcher ?? createAgent(deps.clientOptions?.timeouts);
  const ownsDispatcher = !deps.clientOptions?.dispatcher;
  const entries = new Map<string, Entry>();
  const listeners = new Set<(event: AccountsEvent) => void>();
  let closed = false;

  const ready = (async () => {
    for (const record of loadAccounts(settings, logger, new Date(clock.now()).toISOString())) {
      let credentialsSet = false;
      try {
        credentialsSet = (await secrets.get(secretName(record.id))) !== null;
      } catch (error) {
        logger.error('credentials could not be read', { accountId: record.id, error: errorText(error) });
      }
      entries.set(record.id, {
        record,
        demo: false,
        demoCredentials: null,
        credentialsSet,
        status: record.needsCredentials !== null || !credentialsSet ? 'needs-credentials' : 'unknown',
        statusMessage: record.needsCredentials ?? (credentialsSet ? null : 'No credentials are stored for this account.'),
        client: null,
        generation: 0,
      });
    }
  })();

  function view(entry: Entry): AccountView {
    const { record } = entry;
    return {
      id: record.id,
      name: record.name,
      environment: record.environment,
      baseUrl: record.baseUrl,
      mechanism: record.mechanism,
      access: record.access,
      credentialsSet: entry.credentialsSet,
      status: entry.status,
      statusMessage: entry.statusMessage,
      demo: entry.demo,
    };
  }

  const views = () => [...entries.values()].map(view);

  function emit(event: AccountsEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('an accounts listener failed', { error: errorText(error) });
      }
    }
  }
  const emitChanged = () => emit({ type: 'changed', accounts: views() });

  function persist(): void {
    saveAccounts(settings, [...entries.values()].filter((entry) => !entry.demo).map((entry) => entry.record));
  }

  function setStatus(entry: Entry, status: AccountStatus, message: string | null): void {
    if (entry.status === status && entry.statusMessage === message) return;
    entry.status = status;
    entry.statusMessage = message;
    const needsCredentials = status === 'needs-credentials' ? message : null;
    if (!entry.demo && entry.record.needsCredentials !== needsCredentials) {
      entry.record = { ...entry.record, needsCredentials };
      persist();
    }
    emit({ type: 'status', accountId: entry.record.id, status, message });
    emitChanged();
  }

  async function dropClient(entry: Entry): Promise<void> {
    entry.generation += 1;
    const client = entry.client;
    entry.client = null;
    await client?.close();
  }

  function find(id: string): Entry {
    const entry = entries.get(id);
    if (!entry) throw new AppError('account-not-found', 'This account does not exist (it may have been removed).');
    return entry;
  }

  async function credentialsOf(entry: Entry): Promise<Credentials | null> {
    if (entry.demo) return entry.demoCredentials;
    return parseStoredCredentials(await secrets.get(secretName(entry.record.id)));
  }

  function buildClient(entry: Entry, credentials: Credentials): ClosableQuotingClient {
    const generation = entry.generation;
    const current = () => entries.get(entry.record.id) === entry && entry.generation === generation;
    return createQuotingClient({
      baseUrl: entry.record.baseUrl,
      credentials,
      clock,
      logger,
      dispatcher,
      timeouts: deps.clientOptions?.timeouts,
      retry: deps.clientOptions?.retry,
      refreshMarginMs: deps.clientOptions?.refreshMarginMs,
      observer: {
        // Once the credentials were refused, only new credentials (or a passing test) clear
        // that: a late answer to a call made before the refusal must not.
        onSuccess: () => {
          if (current() && entry.status !== 'needs-credentials') setStatus(entry, 'ok', null);
        },
        onFailure: (error) => {
          if (current() && entry.status !== 'needs-credentials' && (error instanceof NetworkError || error instanceof TimeoutError)) {
            setStatus(entry, 'unreachable', error.message);
          }
        },
      },
      onCredentialsRefused: (error) => {
        if (!current()) return;
        const request = error.cause instanceof ApiError ? { endpoint: error.cause.endpoint, status: error.cause.status } : {};
        logger.warn('credentials refused; calls stop until new ones are entered', { accountId: entry.record.id, baseUrl: entry.record.baseUrl, ...request });
        setStatus(entry, 'needs-credentials', error.message);
      },
    });
  }

  async function storeCredentials(id: string, credentials: Credentials): Promise<void> {
    registerSecret(logger, credentials.mechanism === 'api-key' ? credentials.apiKey : credentials.clientSecret);
    await secrets.set(secretName(id), JSON.stringify(credentials));
  }

  function recordFrom(id: string, draft: AccountDraft): StoredAccount {
    return {
      id,
      name: draft.name,
      environment: draft.environment,
      baseUrl: draft.baseUrl,
      mechanism: draft.credentials.mechanism,
      access: draft.access,
      needsCredentials: null,
    };
  }

  function newEntry(record: StoredAccount, demoCredentials: Credentials | null): Entry {
    return { record, demo: demoCredentials !== null, demoCredentials, credentialsSet: true, status: 'unknown', statusMessage: null, client: null, generation: 0 };
  }

  function assertOpen(): void {
    if (closed) throw new AppError('internal', 'The accounts service has been closed.');
  }

  const service: AccountsService = {
    async list() {
      await ready;
      return views();
    },

    async add(input) {
      await ready;
      assertOpen();
      const draft = parseInput(AccountDraftSchema, input);
      const id = newId();
      await storeCredentials(id, draft.credentials);
      const entry = newEntry(recordFrom(id, draft), null);
      // A real account ends demo mode.
      for (const demo of [...entries.values()].filter((candidate) => candidate.demo)) {
        entries.delete(demo.record.id);
        await dropClient(demo);
      }
      entries.set(id, entry);
      persist();
      logger.info('account added', { accountId: id, environment: draft.environment, mechanism: entry.record.mechanism });
      emitChanged();
      return view(entry);
    },

    async addDemo(input) {
      await ready;
      assertOpen();
      const draft = parseInput(AccountDraftSchema, input);
      registerSecret(logger, draft.credentials.mechanism === 'api-key' ? draft.credentials.apiKey : draft.credentials.clientSecret);
      const entry = newEntry(recordFrom(`demo-${newId()}`, draft), draft.credentials);
      entries.set(entry.record.id, entry);
      emitChanged();
      return view(entry);
    },

    async update(input) {
      await ready;
      assertOpen();
      const update: AccountUpdate = parseInput(AccountUpdateSchema, input);
      const entry = find(update.id);
      const connectionChanged =
        update.credentials !== undefined ||
        (update.baseUrl !== undefined && update.baseUrl !== entry.record.baseUrl);
      if (update.credentials) {
        if (entry.demo) entry.demoCredentials = update.credentials;
        else await storeCredentials(entry.record.id, update.credentials);
        entry.credentialsSet = true;
      }
      entry.record = {
        ...entry.record,
        name: update.name ?? entry.record.name,
        environment: update.environment ?? entry.record.environment,
        baseUrl: update.baseUrl ?? entry.record.baseUrl,
        access: update.access ?? entry.record.access,
        mechanism: update.credentials?.mechanism ?? entry.record.mechanism,
      };
      await dropClient(entry);
      if (connectionChanged) {
        // New credentials or a new address: whatever was known no longer holds, and calls flow again.
        entry.record = { ...entry.record, needsCredentials: null };
        entry.status = 'unknown';
        entry.statusMessage = null;
        emit({ type: 'status', accountId: entry.record.id, status: 'unknown', message: null });
      }
      if (!entry.demo) persist();
      emitChanged();
      return view(entry);
    },

    async remove(id) {
      await ready;
      assertOpen();
      const entry = find(id);
      entries.delete(id);
      await dropClient(entry);
      if (!entry.demo) {
        persist();
        await secrets.delete(secretName(id));
      }
      logger.info('account removed', { accountId: id });
      emitChanged();
    },

    async test(id) {
      await ready;
      assertOpen();
      const entry = find(id);
      const credentials = await credentialsOf(entry);
      if (!credentials) {
        return { ok: false, diagnosis: 'bad-credentials', message: 'No credentials are stored for this account. Enter them first.', detectedAccess: null, latencyMs: null };
      }
      const result = await diagnose({ baseUrl: entry.record.baseUrl, access: entry.record.access, credentials }, { clock, logger, dispatcher, timeouts: deps.clientOptions?.timeouts });
      if (entries.get(id) !== entry) return result;
      if (result.diagnosis === 'bad-credentials') {
        await dropClient(entry);
        setStatus(entry, 'needs-credentials', result.message);
      } else if (result.diagnosis === 'unreachable') {
        setStatus(entry, 'unreachable', result.message);
      } else if (result.diagnosis === 'ok' || result.diagnosis === 'wrong-key-kind') {
        // The credentials work again (revoked ones may have been restored): let calls flow.
        if (entry.status === 'needs-credentials') await dropClient(entry);
        setStatus(entry, 'ok', null);
      }
      return result;
    },

    async testDraft(input) {
      assertOpen();
      // A report, not an invalid-input error: the form shows it where the test result goes.
      const typedUrl: unknown = (input as { baseUrl?: unknown } | null)?.baseUrl;
      const urlProblem = typeof typedUrl === 'string' ? checkUrl(typedUrl) : null;
      if (urlProblem) return { ok: false, diagnosis: 'bad-url', message: urlProblem, detectedAccess: null, latencyMs: null };
      const draft = parseInput(AccountDraftSchema, input);
      registerSecret(logger, draft.credentials.mechanism === 'api-key' ? draft.credentials.apiKey : draft.credentials.clientSecret);
      return diagnose(draft, { clock, logger, dispatcher, timeouts: deps.clientOptions?.timeouts });
    },

    async client(id) {
      await ready;
      assertOpen();
      const entry = find(id);
      if (entry.status === 'needs-credentials') {
        throw new AppError('needs-credentials', entry.statusMessage ?? "This account's credentials were refused. Enter new credentials to continue.");
      }
      if (entry.client) return entry.client;
      const generation = entry.generation;
      const credentials = await credentialsOf(entry);
      // Concurrent callers all waited on the secret store: the first to come back builds the
      // client and the rest share it, so they also share one token exchange. If the account
      // changed meanwhile, start over with what it is now.
      if (entries.get(id) !== entry || entry.generation !== generation) return service.client(id);
      if (entry.client) return entry.client;
      if (!credentials) {
        entry.credentialsSet = false;
        setStatus(entry, 'needs-credentials', 'No credentials are stored for this account.');
        throw new AppError('needs-credentials', 'No credentials are stored for this account. Enter them to continue.');
      }
      entry.client = buildClient(entry, credentials);
      return entry.client;
    },

    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      await ready.catch(() => undefined);
      for (const entry of entries.values()) await dropClient(entry);
      listeners.clear();
      if (ownsDispatcher) await dispatcher.close();
    },
  };
  return service;
}

function parseInput<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new AppError('invalid-input', `${where}${issue?.message ?? 'invalid account details'}`);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

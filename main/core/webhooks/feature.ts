// Webhooks in the core: the service (receiver, keys, log, inspector, registration), the
// installation's tunnel choice kept in the settings, demo mode's loopback HTTPS tunnel, and
// the views the bridge answers with. Registering a real account is always the person's act.
import { z } from 'zod';
import type { SetTunnelInput, WebhookActivity, WebhookCheck, WebhookDelivery, WebhooksOverview, WebhookStatus } from '../../../preload/contract';
import { WEBHOOK_HEADERS } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import { AppError } from '../errors';
import type { DomainBus } from '../events';
import type { AppPaths, Clock, Logger, SecretStore, SettingsStore } from '../ports';
import type { Recovery } from '../sync/recovery';
import { DetectedChanges } from './detected';
import type { InspectedDelivery } from './inspector';
import type { ProcessWebhook } from './receiver';
import type { RegisterResult } from './registration';
import { startWebhookService } from './service';
import { selfTest } from './self-test';
import { sweepOrphanKeys } from './sweep';
import type { WebhookService } from './service';
import { createCloudflaredTunnel, createLoopbackHttpsTunnel, createManualTunnel, createNoTunnel, findCloudflared } from './tunnels';
import type { LoopbackHttpsTunnel, Tunnel } from './tunnels';

export const TUNNEL_SETTING = 'webhooks.tunnel';
const StoredChoice = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('cloudflared') }),
  z.object({ mode: z.literal('manual'), url: z.string() }),
]);

export interface WebhookFeatureDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  paths: AppPaths;
  accounts: Pick<AccountsService, 'list' | 'get' | 'client' | 'onBeforeRemove' | 'unreadable'>;
  bus: DomainBus;
  clock: Clock;
  logger: Logger;
  process: ProcessWebhook;
  /** The receiver's port (0: any free one). */
  port?: number;
  /** Where to look for cloudflared; tests pass their own. */
  findCloudflared?: () => string | null;
  /** How often every registration is read again (taken over? deleted?). Default 15 minutes. */
  healthCheckMs?: number;
  /** Tells which of sync's changes a catch-up found: the activity marks them "recovered". */
  recovery?: Pick<Recovery, 'active'>;
}

export const HEALTH_CHECK_MS = 15 * 60_000;

export interface WebhookFeature {
  overview(): Promise<WebhooksOverview>;
  setTunnel(choice: SetTunnelInput): Promise<WebhooksOverview>;
  register(accountId: string, confirm: boolean): Promise<RegisterResult>;
  unregister(accountId: string): Promise<void>;
  activity(filter: { accountId?: string; type?: string; limit: number }): Promise<WebhookActivity[]>;
  /** The health's self-test: the registration read again and the public address probed; no event is sent. */
  check(accountId: string): Promise<WebhookCheck>;
  replay(id: number): Promise<string | null>;
  /** Demo mode: deliveries over loopback HTTPS, whose certificate the embedded service is told to trust; demo accounts register by themselves. */
  useDemoTunnel(trustCertificate: (pem: string) => void): Promise<void>;
  /** After sleep: every registration is read again (taken over? deleted?). */
  checkAll(): Promise<void>;
  /** Every new inspector entry, and each entry again once its processing ended. */
  onActivity(listener: (entry: WebhookActivity) => void): () => void;
  /** Drops an account's keys and activity here without asking the service (demo accounts at close). */
  forgetLocally(accountId: string): Promise<void>;
  /** Resolves once every registration the tunnel's origin changes caused has ended. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function createWebhookFeature(deps: WebhookFeatureDeps): WebhookFeature {
  const { settings, bus, logger } = deps;
  const locate = deps.findCloudflared ?? (() => findCloudflared());
  const activityListeners = new Set<(entry: WebhookActivity) => void>();
  const tell = (delivery: InspectedDelivery) => {
    for (const listener of [...activityListeners]) listener(activityView(delivery));
  };
  let startProblem: string | null = null;
  const started: Promise<WebhookService | null> = startWebhookService({
    secrets: deps.secrets,
    paths: deps.paths,
    clientFor: (accountId) => deps.accounts.client(accountId),
    clock: deps.clock,
    logger,
    port: deps.port,
    process: deps.process,
    onProcessed: (event) => bus.publish('webhook.received', event),
    onHealthChange: (accountId) => bus.publish('webhook.health', { accountId }),
  }).catch((error: unknown) => {
    // Polling still works: the person sees why webhooks do not.
    startProblem = `The webhook receiver did not start: ${error instanceof Error ? error.message : String(error)}`;
    logger.error('webhook receiver did not start', { error: startProblem });
    return null;
  });

  void started.then((running) => running?.inspector.onRecord(tell));
  // Ids shared with the inspector: one sequence for every entry of the activity view.
  const detected = started.then((running) => running && new DetectedChanges(() => running.inspector.reserveId()));
  const tellDetected = (entry: WebhookActivity) => {
    for (const listener of [...activityListeners]) listener(entry);
  };
  const swept: Promise<unknown> = started
    .then((running) => running && sweepOrphanKeys({ secrets: deps.secrets, keyring: running.keyring, accounts: deps.accounts, logger }))
    .catch((error: unknown) => logger.warn('webhook keys of removed accounts could not be swept', { error: String(error) }));

  let tunnel: Tunnel = createNoTunnel();
  let stopFollowing: () => void = () => undefined;
  let demoTunnel: LoopbackHttpsTunnel | null = null;
  let switching: Promise<unknown> = Promise.resolve();

  const service = async (): Promise<WebhookService> => {
    const running = await started;
    if (!running) throw new AppError('internal', startProblem ?? 'The webhook receiver is not running.');
    return running;
  };
  const storedChoice = (): SetTunnelInput => {
    const parsed = StoredChoice.safeParse(settings.get(TUNNEL_SETTING));
    return parsed.success ? parsed.data : { mode: 'none' };
  };

  async function use(next: Tunnel): Promise<void> {
    const running = await service();
    stopFollowing();
    stopFollowing = () => undefined;
    await tunnel.stop().catch((error: unknown) => logger.warn('the previous tunnel did not stop cleanly', { error: String(error) }));
    tunnel = createNoTunnel();
    await next.start();
    const stopRegistering = running.registration.follow(next);
    const stopWatchingRestarts = watchRestarts(next, running);
    stopFollowing = () => {
      stopRegistering();
      stopWatchingRestarts();
    };
    // The status names the new tunnel only once the registration has taken its origin.
    await running.registration.settled();
    tunnel = next;
    // '' : every account (the public URL of each moved).
    bus.publish('webhook.health', { accountId: '' });
  }

  /**
   * A tunnel that went down and came back, or whose public URL moved, lost the deliveries sent
   * meanwhile: once the registration follows, 'webhook.reconnected' asks sync to catch up.
   */
  function watchRestarts(next: Tunnel, running: WebhookService): () => void {
    let seen = next.publicOrigin();
    let down = false;
    return next.onChange((origin) => {
      if (origin === null) {
        down ||= seen !== null;
        return;
      }
      const restarted = down || (seen !== null && seen !== origin);
      seen = origin;
      down = false;
      if (!restarted) return;
      void running.registration.settled().then(() => bus.publish('webhook.reconnected', { origin }));
    });
  }

  function tunnelFor(choice: SetTunnelInput, port: number): Tunnel {
    if (choice.mode === 'manual') {
      try {
        return createManualTunnel(choice.url);
      } catch (error) {
        // parsePublicOrigin's words say what to change (no user name, no ? or #).
        throw new AppError('invalid-input', error instanceof Error ? error.message : String(error));
      }
    }
    if (choice.mode === 'cloudflared') {
      const command = locate();
      if (!command) throw new AppError('invalid-input', 'cloudflared was not found on PATH: install it, or enter the public address of another tunnel.');
      return createCloudflaredTunnel({ command, localPort: port, logger });
    }
    return createNoTunnel();
  }

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = switching.then(work, work);
    switching = next.catch(() => undefined);
    return next;
  };

  // The saved choice takes effect at start (demo mode replaces it while it runs).
  const initial = started.then(async (running) => {
    if (!running) return;
    try {
      await use(tunnelFor(storedChoice(), running.port));
    } catch (error) {
      logger.warn('the saved tunnel could not start', { error: error instanceof Error ? error.message : String(error) });
    }
  });
  switching = initial;

  // One pass at a time: each demo account added publishes 'accounts.changed', and two
  // overlapping passes would register the same account twice (rotating its secret for nothing).
  let demoPass: Promise<void> = Promise.resolve();
  const registerDemoAccounts = (): Promise<void> => {
    demoPass = demoPass.then(async () => {
      if (!demoTunnel) return;
      const running = await service();
      const accounts = await deps.accounts.list();
      // None yet: the demo accounts are being added.
      if (accounts.length > 0 && !accounts.some((account) => account.demo)) {
        // Demo mode ended (a real account replaced it): a real service must never get a loopback URL.
        await serially(async () => {
          demoTunnel = null;
          await use(tunnelFor(storedChoice(), running.port));
        });
        return;
      }
      const registered = new Set(running.keyring.registeredAccounts());
      for (const account of accounts) {
        if (!account.demo || registered.has(account.id)) continue;
        await running.registration.register(account.id, true).catch((error: unknown) => logger.warn('a demo account could not register its webhook', { accountId: account.id, error: String(error) }));
      }
    }).catch((error: unknown) => logger.warn('demo webhooks could not follow the accounts', { error: String(error) }));
    return demoPass;
  };
  // Another installation can take a registration over at any time: look now and then.
  const stopChecks = new AbortController();
  void (async () => {
    for (;;) {
      try {
        await deps.clock.sleep(deps.healthCheckMs ?? HEALTH_CHECK_MS, stopChecks.signal);
      } catch {
        return;
      }
      await (await started)?.registration.checkAll().catch((error: unknown) => logger.warn('webhook registrations could not be checked', { error: String(error) }));
    }
  })();

  const stopWatching = [
    bus.subscribe('accounts.changed', () => void registerDemoAccounts()),
    // What sync found (not the first fill): the source is read now, while the store happens.
    bus.subscribe('quotes.stored', ({ accountId, source, baseline, quotes }) => {
      if (source !== 'sync' || baseline) return;
      const marked = deps.recovery?.active(accountId) ? 'recovered' : 'sync';
      const at = deps.clock.now();
      void detected.then((log) => {
        for (const entry of log?.record(accountId, marked, at, quotes) ?? []) tellDetected(entry);
      });
    }),
    // While the account's client still exists: our registration at the service goes first.
    deps.accounts.onBeforeRemove({ what: 'Deleting the webhook registration at the service', run: (accountId) => deleteBeforeRemoval(accountId) }),
    // Then its keys, inspector entries and health go with it.
    bus.subscribe('account.removed', ({ accountId }) => {
      void detected.then((log) => log?.forget(accountId));
      void started.then((running) => running?.registration.forget(accountId)).catch((error: unknown) => logger.warn('webhook keys of a removed account could not be deleted; swept at next start', { accountId, error: String(error) }));
    }),
  ];

  /** A registration pointing at us is deleted; a failure is said, never thrown: the account goes anyway. */
  async function deleteBeforeRemoval(accountId: string): Promise<string | null> {
    const running = await started;
    if (!running || !running.registration.hasOwnRegistration(accountId)) return null;
    try {
      const result = await running.registration.unregister(accountId);
      return result === 'deleted' ? 'Its webhook registration was deleted at the service.' : null;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      logger.warn('webhook registration could not be deleted with the account', { accountId, error: why });
      return `Its webhook registration could not be deleted at the service (${why}). The service keeps sending to an address that now refuses every delivery, until the registration is deleted or replaced with this API key.`;
    }
  }

  async function overview(): Promise<WebhooksOverview> {
    const running = await started;
    const choice = storedChoice();
    const accounts = await deps.accounts.list();
    const statuses: WebhookStatus[] = [];
    if (running) {
      for (const account of accounts) {
        const health = await running.registration.health(account.id);
        statuses.push({
          accountId: account.id,
          mode: tunnel.kind,
          publicUrl: health.publicUrl,
          localUrl: await running.localUrlFor(account.id),
          registeredUrl: health.registeredUrl,
          state: health.state,
          takenOver: health.state === 'taken-over',
          lastVerifiedAt: health.lastVerifiedAt,
          lastCheckedAt: health.lastCheckedAt,
          signatureFailures: health.signatureFailures,
          problem: health.problem,
        });
      }
    }
    return { mode: tunnel.kind, manualUrl: choice.mode === 'manual' ? choice.url : null, cloudflaredAvailable: locate() !== null, problem: startProblem, accounts: statuses };
  }


  return {
    overview,
    setTunnel: (choice) =>
      serially(async () => {
        const running = await service();
        const next = tunnelFor(choice, running.port);
        settings.set(TUNNEL_SETTING, choice);
        demoTunnel = null;
        await use(next);
        return overview();
      }),
    register: async (accountId, confirm) => {
      await deps.accounts.get(accountId);
      await switching;
      const running = await service();
      if (running.registration.publicOrigin() === null) throw new AppError('invalid-state', 'Choose how deliveries reach this computer first (a public https address or cloudflared).');
      return running.registration.register(accountId, confirm);
    },
    unregister: async (accountId) => {
      await deps.accounts.get(accountId);
      await (await service()).registration.unregister(accountId);
    },
    activity: async ({ accountId, type, limit }) => {
      const running = await service();
      const log = await detected;
      const ids = accountId ? [accountId] : (await deps.accounts.list()).map((account) => account.id);
      const entries: WebhookActivity[] = ids.flatMap((id) => [...running.inspector.list(id, { type, limit }).map(activityView), ...(log?.list(id, { type, limit }) ?? [])]);
      // Deliveries read back from the log at start were numbered after later sync entries: time first.
      return entries.sort((a, b) => b.receivedAt - a.receivedAt || b.id - a.id).slice(0, limit);
    },
    check: async (accountId) => {
      await deps.accounts.get(accountId);
      await switching;
      const running = await service();
      return selfTest({ registration: running.registration, inspector: running.inspector, clock: deps.clock, trustedCertificate: () => demoTunnel?.certificate() ?? null }, accountId);
    },
    replay: async (id) => {
      const running = await service();
      try {
        return await running.receiver.replay(id);
      } catch (error) {
        throw new AppError('invalid-input', error instanceof Error ? error.message : String(error));
      }
    },
    useDemoTunnel: (trustCertificate) =>
      serially(async () => {
        const running = await service();
        if (!demoTunnel) {
          const next = createLoopbackHttpsTunnel({ targetPort: running.port, logger });
          demoTunnel = next;
          await use(next);
        }
        trustCertificate(demoTunnel.certificate()!);
        await running.registration.settled();
      }).then(() => registerDemoAccounts()),
    checkAll: async () => {
      const running = await started;
      if (running) await running.registration.checkAll();
    },
    onActivity(listener) {
      activityListeners.add(listener);
      return () => void activityListeners.delete(listener);
    },
    forgetLocally: async (accountId) => {
      const running = await started;
      if (!running) return;
      await running.keyring.forget(accountId);
      running.inspector.forget(accountId);
      (await detected)?.forget(accountId);
    },
    settled: async () => {
      await swept;
      await switching;
      await demoPass;
      await (await started)?.registration.settled();
    },
    async close() {
      for (const stop of stopWatching) stop();
      stopChecks.abort();
      await swept;
      await demoPass;
      await switching;
      stopFollowing();
      await tunnel.stop().catch(() => undefined);
      await (await started)?.close();
    },
  };
}

/** An inspector entry for the activity view: the signature's value stays in main. */
export function activityView(delivery: InspectedDelivery): WebhookDelivery {
  const headers = { ...delivery.headers };
  const detail = delivery.signature.ok ? `verified (${delivery.signature.secret} secret)` : `refused: ${delivery.signature.reason}`;
  if (WEBHOOK_HEADERS.signature in headers) headers[WEBHOOK_HEADERS.signature] = `(${delivery.signature.ok ? 'verified' : 'refused'})`;
  return {
    source: 'webhook',
    id: delivery.id,
    accountId: delivery.accountId,
    receivedAt: delivery.receivedAt,
    event: delivery.event,
    headers,
    body: delivery.body === null ? null : delivery.body.toString('utf8'),
    signature: { ok: delivery.signature.ok, detail },
    dedupe: delivery.dedupe,
    status: delivery.status,
    caused: delivery.caused,
  };
}

// Webhooks in the core, put together: the service (receiver, keys, log, inspector,
// registration), the tunnel in use, demo mode's webhooks, the activity view, and the answers
// the bridge gives. Registering a real account is always the person's act.
import type { SetTunnelInput, WebhookActivity, WebhookCheck, WebhooksOverview, WebhookStatus } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import { AppError, errorText } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { DomainBus } from '../events';
import type { AppPaths, Clock, Logger, SecretStore, SettingsStore } from '../ports';
import type { Recovery } from '../sync/recovery';
import { createActivityFeed } from './activity-feed';
import { createDemoWebhooks } from './demo-webhooks';
import type { ProcessWebhook } from './receiver';
import type { RegisterResult } from './registration';
import { startWebhookService } from './service';
import { selfTest } from './self-test';
import { sweepOrphanKeys } from './sweep';
import type { RelayedEntry, WebhookService } from './service';
import { isPortUnavailable, portRefusedWords, portTakenWords, savedReceiverPort, saveReceiverPort } from './receiver-port';
import { savedTunnelChoice, TUNNEL_SETTING, tunnelForChoice } from './tunnel-choice';
import type { TunnelChoice } from './tunnel-choice';
import { createTunnelSwitch } from './tunnel-switch';
import { findCloudflared } from './tunnels';

export interface WebhooksDeps {
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

/** Why nothing is registered from here while the team relay is the choice. */
export const RELAY_REGISTERS =
  'This computer gets the key’s events through the team relay, which holds the key’s one webhook registration: registering here would take the deliveries away from the relay for the whole team. Choose another way in “How deliveries reach this computer” first.';

export interface Webhooks {
  overview(): Promise<WebhooksOverview>;
  setTunnel(choice: SetTunnelInput): Promise<WebhooksOverview>;
  /**
   * The team relay was chosen (its server saved by the relay itself): the tunnel stops and
   * nothing is registered from here, since a URL of this installation's own would take the
   * key's deliveries away from the relay, for the whole team.
   */
  useRelay(): Promise<WebhooksOverview>;
  /** Whether the saved choice is the team relay (the relay runs only then). */
  relayChosen(): boolean;
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
  /**
   * An event that came through the team relay (main/core/webhooks/relay), once processed: listed in
   * Activity like a delivery, its header saying so, and kept in the event log (on disk before
   * this resolves), so "via relay" and "caught up" are still there after a restart.
   */
  recordRelayed(entry: RelayedEntry): Promise<void>;
  /** Resolves once every registration the tunnel's origin changes caused has ended. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function createWebhooks(deps: WebhooksDeps): Webhooks {
  const { settings, bus, logger } = deps;
  const locate = deps.findCloudflared ?? (() => findCloudflared());
  let startProblem: string | null = null;
  // A port given by the host (tests, benchmarks) is used as it is; otherwise the one chosen at
  // the first start, kept in the settings so a manual tunnel's target does not move.
  const savedPort = deps.port === undefined ? savedReceiverPort(settings) : null;
  /** The remembered port another program held at start (the receiver uses a stand-in), until the person decides. */
  let unavailablePort: number | null = null;
  const started: Promise<WebhookService | null> = startWebhookService({
    secrets: deps.secrets,
    paths: deps.paths,
    clientFor: (accountId) => deps.accounts.client(accountId),
    clock: deps.clock,
    logger,
    port: deps.port ?? savedPort ?? 0,
    fallBackToFreePort: savedPort !== null,
    process: deps.process,
    onProcessed: (event) => bus.publish('webhook.received', event),
    onHealthChange: (accountId) => bus.publish('webhook.health', { accountId }),
  }).then(
    (running) => {
      if (deps.port === undefined && savedPort === null) saveReceiverPort(settings, running.port, logger);
      unavailablePort = running.unavailablePort;
      return running;
    },
  ).catch((error: unknown) => {
    // Polling still works: the person sees why webhooks do not.
    startProblem = `The webhook receiver did not start: ${errorText(error)}`;
    logger.error('webhook receiver did not start', { error: startProblem });
    return null;
  });

  const feed = createActivityFeed({ inspector: started.then((running) => running?.inspector ?? null), bus, clock: deps.clock, recovery: deps.recovery });
  const swept: Promise<unknown> = started
    .then((running) => running && sweepOrphanKeys({ secrets: deps.secrets, keyring: running.keyring, accounts: deps.accounts, logger }))
    .catch((error: unknown) => logger.warn('webhook keys of removed accounts could not be swept', { error: String(error) }));

  const service = async (): Promise<WebhookService> => {
    const running = await started;
    if (!running) throw new AppError('internal', startProblem ?? 'The webhook receiver is not running.');
    return running;
  };
  const savedTunnel = (port: number) => tunnelForChoice(savedTunnelChoice(settings), { port, locateCloudflared: locate, logger });
  const tunnels = createTunnelSwitch({ service, bus, logger });
  const demo = createDemoWebhooks({ service, accounts: deps.accounts, tunnels, savedTunnel, logger });

  // The saved choice takes effect at start (demo mode replaces it while it runs).
  void tunnels.serially(async () => {
    const running = await started;
    if (!running) return;
    try {
      await tunnels.use(savedTunnel(running.port));
    } catch (error) {
      logger.warn('the saved tunnel could not start', { error: errorText(error) });
    }
  });

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
    bus.subscribe('accounts.changed', () => void demo.followAccounts()),
    () => feed.stop(),
    // While the account's client still exists: our registration at the service goes first.
    // A getter: said when the removal reports the step, in the language of that moment.
    deps.accounts.onBeforeRemove({ get what() { return m.core_webhook_remove_step(); }, run: (accountId) => deleteBeforeRemoval(accountId) }),
    // Then its keys, inspector entries and health go with it.
    bus.subscribe('account.removed', ({ accountId }) => {
      void feed.forget(accountId);
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
      const why = errorText(error);
      logger.warn('webhook registration could not be deleted with the account', { accountId, error: why });
      return `Its webhook registration could not be deleted at the service (${why}). The service keeps sending to an address that now refuses every delivery, until the registration is deleted or replaced with this API key.`;
    }
  }

  /** The person's port: the receiver moves there (or stays, keeping a stand-in), and it is remembered. */
  async function usePort(running: WebhookService, port: number): Promise<void> {
    if (port !== running.port) {
      try {
        await running.moveTo(port);
      } catch (error) {
        if (isPortUnavailable(error)) throw new AppError('invalid-input', portRefusedWords(port, error));
        throw error;
      }
    }
    unavailablePort = null;
    saveReceiverPort(settings, port, logger);
  }

  /** Saves the person's choice and switches to its tunnel (none for the team relay). */
  function choose(choice: TunnelChoice): Promise<WebhooksOverview> {
    return tunnels.serially(async () => {
      const running = await service();
      if (choice.mode === 'manual' && choice.port !== undefined) await usePort(running, choice.port);
      const next = tunnelForChoice(choice, { port: running.port, locateCloudflared: locate, logger });
      settings.set(TUNNEL_SETTING, choice);
      demo.tunnelReplaced();
      await tunnels.use(next, { chosen: true });
      return overview();
    });
  }

  async function overview(): Promise<WebhooksOverview> {
    const running = await started;
    const choice = savedTunnelChoice(settings);
    const accounts = await deps.accounts.list();
    const statuses: WebhookStatus[] = [];
    if (running) {
      for (const account of accounts) {
        const health = await running.registration.health(account.id);
        statuses.push({
          accountId: account.id,
          mode: tunnels.kind(),
          publicUrl: health.publicUrl,
          localUrl: await running.localUrlFor(account.id),
          registeredUrl: health.registeredUrl,
          state: health.state,
          takenOver: health.state === 'taken-over',
          lastVerifiedAt: health.lastVerifiedAt,
          lastCheckedAt: health.lastCheckedAt,
          signatureFailures: health.signatureFailures,
          problem: health.problem,
          error: health.error ?? null,
        });
      }
    }
    const receiver = {
      port: running?.port ?? null,
      unavailable: running ? unavailablePort : null,
      problem: running && unavailablePort !== null ? portTakenWords(unavailablePort, running.port) : null,
    };
    // Demo mode's own tunnel, while it runs, comes before the saved choice.
    const mode = choice.mode === 'relay' && tunnels.kind() === 'none' ? 'relay' : tunnels.kind();
    return { mode, manualUrl: choice.mode === 'manual' ? choice.url : null, cloudflaredAvailable: locate() !== null, problem: startProblem, receiver, accounts: statuses };
  }

  return {
    overview,
    setTunnel: (choice) => choose(choice),
    useRelay: () => choose({ mode: 'relay' }),
    relayChosen: () => savedTunnelChoice(settings).mode === 'relay',
    register: async (accountId, confirm) => {
      await deps.accounts.get(accountId);
      await tunnels.settled();
      if (savedTunnelChoice(settings).mode === 'relay') throw new AppError('invalid-state', RELAY_REGISTERS);
      const running = await service();
      if (running.registration.publicOrigin() === null) throw new AppError('invalid-state', 'Choose how deliveries reach this computer first (a public https address or cloudflared).');
      return running.registration.register(accountId, confirm);
    },
    unregister: async (accountId) => {
      await deps.accounts.get(accountId);
      await (await service()).registration.unregister(accountId);
    },
    activity: async ({ accountId, type, limit }) => {
      await service();
      const ids = accountId ? [accountId] : (await deps.accounts.list()).map((account) => account.id);
      return feed.list(ids, { type, limit });
    },
    check: async (accountId) => {
      await deps.accounts.get(accountId);
      await tunnels.settled();
      const running = await service();
      return selfTest({ registration: running.registration, inspector: running.inspector, clock: deps.clock, trustedCertificate: () => demo.certificate() }, accountId);
    },
    replay: async (id) => {
      const running = await service();
      try {
        return await running.receiver.replay(id);
      } catch (error) {
        throw new AppError('invalid-input', errorText(error));
      }
    },
    useDemoTunnel: (trustCertificate) => demo.start(trustCertificate),
    checkAll: async () => {
      const running = await started;
      if (running) await running.registration.checkAll();
    },
    onActivity: (listener) => feed.onActivity(listener),
    forgetLocally: async (accountId) => {
      const running = await started;
      if (!running) return;
      await running.keyring.forget(accountId);
      running.inspector.forget(accountId);
      await feed.forget(accountId);
    },
    recordRelayed: async (entry) => {
      // Without a running receiver there is no log either: the event was processed all the same.
      await (await started)?.recordRelayed(entry);
    },
    settled: async () => {
      await swept;
      await tunnels.settled();
      await demo.settled();
      await (await started)?.registration.settled();
    },
    async close() {
      for (const stop of stopWatching) stop();
      stopChecks.abort();
      await swept;
      await demo.settled();
      await tunnels.settled();
      await tunnels.stop();
      await (await started)?.close();
    },
  };
}

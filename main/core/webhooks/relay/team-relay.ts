// The app as a team relay subscriber: a durable consumer of its own (one per installation),
// each relayed event fed to the same processing as a local delivery (the webhook pipeline:
// cache, notifications, activity) and acknowledged only once that processing is over. When
// the server cannot be reached it says so and sync keeps the inbox current; on its way back
// (after sleep too) it resumes where it stopped, and what it missed is marked "caught up".
// Its server is the team's (Settings → Team, kept once) unless it has one of its own: a
// relay-only installation, or one saved before the two were shared whose server differs.
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { m } from '../../../../i18n/paraglide/messages.js';
import type { Clock, Logger, SecretStore, SettingsStore } from '../../ports';
import type { ReceivedWebhook } from '../events';
import type { ProcessWebhook } from '../receiver';
import { connectToRelayServer, describeNatsError, parseServerUrls } from './connection';
import type { RelayAuth, RelayServer } from './connection';
import { readTeamServer, sameServer } from './team-server';
import { consumerNameProblem, DEFAULT_STREAM, streamNameProblem } from './stream';
import { subscribeToRelay } from './subscriber';
import type { RelayedEvent, RelaySubscription } from './subscriber';
import { saidError } from '../../errors';

/** What the person gives in Settings → Team → Team relay (kept in the secret store, all of it). */
export interface TeamRelayConfig {
  /**
   * The relay's own server, when it is not the team's: a relay-only installation, or one saved
   * before the two were shared that points elsewhere. Absent: the team's server (Settings →
   * Team), read each time the relay connects, so changing the team's changes the relay's.
   */
  url?: string;
  /** The own server's credentials (with `url`). */
  auth?: RelayAuth;
  stream: string;
  /** The account the key's events belong to here. */
  accountId: string;
  /** This installation's durable consumer, when the server's permissions name it; default: a name made once per installation. Never shared by two installations (they would split the events). */
  consumer?: string;
  caPem?: string;
}

export type TeamRelayState = 'off' | 'connecting' | 'connected' | 'unreachable';
/** Whose server the relay uses: the team's (Settings → Team) or one of its own. */
export type TeamRelaySource = 'team' | 'own';

export interface TeamRelayStatus {
  state: TeamRelayState;
  accountId: string | null;
  /** Whose server it uses; null when off. */
  source: TeamRelaySource | null;
  /** The server, without credentials. */
  url: string | null;
  user: string | null;
  stream: string | null;
  /** This installation's durable consumer. */
  consumer: string;
  lastEventAt: number | null;
  /** Why it is not connected, in plain words (sync covers meanwhile). */
  problem: string | null;
}

export interface TeamRelayDeps {
  secrets: SecretStore;
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  /** The webhook pipeline; returns what the event caused. */
  process: ProcessWebhook;
  /**
   * Told after an event was processed, before its ack, which waits for it: the activity's
   * entry, written to the event log. A rejection leaves the event unacknowledged (it comes again).
   */
  onProcessed?: (event: ReceivedWebhook, caused: string, relayed: RelayedEvent) => Promise<void> | void;
  onStatus?: (status: TeamRelayStatus) => void;
  /**
   * Whether the team relay is this installation's choice (Settings → Webhooks). A saved relay
   * that is not (a crash between saving it and choosing it, or between choosing another way
   * and forgetting it) is forgotten at start. Default: always chosen.
   */
  chosen?: () => boolean;
  /** Between attempts to connect while the server is unreachable. Default 5 s. */
  retryMs?: number;
  /** How long before it reached us an event must have been stored to be marked "caught up". Default 10 s. */
  caughtUpAfterMs?: number;
  /** How long a failed event waits before JetStream delivers it again. Default 5 s. */
  retryEventMs?: number;
  /**
   * How long JetStream waits for an acknowledgement before delivering an event again, set when
   * the consumer is made. Default 30 s: what went to a connection that died in sleep comes again after it.
   */
  ackWaitMs?: number;
}

export interface TeamRelay {
  status(): TeamRelayStatus;
  /** Saves (or, with null, forgets) the relay and (re)connects; resolves once the first attempt ended. */
  configure(config: TeamRelayConfig | null): Promise<TeamRelayStatus>;
  /** After sleep or a network change: makes sure the connection is alive, so what was missed arrives now. */
  resumed(): Promise<void>;
  /** Connects to a relay without saving it and says, in plain words, whether it works. */
  test(config: TeamRelayConfig): Promise<{ ok: boolean; message: string }>;
  /**
   * The team's server was saved, changed or forgotten (Settings → Team): a relay on the team's
   * server connects again to the new one, and a relay's own copy equal to it is dropped.
   * Resolves once the first attempt ended.
   */
  teamServerChanged(): Promise<TeamRelayStatus>;
  close(): Promise<void>;
}

export const TEAM_RELAY_SECRET = 'relay:team';
export const CONSUMER_SETTING = 'relay.consumer';
/** An event stored this long before it reached us was sent while this installation was away. */
export const CAUGHT_UP_AFTER_MS = 10_000;
/** How long a ping after resume may take before the connection is made again. */
const RESUME_PING_MS = 3_000;

export function createTeamRelay(deps: TeamRelayDeps): TeamRelay {
  const { clock, logger } = deps;
  // Made on first use (not at every start): one per installation, kept in the settings.
  let consumerCache: string | null = null;
  const installationConsumer = () => (consumerCache ??= consumerName(deps.settings));
  const consumerOf = (given: TeamRelayConfig) => given.consumer ?? installationConsumer();
  let config: TeamRelayConfig | null = null;
  let current: TeamRelayStatus = { state: 'off', accountId: null, source: null, url: null, user: null, stream: null, consumer: '', lastEventAt: null, problem: null };
  let session: { stop: () => Promise<void>; resumed: () => Promise<void> } | null = null;
  let closed = false;
  // Saving, forgetting and following the team's server run one at a time.
  let changes: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = changes.then(work, work);
    changes = next.catch(() => undefined);
    return next;
  };

  /** The server a relay connects to: its own, or the team's as stored now (null: on no team). */
  const serverOf = async (given: TeamRelayConfig): Promise<RelayServer | null> =>
    given.url !== undefined ? { url: given.url, auth: given.auth ?? { kind: 'none' }, ...(given.caPem ? { caPem: given.caPem } : {}) } : readTeamServer(deps.secrets);

  /** A relay's own server that equals the team's is a copy: dropped, the team's is used (and followed) instead. */
  const settled = async (given: TeamRelayConfig): Promise<TeamRelayConfig> => {
    if (given.url === undefined) return given;
    const team = await readTeamServer(deps.secrets);
    const own = await serverOf(given);
    return team && own && sameServer(team, own) ? onTeamServer(given) : given;
  };

  const loaded = serial(async () => {
    const saved = parseConfig(await deps.secrets.get(TEAM_RELAY_SECRET));
    if (saved && deps.chosen && !deps.chosen()) {
      await deps.secrets.delete(TEAM_RELAY_SECRET);
      return;
    }
    if (!saved) return;
    // A relay saved before the team's server was shared: its copy of it goes, a different server stays.
    config = await settled(saved);
    if (config !== saved) await deps.secrets.set(TEAM_RELAY_SECRET, JSON.stringify(config));
    session = run(config, await serverOf(config));
  }).catch((error: unknown) => logger.warn('team relay settings unreadable', { error: String(error) }));

  function set(next: Partial<TeamRelayStatus>): void {
    current = { ...current, ...next };
    deps.onStatus?.(current);
  }

  /** Connects, subscribes, follows the connection; retries while unreachable; stops on request. */
  function run(given: TeamRelayConfig, server: RelayServer | null): { stop: () => Promise<void>; resumed: () => Promise<void>; firstAttempt: Promise<void> } {
    const source: TeamRelaySource = given.url === undefined ? 'team' : 'own';
    const consumer = consumerOf(given);
    if (!server) {
      // On the team's server, and this computer is on no team (it left): nothing to connect to until it joins again or the relay gets a server of its own.
      set({ state: 'unreachable', accountId: given.accountId, source, url: null, user: null, stream: given.stream, consumer, problem: m.team_relay_no_team_server() });
      return { firstAttempt: Promise.resolve(), resumed: async () => undefined, stop: async () => undefined };
    }
    const stopping = new AbortController();
    let nc: NatsConnection | null = null;
    let subscription: RelaySubscription | null = null;
    let firstDone!: () => void;
    const firstAttempt = new Promise<void>((resolve) => (firstDone = resolve));
    set({ state: 'connecting', accountId: given.accountId, source, url: safeUrl(server.url), user: server.auth.kind === 'user' ? server.auth.user : null, stream: given.stream, consumer, problem: null });
    const loop = (async () => {
      while (!stopping.signal.aborted) {
        try {
          nc = await connectToRelayServer(server, { name: `quotedesk-app-${consumer}`, logger, timeoutMs: 5_000 });
          subscription = await subscribeToRelay({ nc, stream: given.stream, consumer, logger, retryDelayMs: deps.retryEventMs, ackWaitMs: deps.ackWaitMs, handle: (event) => handle(given, event) });
          set({ state: 'connected', problem: null });
          firstDone();
          await Promise.race([followStatus(nc, server), subscription.done, nc.closed()]);
        } catch (error) {
          if (!stopping.signal.aborted) set({ state: 'unreachable', problem: unreachable(server, error) });
        } finally {
          firstDone();
          await subscription?.stop().catch(() => undefined);
          await nc?.close().catch(() => undefined);
          subscription = null;
          nc = null;
        }
        await clock.sleep(deps.retryMs ?? 5_000, stopping.signal).catch(() => undefined);
      }
    })();
    return {
      firstAttempt,
      // After sleep a connection can look open and be dead: a ping that gets no answer in time forces a new one.
      resumed: async () => {
        const open = nc;
        if (!open || open.isClosed()) return;
        const answered = await Promise.race([open.flush().then(() => true, () => false), clock.sleep(RESUME_PING_MS).then(() => false)]);
        if (!answered && !open.isClosed()) await open.reconnect().catch(() => undefined);
      },
      stop: async () => {
        stopping.abort();
        await subscription?.stop().catch(() => undefined);
        await nc?.close().catch(() => undefined);
        await loop;
      },
    };
  }

  /** Says "unreachable" while the client reconnects by itself, "connected" once it is back. */
  async function followStatus(nc: NatsConnection, server: RelayServer): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') set({ state: 'unreachable', problem: unreachable(server, new Error('the connection was lost')) });
      if (status.type === 'reconnect') set({ state: 'connected', problem: null });
    }
  }

  async function handle(given: TeamRelayConfig, relayed: RelayedEvent): Promise<void> {
    const event: ReceivedWebhook = { accountId: given.accountId, key: relayed.key, event: relayed.event, data: relayed.data, receivedAt: relayed.receivedAt, replay: false };
    const caughtUp = clock.now() - relayed.storedAt > (deps.caughtUpAfterMs ?? CAUGHT_UP_AFTER_MS);
    // A rejection leaves the event unacknowledged: JetStream delivers it again.
    const caused = (await deps.process(event, { headers: {}, body: relayed.body })) ?? 'processed';
    const marked = `via relay${caughtUp ? ' (caught up)' : ''}: ${caused}`;
    set({ lastEventAt: clock.now() });
    await deps.onProcessed?.(event, marked, relayed);
  }

  async function replace(next: TeamRelayConfig | null): Promise<void> {
    const previous = session;
    session = null;
    await previous?.stop();
    config = next;
    if (!next || closed) {
      set({ state: 'off', accountId: null, source: null, url: null, user: null, stream: null, consumer: '', problem: null });
      return;
    }
    const started = run(next, await serverOf(next));
    session = started;
    await started.firstAttempt;
  }

  return {
    status: () => current,
    configure: async (next) => {
      await loaded;
      if (next) checkConfig(next);
      return serial(async () => {
        // The team's server given again (typed in, or kept from before) is not stored twice.
        const kept = next ? await settled(next) : null;
        if (kept) await deps.secrets.set(TEAM_RELAY_SECRET, JSON.stringify(kept));
        else await deps.secrets.delete(TEAM_RELAY_SECRET);
        await replace(kept);
        return current;
      });
    },
    teamServerChanged: async () => {
      await loaded;
      return serial(async () => {
        if (!config || closed) return current;
        const kept = await settled(config);
        if (kept !== config) await deps.secrets.set(TEAM_RELAY_SECRET, JSON.stringify(kept));
        // A relay on a server of its own is not touched by the team's.
        if (kept.url === undefined) await replace(kept);
        return current;
      });
    },
    test: async (given) => {
      checkConfig(given);
      const server = await serverOf(given);
      if (!server) return { ok: false, message: m.team_relay_no_team_server() };
      let nc: NatsConnection | null = null;
      try {
        nc = await connectToRelayServer(server, { name: 'quotedesk-app-test', logger, timeoutMs: 5_000 });
        await (await jetstreamManager(nc)).streams.info(given.stream);
        return { ok: true, message: m.activity_relay_test_connected({ stream: given.stream }) };
      } catch (error) {
        return { ok: false, message: unreachable(server, error) };
      } finally {
        await nc?.close().catch(() => undefined);
      }
    },
    resumed: async () => {
      await loaded;
      await session?.resumed();
    },
    close: async () => {
      closed = true;
      await loaded;
      await session?.stop();
      session = null;
    },
  };
}

function consumerName(settings: SettingsStore): string {
  const saved = settings.get<string>(CONSUMER_SETTING);
  if (typeof saved === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(saved)) return saved;
  // One per installation, kept: a restart resumes where this installation stopped.
  const name = `app-${randomBytes(8).toString('hex')}`;
  settings.set(CONSUMER_SETTING, name);
  return name;
}

/** The relay's own parts kept, its server dropped: it uses the team's. */
function onTeamServer(given: TeamRelayConfig): TeamRelayConfig {
  return { stream: given.stream, accountId: given.accountId, ...(given.consumer === undefined ? {} : { consumer: given.consumer }) };
}

function checkConfig(config: TeamRelayConfig): void {
  if (config.url !== undefined) parseServerUrls(config.url);
  const problem = streamNameProblem(config.stream);
  if (problem) throw saidError('invalid-input', m.core_relay_config_stream({ problem }));
  const consumerProblem = config.consumer === undefined ? null : consumerNameProblem(config.consumer);
  if (consumerProblem) throw saidError('invalid-input', m.core_relay_config_consumer({ problem: consumerProblem }));
}

function parseConfig(text: string | null): TeamRelayConfig | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<TeamRelayConfig>;
    if (typeof value.accountId !== 'string') return null;
    const own = { stream: typeof value.stream === 'string' ? value.stream : DEFAULT_STREAM, accountId: value.accountId, consumer: typeof value.consumer === 'string' ? value.consumer : undefined };
    // Without a server of its own (saved since the team's is shared): the team's.
    if (value.url === undefined) return own;
    if (typeof value.url !== 'string' || typeof value.auth !== 'object' || value.auth === null) return null;
    return { url: value.url, auth: value.auth, ...own, caPem: value.caPem };
  } catch {
    return null;
  }
}

function safeUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/g, '//');
}

/** Shown in Settings (the relay's state, a test's answer): in the main process's language, with NATS's own reason. */
function unreachable(server: RelayServer, error: unknown): string {
  return m.activity_relay_server_unreachable({ server: safeUrl(server.url), reason: describeNatsError(error) });
}

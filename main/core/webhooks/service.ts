// The webhook parts put together for the core: keys, log, receiver, inspector, registration.
import { join } from 'node:path';
import type { QuotingClient } from '../api/types';
import type { AppPaths, Clock, Logger, SecretStore } from '../ports';
import { openDurableReceiver } from './durable-receiver';
import { deliveryKey } from './event-log';
import { isPortUnavailable } from './receiver-port';
import { WebhookInspector } from './inspector';
import { WebhookKeyring } from './keyring';
import type { ProcessWebhook, ReceiverLimits, WebhookReceiver } from './receiver';
import { WebhookRegistration } from './registration';
import type { ReceivedWebhook } from './events';

export interface WebhookServiceOptions {
  secrets: SecretStore;
  paths: AppPaths;
  clientFor(accountId: string): QuotingClient | Promise<QuotingClient>;
  clock: Clock;
  logger: Logger;
  /** Each new event once (and replays); returns what it caused, shown in the inspector. */
  process: ProcessWebhook;
  /** Told after an event's processing is recorded. */
  onProcessed?: (event: ReceivedWebhook, caused: string | null) => void;
  onHealthChange?: (accountId: string) => void;
  /** The local port; keep it stable for a manual tunnel (0 picks a free one). */
  port?: number;
  /** When `port` is held by another program: listen on a free one instead (and say so in portProblem). */
  fallBackToFreePort?: boolean;
  graceMs?: number;
  limits?: Partial<ReceiverLimits>;
  /** Deliveries kept per account for the inspector. Default 200. */
  inspectorSize?: number;
}

/** An event that came through the team relay, once processed. */
export interface RelayedEntry {
  accountId: string;
  event: string;
  body: Buffer;
  receivedAt: number;
  /** "via relay: …", "via relay (caught up): …". */
  caused: string;
}

/** The header an entry that came by the team relay carries in the log and the activity view. */
export const RELAYED_HEADERS: Readonly<Record<string, string>> = { 'x-quotedesk-via': 'team relay' };

export interface WebhookService {
  readonly receiver: WebhookReceiver;
  readonly registration: WebhookRegistration;
  readonly keyring: WebhookKeyring;
  readonly inspector: WebhookInspector;
  /** The receiver's port on 127.0.0.1 (what a manual tunnel must point at). */
  readonly port: number;
  /** The port asked for, when another program held it at start and a free one is used instead. */
  readonly unavailablePort: number | null;
  /** Listens on another port instead, once it is open (throws when it cannot be had). */
  moveTo(port: number): Promise<number>;
  /**
   * An event the team relay delivered and processed: logged with what it caused (on disk
   * before this resolves) and listed like a delivery, its header saying it came by relay.
   * The log's dedupe keeps a redelivered copy from being listed twice.
   */
  recordRelayed(entry: RelayedEntry): Promise<void>;
  /** `http://127.0.0.1:<port>/hooks/<token>`: the account's local URL. */
  localUrlFor(accountId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startWebhookService(options: WebhookServiceOptions): Promise<WebhookService> {
  const { clock, logger } = options;
  const keyring = await WebhookKeyring.load(options.secrets, clock, logger);
  const inspector = new WebhookInspector(options.inspectorSize ?? 200);
  const durable = await openDurableReceiver({
    dir: join(options.paths.userData, 'webhooks'),
    recentLimit: 1_000,
    routes: keyring,
    inspector,
    clock,
    logger,
    port: options.port,
    limits: options.limits,
    process: options.process,
    onProcessed: options.onProcessed,
  });
  // The inspector and "last verified event" carry over a restart: the log has them.
  for (const { event, caused } of durable.recent) {
    inspector.record({ accountId: event.accountId, receivedAt: event.receivedAt, event: event.event, headers: event.headers, body: event.body, signature: { ok: true, secret: 'current' }, dedupe: 'new', status: 200, key: event.key, caused });
  }
  const { receiver } = durable;
  let port: number;
  let unavailablePort: number | null = null;
  try {
    try {
      port = await durable.start();
    } catch (error) {
      if (!options.fallBackToFreePort || !options.port || !isPortUnavailable(error)) throw error;
      logger.warn('the webhook receiver port is in use; listening on a free one', { port: options.port });
      unavailablePort = options.port;
      port = await durable.start(0);
    }
  } catch (error) {
    await durable.close();
    throw error;
  }
  const registration = new WebhookRegistration({ keyring, inspector, clientFor: options.clientFor, clock, logger, graceMs: options.graceMs, onHealthChange: options.onHealthChange });
  return {
    receiver,
    registration,
    keyring,
    inspector,
    get port() {
      return port;
    },
    get unavailablePort() {
      return unavailablePort;
    },
    moveTo: async (next) => {
      port = await receiver.moveTo(next);
      unavailablePort = null;
      return port;
    },
    recordRelayed: async ({ accountId, event, body, receivedAt, caused }) => {
      const key = deliveryKey(accountId, body);
      const headers = { ...RELAYED_HEADERS };
      if (!(await durable.logProcessed({ key, accountId, receivedAt, event, headers, body }, caused))) return;
      inspector.record({ accountId, receivedAt, event, headers, body, signature: { ok: true, secret: 'current' }, dedupe: 'new', status: 200, key, caused });
    },
    localUrlFor: async (accountId) => `${receiver.origin}${await keyring.pathFor(accountId)}`,
    close: () => durable.close(),
  };
}

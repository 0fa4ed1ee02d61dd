// `quotedesk relay` in the core: the app's webhook receiver (same signature check, limits and
// timeouts) whose store step publishes to JetStream, started on an open NATS connection.
import type { NatsConnection } from '@nats-io/transport-node';
import type { Clock, Logger } from '../../ports';
import type { ReceivedWebhook } from '../events';
import { createWebhookReceiver } from '../receiver';
import type { ReceiverLimits, ReceiverRoutes, WebhookReceiver } from '../receiver';
import { JetStreamLog } from './publisher';
import { ensureStream } from './stream';
import type { StreamSettings } from './stream';

/** One event stored in the stream (or found there already: a resend after a relay restart). */
export interface PublishedEvent {
  event: ReceivedWebhook;
  stream: string;
  seq: number | null;
  duplicate: boolean;
}

export interface RelayOptions {
  nc: NatsConnection;
  stream: StreamSettings;
  routes: ReceiverRoutes;
  clock: Clock;
  logger: Logger;
  /** 0 picks a free port. */
  port: number;
  limits?: Partial<ReceiverLimits>;
  publishTimeoutMs?: number;
  /** Told once per stored event, after the sender had its 2xx. */
  onPublished?: (published: PublishedEvent) => void;
}

export interface Relay {
  readonly receiver: WebhookReceiver;
  readonly port: number;
  /** Whether the stream was created by this start. */
  readonly createdStream: boolean;
  close(): Promise<void>;
}

export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { created } = await ensureStream(options.nc, options.stream);
  const log = new JetStreamLog(options.nc, { stream: options.stream.name, clock: options.clock, publishTimeoutMs: options.publishTimeoutMs });
  const receiver = createWebhookReceiver({
    routes: options.routes,
    log,
    clock: options.clock,
    logger: options.logger,
    port: options.port,
    limits: options.limits,
    process: (event) => {
      const ack = log.takeAck(event.key);
      const published: PublishedEvent = { event, stream: ack?.stream ?? options.stream.name, seq: ack?.seq ?? null, duplicate: ack?.duplicate ?? false };
      options.onPublished?.(published);
      return published.duplicate ? `already in ${published.stream}` : `stored in ${published.stream} #${published.seq}`;
    },
  });
  const port = await receiver.start();
  return {
    receiver,
    port,
    createdStream: created,
    close: async () => {
      log.close();
      await receiver.close();
    },
  };
}

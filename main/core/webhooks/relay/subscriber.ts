// A relay subscriber: one durable consumer per person or installation, explicit acks, each
// event acknowledged only after the handler resolved (printed, stored). A restart with the
// same consumer name resumes after the last acknowledged event.
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../../ports';
import { dedupeKey } from '../event-log';
import { parseEnvelope } from '../receiver';
import { readRelayHeaders } from './headers';
import { errorText, saidError } from '../../errors';
import { m } from '../../../../i18n/paraglide/messages.js';

/** An event as a subscriber gets it: the delivery's raw body and what the relay knew of it. */
export interface RelayedEvent {
  /** sha256 of the raw body (the receiver's dedupe key), computed here, not taken from a header. */
  key: string;
  event: string;
  data: Record<string, unknown>;
  body: Buffer;
  /** When the relay received it (ms since the epoch). */
  receivedAt: number;
  /** When JetStream stored it (ms since the epoch): long before now means this subscriber was away. */
  storedAt: number;
  /** The stream's sequence number. */
  seq: number;
  /** JetStream delivered it before without an acknowledgement (a subscriber died before acking). */
  redelivered: boolean;
}

export interface SubscriptionOptions {
  nc: NatsConnection;
  stream: string;
  consumer: string;
  logger: Logger;
  /** Resolves once the event is dealt with (printed, stored); a rejection leaves it for a later redelivery. */
  handle(event: RelayedEvent): Promise<void> | void;
  /** How long JetStream waits for an ack before redelivering. Default 30 s. */
  ackWaitMs?: number;
  /** How long a failed event waits before it is delivered again. Default 5 s. */
  retryDelayMs?: number;
}

export interface RelaySubscription {
  /** Stops taking events; the one being handled finishes and is acknowledged. */
  stop(): Promise<void>;
  /** Resolves when the subscription ended (stopped, or the connection closed). */
  readonly done: Promise<void>;
}

/** Creates the durable consumer when missing; a new one starts with the events published from now on. */
export async function ensureConsumer(nc: NatsConnection, stream: string, consumer: string, ackWaitMs = 30_000): Promise<{ created: boolean }> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.consumers.info(stream, consumer);
    return { created: false };
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) throw saidError('not-found', m.core_relay_stream_missing({ stream }));
    if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound)) throw error;
  }
  await jsm.consumers.add(stream, {
    durable_name: consumer,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    ack_wait: nanos(ackWaitMs),
    max_ack_pending: 1_000,
  });
  return { created: true };
}

export async function subscribeToRelay(options: SubscriptionOptions): Promise<RelaySubscription> {
  await ensureConsumer(options.nc, options.stream, options.consumer, options.ackWaitMs);
  const consumer = await jetstream(options.nc).consumers.get(options.stream, options.consumer);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 256 });
  let stopping = false;
  const handled = new Set<string>();
  const acking = new Set<Promise<void>>();
  const done = (async () => {
    try {
      for await (const message of messages) {
        await deliver(message, options, handled, acking);
        if (stopping) break;
      }
    } finally {
      // Ended (or stopped): the acknowledgements already sent are answered before it says so.
      await Promise.all(acking);
    }
  })().catch((error: unknown) => options.logger.warn('relay subscription ended', { error: errorText(error) }));
  return {
    done,
    stop: async () => {
      stopping = true;
      await messages.close();
      await done;
    },
  };
}

/** Keys handled lately, per subscription: an event whose ack was lost (a connection that died) comes again and is only acknowledged. */
const HANDLED_KEYS_KEPT = 10_000;

async function deliver(message: JsMsg, options: SubscriptionOptions, handled: Set<string>, acking: Set<Promise<void>>): Promise<void> {
  const body = Buffer.from(message.data);
  const envelope = parseEnvelope(body);
  if (!envelope) {
    // Only the relay publishes here, after its checks: something else wrote this. Never redelivered.
    options.logger.warn('relay message is not a webhook envelope; dropped', { stream: options.stream, seq: message.seq });
    message.term('not a webhook envelope');
    return;
  }
  const { receivedAt } = readRelayHeaders(message.headers);
  const event: RelayedEvent = {
    key: dedupeKey(body),
    event: envelope.event,
    data: envelope.data,
    body,
    receivedAt: receivedAt ?? message.time.getTime(),
    storedAt: message.time.getTime(),
    seq: message.seq,
    redelivered: message.redelivered,
  };
  try {
    if (!handled.has(event.key)) await options.handle(event);
  } catch (error) {
    options.logger.warn('relayed event not handled; it will come again', { seq: message.seq, error: errorText(error) });
    message.nak(options.retryDelayMs ?? 5_000);
    return;
  }
  handled.add(event.key);
  // The oldest go first (a Set keeps insertion order): redeliveries come within minutes.
  if (handled.size > HANDLED_KEYS_KEPT) handled.delete(handled.values().next().value as string);
  // The server confirms each ack (a stopped subscription waits for every confirmation, so a
  // restart never sees an event handled here), but the next event does not wait for it: a
  // round trip to the server per event, in line, queued every event behind the previous
  // one's, which on a busy machine was most of the delivery delay. A lost connection leaves
  // an event unacknowledged: JetStream delivers it again (handlers dedupe on the key).
  const ack: Promise<void> = message.ackAck().then(
    () => void acking.delete(ack),
    (error: unknown) => {
      acking.delete(ack);
      options.logger.warn('relayed event handled but not acknowledged; it may come again', { seq: message.seq, error: errorText(error) });
    },
  );
  acking.add(ack);
}

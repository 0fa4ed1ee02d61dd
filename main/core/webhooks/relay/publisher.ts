// The relay's store step: the receiver's log, with JetStream as the durable store. A verified
// delivery is published with its dedupe key as the message id and acknowledged to the sender
// only once JetStream has stored it, so the service's retries (and a restarted relay) never
// store an event twice, and a 2xx is never given for an event JetStream does not hold.
import { jetstream } from '@nats-io/jetstream';
import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Clock } from '../../ports';
import type { LoggedEvent, Written } from '../event-log';
import type { ReceiverLog } from '../receiver';
import { relayHeaders } from './headers';
import { DUPLICATE_WINDOW_MS, subjectFor } from './stream';

export interface JetStreamLogOptions {
  stream: string;
  clock: Clock;
  /** How long a publish may wait for JetStream's acknowledgement. Default 5 s (the service waits 10 s for an answer). */
  publishTimeoutMs?: number;
  /** How many stored keys are remembered here to answer a resend without a round trip. Default 100,000. */
  maxKeys?: number;
}

const STORED = Promise.resolve();

export class JetStreamLog implements ReceiverLog {
  private readonly js: JetStreamClient;
  /** Keys being published now (a resend waits for the first copy's answer) ... */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** ... and keys stored, with when (JetStream's own window covers what this forgets). */
  private readonly stored = new Map<string, number>();
  /** Each event's acknowledgement, until the receiver's processing step takes it. */
  private readonly acks = new Map<string, PubAck>();
  private closed = false;

  constructor(
    nc: NatsConnection,
    private readonly options: JetStreamLogOptions,
  ) {
    this.js = jetstream(nc);
  }

  lookup(key: string): Promise<void> | null {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const at = this.stored.get(key);
    if (at === undefined) return null;
    if (this.options.clock.now() - at > DUPLICATE_WINDOW_MS) {
      this.stored.delete(key);
      return null;
    }
    return STORED;
  }

  appendThen(event: LoggedEvent, written: Written): void {
    if (this.closed) return written(new Error('The relay is closing'));
    const { key } = event;
    const headers = relayHeaders(event);
    const subject = subjectFor(this.options.stream, companyOf(event.body), event.event);
    let settle!: (error: unknown) => void;
    const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === null ? resolve() : reject(error))));
    // A resend waiting on a failed first copy is answered 503 too; nobody else awaits it.
    done.catch(() => undefined);
    this.inFlight.set(key, done);
    this.js.publish(subject, event.body, { msgID: key, headers, timeout: this.options.publishTimeoutMs ?? 5_000 }).then(
      (ack) => {
        this.inFlight.delete(key);
        this.remember(key);
        this.acks.set(key, ack);
        written(null);
        settle(null);
      },
      (error: unknown) => {
        // Not stored: the sender gets a 503 and its retry publishes again.
        this.inFlight.delete(key);
        written(error);
        settle(error);
      },
    );
  }

  /** Nothing to record: JetStream holds the event, and subscribers acknowledge it themselves. */
  markProcessedThen(_key: string, _caused: string | null, written?: Written): void {
    written?.(null);
  }

  /** The acknowledgement of an event stored since the last call (null when none is known), taken once. */
  takeAck(key: string): PubAck | null {
    const ack = this.acks.get(key) ?? null;
    this.acks.delete(key);
    return ack;
  }

  close(): void {
    this.closed = true;
  }

  private remember(key: string): void {
    const now = this.options.clock.now();
    this.stored.set(key, now);
    const limit = this.options.maxKeys ?? 100_000;
    for (const [oldest, at] of this.stored) {
      if (this.stored.size <= limit && now - at <= DUPLICATE_WINDOW_MS) break;
      this.stored.delete(oldest);
    }
  }
}

/** The envelope's data.companyId, for the subject; the receiver already refused anything that is not an envelope. */
function companyOf(body: Buffer): unknown {
  try {
    return (JSON.parse(body.toString('utf8')) as { data?: { companyId?: unknown } }).data?.companyId;
  } catch {
    return undefined;
  }
}

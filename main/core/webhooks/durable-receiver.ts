// A receiver on its event log, the one way every host puts the two together (the app's
// webhook service, `quotedesk listen`, a relay): the log is opened first, and what it holds
// logged but never marked processed (acknowledged, then the process died) goes to the
// receiver's processing at start, before any new delivery, exactly once.
import type { EventLogFileSystem } from './event-log-file';
import { EventLog } from './event-log';
import type { LoggedEvent, OpenedLog } from './event-log';
import { createWebhookReceiver } from './receiver';
import type { ReceiverLog, ReceiverOptions, WebhookReceiver } from './receiver';

export interface DurableReceiverOptions extends Omit<ReceiverOptions, 'log' | 'pending'> {
  /** The event log's folder. */
  dir: string;
  /** How many of the latest logged events come back in `recent`. Default 1,000. */
  recentLimit?: number;
  /** The log's file size cap (tests rotate small). Default 8 MiB. */
  maxFileBytes?: number;
  /**
   * Which pending events this receiver takes over (default: all). Another receiver's events
   * sharing the folder (`listen` for another account) stay pending for it.
   */
  owns?: (event: LoggedEvent) => boolean;
  /**
   * Puts off writing an event's processed marker until `write` is called (`listen` marks an
   * event once it was forwarded): until then it stays pending, processed again at the next
   * start. Default: written once processing is over.
   */
  deferMark?: (key: string, write: () => void) => void;
  fs?: EventLogFileSystem;
}

export interface DurableReceiver {
  readonly receiver: WebhookReceiver;
  /** The log's latest events, for an inspector that carries over a restart. */
  readonly recent: OpenedLog['recent'];
  /** How many pending events were handed to processing at start. */
  readonly resumed: number;
  /**
   * An event processed elsewhere (the team relay's), logged with what it caused, so it is
   * listed again after a restart and never handed to processing here. Resolves once on disk,
   * false when the log already had it; rejects when it could not be written.
   */
  logProcessed(event: LoggedEvent, caused: string | null): Promise<boolean>;
  /** Listens on 127.0.0.1 (`port`: default the options' port); resolves with the port. A failure can be tried again, or closed. */
  start(port?: number): Promise<number>;
  /** The receiver (processing what was received), then the log. */
  close(): Promise<void>;
}

export async function openDurableReceiver(options: DurableReceiverOptions): Promise<DurableReceiver> {
  const { dir, recentLimit, maxFileBytes, owns, deferMark, fs, ...receiverOptions } = options;
  const opened = await EventLog.open({ dir, clock: options.clock, logger: options.logger, recentLimit, maxFileBytes, fs });
  const pending = owns ? opened.pending.filter(owns) : opened.pending;
  const { log } = opened;
  const receiverLog: ReceiverLog = deferMark
    ? {
        lookup: (key) => log.lookup(key),
        appendThen: (event, written) => log.appendThen(event, written),
        markProcessedThen: (key, caused, written) => deferMark(key, () => log.markProcessedThen(key, caused, written)),
      }
    : log;
  const receiver = createWebhookReceiver({ ...receiverOptions, log: receiverLog, pending });
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      try {
        await receiver.close();
      } finally {
        await opened.log.close();
      }
    })());
  return {
    receiver,
    recent: opened.recent,
    resumed: pending.length,
    logProcessed: async (event, caused) => {
      const earlier = opened.log.lookup(event.key);
      if (earlier) {
        await earlier;
        return false;
      }
      // The marker first, then the event: both join the same write (markers go after the
      // events' lines), so no restart ever finds the event without what it caused.
      opened.log.markProcessedThen(event.key, caused);
      await opened.log.append(event);
      return true;
    },
    start: (port) => receiver.start(port),
    close,
  };
}

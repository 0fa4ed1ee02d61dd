// `quotedesk listen --relay URL --consumer NAME`: the relay's subscriber for scripts. One line
// per event, acknowledged once printed; the same name after a restart prints only what it had
// not printed (its durable consumer remembers).
import { createHash } from 'node:crypto';
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createJsonLogger } from '../core/log';
import { m } from '../../i18n/paraglide/messages.js';
import { connectToRelayServer, RelayConfigError } from '../core/webhooks/relay/connection';
import { consumerNameProblem } from '../core/webhooks/relay/stream';
import { subscribeToRelay } from '../core/webhooks/relay/subscriber';
import type { RelayedEvent } from '../core/webhooks/relay/subscriber';
import { entityOf, NATS_ARGS, natsHelp, parseRelayArgs, relayServerFrom, RelayUsageError, streamFrom, untilStopped } from './relay-options';
import { terminalText } from './terminal-text';
import { ltr } from './locale';
import type { RelayIo } from './relay';

/**
 * The ack wait a consumer made by listen gets: how soon the events a killed listener had been
 * handed come back. Printing a line takes microseconds, so 5 s leaves a busy machine or a
 * stalled pipe three orders of magnitude of room, while a listener restarted by a script or a
 * service manager gets what it missed within seconds, not the app's 30 s (the app stores each
 * event in its cache and may be put to sleep mid-event). A redelivery that comes anyway is
 * never printed twice: the printed mark skips it.
 */
export const LISTEN_ACK_WAIT_SECONDS = 5;

/** `quotedesk listen --relay --help`, in the CLI's language. */
export function relayListenHelp(): string {
  return m.cli_relay_listen_help({ ackWait: String(LISTEN_ACK_WAIT_SECONDS), nats: natsHelp() });
}

const ARGS = { ...NATS_ARGS, relay: { type: 'string' }, consumer: { type: 'string' }, 'state-dir': { type: 'string' }, 'ack-wait': { type: 'string' } } as const;

/** Runs `quotedesk listen --relay ...` with the arguments after `listen`; resolves to the exit code. Never throws. */
export async function runRelayListen(args: string[], io: RelayIo): Promise<number> {
  let values: ReturnType<typeof parseRelayArgs<typeof ARGS>>;
  try {
    values = parseRelayArgs(args, ARGS);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${relayListenHelp()}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(relayListenHelp());
    return 0;
  }
  const json = values.json === true;
  const logger = createJsonLogger({ sink: io.stderr, level: 'warn', base: { component: 'listen-relay' } });
  let nc: Awaited<ReturnType<typeof connectToRelayServer>> | null = null;
  let printed: PrintedMark | null = null;
  try {
    const stream = streamFrom(values);
    const consumer = values.consumer ?? '';
    if (consumer === '') throw new RelayUsageError(m.cli_relay_listen_consumer_missing());
    const problem = consumerNameProblem(consumer);
    if (problem) throw new RelayUsageError(`${ltr('--consumer')}: ${problem}`);
    const server = await relayServerFrom(values.relay, values, '--relay');
    const ackWait = values['ack-wait'];
    if (ackWait !== undefined && (!/^\d+$/.test(ackWait) || Number(ackWait) < 1 || Number(ackWait) > 3600)) throw new RelayUsageError(m.cli_relay_listen_ack_wait_invalid());
    const stateDir = values['state-dir'] ?? join(io.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'quotedesk-listen');
    const mark = (printed = openPrintedMark(stateDir, server.url, stream, consumer));
    nc = await connectToRelayServer(server, { name: `quotedesk-listen-${consumer}`, logger });
    const subscription = await subscribeToRelay({
      nc,
      stream,
      consumer,
      logger,
      ackWaitMs: (ackWait === undefined ? LISTEN_ACK_WAIT_SECONDS : Number(ackWait)) * 1000,
      handle: (event) => {
        // Printed before a kill cut the ack short: JetStream sends it again, marked redelivered.
        // Only those exact sequences: redeliveries come after ack-wait, behind newer events,
        // so "at or below the last printed" would swallow ones never printed.
        if (event.redelivered && mark.has(event.seq)) return;
        // A synchronous write: on Linux a pipe or file write is done when it returns, so the mark and the ack follow the line.
        // Everything is prepared first: only the mark's one write is left between the line and the note of it.
        const text = `${line(event, json)}\n`;
        const noteIt = mark.printing(event.seq);
        io.stdout.write(text);
        noteIt();
      },
    });
    io.stderr.write(json ? `${JSON.stringify({ subscribed: stream, consumer })}\n` : `${m.cli_relay_listen_subscribed({ stream, consumer })}\n`);
    await Promise.race([untilStopped(io.signal), subscription.done]);
    await subscription.stop();
    return 0;
  } catch (error) {
    if (error instanceof RelayUsageError) {
      io.stderr.write(`${error.message}\n\n${relayListenHelp()}`);
      return 2;
    }
    io.stderr.write(`${m.cli_relay_listen_stopped({ problem: error instanceof RelayConfigError ? error.message : (error as Error).message })}\n`);
    return 1;
  } finally {
    await nc?.drain().catch(() => undefined);
    printed?.close();
  }
}

/** Where the latest printed sequences of this server, stream and consumer are kept. */
export function printedMarkPath(dir: string, url: string, stream: string, consumer: string): string {
  return join(dir, `${createHash('sha256').update(`${url}\n${stream}\n${consumer}`).digest('hex').slice(0, 24)}.seq`);
}

interface PrintedMark {
  /** This sequence was printed (by this run or one before it): a redelivery of it is not printed again. */
  has(seq: number): boolean;
  /** Prepares the note that `seq` was printed; call what it returns right after printing it. */
  printing(seq: number): () => void;
  close(): void;
}

/**
 * The latest printed sequences kept, as many as the consumer's max_ack_pending. Kept even once
 * their ack is confirmed: an event that waited in the client's buffer past ack-wait was already
 * handed out again, and that copy still comes after a kill.
 */
const RECENT_KEPT = 1_000;
const LINE = /^\d{20}$/;

/**
 * The latest sequences printed (any may come again, redelivered), one small file per server, stream
 * and consumer, rewritten in place on each change (one pwrite of fixed-width lines, then a
 * truncate: a kill in between leaves only older, also printed, sequences; no fsync, a machine
 * crash at worst prints one again). A SIGKILL landing between the line's write and the
 * note's (two system calls, two sinks) also prints that one event again: never one lost.
 * A file from before holds one line, the last printed.
 */
function openPrintedMark(dir: string, url: string, stream: string, consumer: string): PrintedMark {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = printedMarkPath(dir, url, stream, consumer);
  const recent = new Set<number>();
  try {
    for (const text of readFileSync(path, 'utf8').split('\n')) if (LINE.test(text) && Number(text) > 0) recent.add(Number(text));
  } catch {
    // None yet.
  }
  // Read-write, not append: an appending descriptor ignores the write's position 0.
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  const text = (seqs: Iterable<number>) => Buffer.from([...seqs].map((seq) => `${String(seq).padStart(20, '0')}\n`).join(''));
  const save = (bytes: Buffer) => {
    writeSync(fd, bytes, 0, bytes.length, 0);
    ftruncateSync(fd, bytes.length);
  };
  return {
    has: (seq) => recent.has(seq),
    printing(seq) {
      recent.add(seq);
      // The oldest go first (a Set keeps insertion order).
      if (recent.size > RECENT_KEPT) recent.delete(recent.values().next().value as number);
      const bytes = text(recent);
      return () => save(bytes);
    },
    close: () => closeSync(fd),
  };
}

function line(event: RelayedEvent, json: boolean): string {
  if (json) return JSON.stringify({ event: event.event, entityId: entityOf(event.data), data: event.data, receivedAt: new Date(event.receivedAt).toISOString(), seq: event.seq });
  return terminalText(`${new Date(event.receivedAt).toISOString()}  ${event.event}  ${entityOf(event.data)}`);
}

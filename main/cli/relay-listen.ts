// `quotedesk listen --relay URL --consumer NAME`: the relay's subscriber for scripts. One line
// per event, acknowledged once printed; the same name after a restart prints only what it had
// not printed (its durable consumer remembers).
import { parseArgs } from 'node:util';
import { createJsonLogger } from '../core/log';
import { connectToRelayServer, RelayConfigError } from '../core/relay/connection';
import { consumerNameProblem } from '../core/relay/stream';
import { subscribeToRelay } from '../core/relay/subscriber';
import type { RelayedEvent } from '../core/relay/subscriber';
import { entityOf, NATS_ARGS, NATS_HELP, relayServerFrom, RelayUsageError, streamFrom, untilStopped } from './relay-options';
import type { RelayIo } from './relay';

export const RELAY_LISTEN_HELP = `Usage: quotedesk listen --relay URL --consumer NAME [--creds FILE | --user U --password-file F]
                        [--stream NAME] [--json]

Prints each event the team's relay stored (see quotedesk relay --help): one line per event,
its type and entity id, acknowledged once printed. Started again with the same --consumer,
it prints only what it had not printed; a new name starts with the events stored from now on.
  --relay URL           the relay's NATS server, e.g. tls://nats.example.com:4222
  --consumer NAME       this subscriber's durable name (one per person or script)
${NATS_HELP}
`;

const ARGS = { ...NATS_ARGS, relay: { type: 'string' }, consumer: { type: 'string' } } as const;

/** Runs `quotedesk listen --relay ...` with the arguments after `listen`; resolves to the exit code. Never throws. */
export async function runRelayListen(args: string[], io: RelayIo): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof ARGS; strict: true; allowPositionals: true }>>['values'];
  try {
    const parsed = parseArgs({ args, options: ARGS, strict: true, allowPositionals: true });
    if (parsed.positionals.length > 0) throw new RelayUsageError(`Unexpected argument: ${parsed.positionals[0]}`);
    values = parsed.values;
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${RELAY_LISTEN_HELP}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(RELAY_LISTEN_HELP);
    return 0;
  }
  const json = values.json === true;
  const logger = createJsonLogger({ sink: io.stderr, level: 'warn', base: { component: 'listen-relay' } });
  let nc: Awaited<ReturnType<typeof connectToRelayServer>> | null = null;
  try {
    const stream = streamFrom(values);
    const consumer = values.consumer ?? '';
    const problem = consumer === '' ? '--consumer NAME is required: the durable name this subscriber resumes under' : consumerNameProblem(consumer);
    if (problem) throw new RelayUsageError(problem.startsWith('--') ? problem : `--consumer: ${problem}`);
    const server = await relayServerFrom(values.relay, values, '--relay');
    nc = await connectToRelayServer(server, { name: `quotedesk-listen-${consumer}`, logger });
    const subscription = await subscribeToRelay({
      nc,
      stream,
      consumer,
      logger,
      // A synchronous write: on Linux a pipe or file write is done when it returns, so the ack that follows never outruns the line.
      handle: (event) => void io.stdout.write(`${line(event, json)}\n`),
    });
    io.stderr.write(json ? `${JSON.stringify({ subscribed: stream, consumer })}\n` : `Listening to stream ${stream} as ${consumer}\n`);
    await Promise.race([untilStopped(io.signal), subscription.done]);
    await subscription.stop();
    return 0;
  } catch (error) {
    if (error instanceof RelayUsageError) {
      io.stderr.write(`${error.message}\n\n${RELAY_LISTEN_HELP}`);
      return 2;
    }
    io.stderr.write(`quotedesk listen --relay stopped: ${error instanceof RelayConfigError ? error.message : (error as Error).message}\n`);
    return 1;
  } finally {
    await nc?.drain().catch(() => undefined);
  }
}

function line(event: RelayedEvent, json: boolean): string {
  if (json) return JSON.stringify({ event: event.event, entityId: entityOf(event.data), data: event.data, receivedAt: new Date(event.receivedAt).toISOString(), seq: event.seq });
  return `${new Date(event.receivedAt).toISOString()}  ${event.event}  ${entityOf(event.data)}`;
}

import { resolve } from 'node:path';
import { createAgent, createQuotingClient, downloadPdf } from '../core/api';
import type { ClosableQuotingClient, QuotePage, Timeouts } from '../core/api';
import type { Clock } from '../core/ports';
import { systemClock } from '../core/ports';
import type { Credentials, KeyAccess, QuoteListItem } from '../../preload/contract';
import { EXIT_CODES } from './exit-codes';
import { HELP } from './help';
import { runListenCommand } from './listen/command';
import {
  credentialsFrom,
  expectNoArgs,
  parseAccess,
  parseCommandLine,
  parseCount,
  parseStatus,
  parseTimeout,
  refuseForeignOptions,
  requireBaseUrl,
  requireCommand,
  requireQuoteId,
} from './options';
import type { CliValues, Command } from './options';
import { formatDecision, formatDetails, formatList, formatSaved } from './output';
import { checkDestination, describeWriteFailure, safeFileName } from './pdf-target';
import { CliFailure, report } from './report';
import { cliVersion } from './version';
import { runRelayCommand } from './relay';
import { runRelayListen } from './relay-listen';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Where relative --out paths and default PDF names land. */
  cwd: string;
  /** Fake time for tests; the system clock otherwise. */
  clock?: Clock;
  /** Shorter time limits for tests; the client's defaults otherwise. */
  timeouts?: Partial<Timeouts>;
  /** Stops `quotedesk listen`; without one, SIGINT and SIGTERM stop it. */
  signal?: AbortSignal;
  /** Where `quotedesk listen` asks before replacing another installation's registration (only a terminal is asked). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

// --all pages through everything, but never without end: 1000 pages of 100 is far beyond
// any real account.
const MAX_PAGES = 1000;

interface Job {
  command: Command;
  values: CliValues;
  rest: string[];
  io: CliIo;
  timeouts: Partial<Timeouts>;
  client: ClosableQuotingClient;
  out: (value: unknown, human: () => string) => void;
  /** The key kind: statuses are said as the app's inbox says them to it. */
  access: KeyAccess;
}

/** Runs one command; resolves to the process exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // Long-running commands with options of their own (main/cli/listen, main/cli/relay.ts).
  if (argv[0] === 'relay') return runRelayCommand(argv.slice(1), io);
  if (argv[0] === 'listen' && argv.includes('--relay')) return runRelayListen(argv.slice(1), io);
  if (argv[0] === 'listen') return runListenCommand(argv.slice(1), io);
  let json = argv.includes('--json');
  let client: ClosableQuotingClient | null = null;
  let mechanism: Credentials['mechanism'] | null = null;
  try {
    const { values, positionals } = parseCommandLine(argv);
    json = values.json === true;
    const [name, ...rest] = positionals;
    if (values.version) {
      io.stdout.write(json ? `${JSON.stringify({ version: cliVersion() })}\n` : `quotedesk ${cliVersion()}\n`);
      return EXIT_CODES.ok;
    }
    if (values.help || name === 'help' || name === undefined) {
      io.stdout.write(HELP);
      return name === undefined && !values.help ? EXIT_CODES.usage : EXIT_CODES.ok;
    }
    // Everything that can be checked here is, before a single request goes out.
    const command = requireCommand(name);
    refuseForeignOptions(command, values);
    if (command === 'list') expectNoArgs(command, rest);
    else requireQuoteId(command, rest);
    const timeouts = { ...io.timeouts, ...parseTimeout(values.timeout) };
    const baseUrl = requireBaseUrl(values, io.env);
    const credentials = credentialsFrom(values, io.env);
    mechanism = credentials.mechanism;
    const access = parseAccess(values.access);
    const list = command === 'list' ? listRequest(values, access) : null;
    if (command === 'pdf' && values.out !== undefined) checkDestination(resolve(io.cwd, values.out), values.force);

    client = createQuotingClient({ baseUrl, credentials, clock: io.clock ?? systemClock, timeouts, userAgent: 'quotedesk-cli' });
    const out = (value: unknown, human: () => string) => io.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : human());
    const job: Job = { command, values, rest, io, timeouts, client, out, access };
    switch (command) {
      case 'list':
        return await runList(job, list!);
      case 'show':
        return await runShow(job);
      case 'pdf':
        return await runPdf(job);
      default:
        return await runDecision(job, command);
    }
  } catch (error) {
    return report(error, io.stderr, json, mechanism);
  } finally {
    await client?.close();
  }
}

function listRequest(values: CliValues, access: ReturnType<typeof parseAccess>) {
  return {
    status: parseStatus(values.status, access),
    limit: parseCount('--limit', values.limit, values.all ? 100 : 20),
    page: parseCount('--page', values.page, 1),
    search: values.search,
  };
}

async function runList(job: Job, request: ReturnType<typeof listRequest>): Promise<number> {
  const all = job.values.all === true;
  const items: QuoteListItem[] = [];
  let last: QuotePage | null = null;
  for (let next = request.page, fetched = 0; fetched < MAX_PAGES; next++, fetched++) {
    last = await job.client.quotes.list({ ...request, page: next });
    items.push(...last.data);
    if (!all || !last.pagination.hasNextPage) break;
  }
  const pagination = all ? null : (last?.pagination ?? null);
  job.out({ items, pagination }, () => formatList(items, pagination, job.access));
  return EXIT_CODES.ok;
}

async function runShow(job: Job): Promise<number> {
  const quote = await job.client.quotes.get(job.rest[0]!.trim());
  job.out(quote, () => formatDetails(quote, job.access));
  return EXIT_CODES.ok;
}

async function runDecision(job: Job, decision: 'accept' | 'decline'): Promise<number> {
  const id = job.rest[0]!.trim();
  // Read first, so the success line can name the quote number (the decision's answer has only
  // the ID); a quote that cannot be read cannot be decided either.
  const { quoteNumber } = await job.client.quotes.get(id);
  const outcome = decision === 'accept' ? await job.client.quotes.accept(id) : await job.client.quotes.decline(id, job.values.reason);
  job.out({ ...outcome, quoteNumber }, () => formatDecision(decision, outcome, quoteNumber, job.access));
  return EXIT_CODES.ok;
}

async function runPdf(job: Job): Promise<number> {
  const id = job.rest[0]!.trim();
  const { quoteNumber } = await job.client.quotes.get(id);
  const link = await job.client.quotes.pdf(id);
  const destination = resolve(job.io.cwd, job.values.out ?? safeFileName(link.fileName, quoteNumber ?? `quote-${id}`));
  checkDestination(destination, job.values.force);
  // Its own pool, so --timeout also bounds connecting to the download host.
  const agent = createAgent(job.timeouts);
  try {
    const saved = await downloadPdf(link, destination, { timeouts: job.timeouts, dispatcher: agent });
    job.out({ path: saved.path, bytes: saved.bytes, fileName: link.fileName, quoteNumber }, () => formatSaved(quoteNumber, saved.path, saved.bytes));
    return EXIT_CODES.ok;
  } catch (error) {
    const problem = describeWriteFailure(error, destination);
    throw problem ? new CliFailure(problem) : error;
  } finally {
    await agent.close();
  }
}

// quotedesk: a headless command line over the same core as the app, for scripting and
// support. No Electron, no simulator: it talks to whatever service --base-url names.
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAgent, createQuotingClient, DEFAULT_TIMEOUTS, downloadPdf } from './core/api';
import type { ClosableQuotingClient, QuotePage, Timeouts } from './core/api';
import { NeedsCredentialsError } from './core/auth';
import { AppError } from './core/errors';
import { globalRedactor } from './core/log';
import type { Clock } from './core/ports';
import { systemClock } from './core/ports';
import { Credentials, KeyAccess, QUOTE_STATUSES, QuoteStatus } from '../preload/contract';
import type { QuoteDetails, QuoteListItem } from '../preload/contract';

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
}

export const EXIT_CODES = {
  ok: 0,
  other: 1,
  usage: 2,
  authentication: 3,
  forbidden: 4,
  notFound: 5,
  invalidState: 6,
  validation: 7,
  rateLimited: 8,
  server: 9,
  network: 10,
  schema: 11,
  timeout: 12,
} as const;

const CODE_FOR_ERROR: Record<string, number> = {
  authentication: EXIT_CODES.authentication,
  'needs-credentials': EXIT_CODES.authentication,
  forbidden: EXIT_CODES.forbidden,
  'not-found': EXIT_CODES.notFound,
  'invalid-state': EXIT_CODES.invalidState,
  validation: EXIT_CODES.validation,
  'invalid-input': EXIT_CODES.validation,
  'rate-limited': EXIT_CODES.rateLimited,
  server: EXIT_CODES.server,
  network: EXIT_CODES.network,
  timeout: EXIT_CODES.timeout,
  schema: EXIT_CODES.schema,
};

export const HELP = `quotedesk: work with quotes of the Quoting Service from the command line

Usage:
  quotedesk list [--status S] [--search Q] [--page N] [--limit N] [--all]
  quotedesk show ID
  quotedesk accept ID
  quotedesk decline ID [--reason R]
  quotedesk pdf ID [--out FILE] [--force]

Connection (options, or environment variables; prefer the variables for secrets):
  --base-url URL          QUOTEDESK_BASE_URL       e.g. https://quotes.example.com
  --api-key KEY           QUOTEDESK_API_KEY        a static API key, or:
  --client-id ID          QUOTEDESK_CLIENT_ID      client credentials, exchanged for a token
  --client-secret SECRET  QUOTEDESK_CLIENT_SECRET
  --access client|internal                         the key's kind (default client)
  --timeout SECONDS       how long to wait for each request to connect, to start
                          answering, and between parts of the answer (default 10, 15
                          and 30 seconds). Reads (list, show, the PDF's link) are
                          tried up to 4 times, so a silent service fails after
                          about 4 x SECONDS plus a few seconds between tries.

PDF:
  --out FILE              where to save it (default: the quote's file name, e.g.
                          Q-2024-0001.pdf, in the current folder)
  --force                 overwrite FILE if it already exists (without it, an existing
                          file is left alone and the command exits with 2)

Output:
  --json                  machine-readable JSON on stdout (errors as JSON on stderr)
  --help                  this text

Statuses: ${QUOTE_STATUSES.join(', ')}
  (client keys see SENT and SENT_PENDING as PENDING, SENT_REVISED as REVISED)

Exit codes:
  0 ok                 6 invalid state (the quote's status does not allow it)
  1 other error        7 validation (the request was refused as invalid)
  2 usage              8 rate limited
  3 authentication     9 server error
    or needs new      10 network error
    credentials       11 unexpected response from the service
  4 forbidden         12 timeout (the service did not answer in time)
  5 not found
`;

class UsageError extends Error {}

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  access: { type: 'string' },
  status: { type: 'string' },
  search: { type: 'string' },
  page: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  reason: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parse>['values'];
const parse = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });

// --all pages through everything, but never without end: 1000 pages of 100 is far beyond
// any real account.
const MAX_PAGES = 1000;

/** Runs one command; resolves to the process exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let json = argv.includes('--json');
  let client: ClosableQuotingClient | null = null;
  let mechanism: Credentials['mechanism'] | null = null;
  try {
    let parsed;
    try {
      parsed = parse(argv);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    json = values.json === true;
    const [command, ...rest] = positionals;
    if (values.help || command === 'help' || command === undefined) {
      io.stdout.write(HELP);
      return command === undefined && !values.help ? EXIT_CODES.usage : EXIT_CODES.ok;
    }
    const access = parseAccess(values.access);
    const timeouts = { ...io.timeouts, ...parseTimeout(values.timeout) };
    if (values.force && command !== 'pdf') throw new UsageError('--force applies to pdf only');
    const baseUrl = requireBaseUrl(values, io.env);
    const credentials = credentialsFrom(values, io.env);
    mechanism = credentials.mechanism;
    client = createQuotingClient({
      baseUrl,
      credentials,
      clock: io.clock ?? systemClock,
      timeouts,
      userAgent: 'quotedesk-cli',
    });
    const out = (value: unknown, human: () => string) => io.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : human());

    switch (command) {
      case 'list': {
        expectArgs(command, rest, 0);
        const status = parseStatus(values.status, access);
        const limit = parsePositive('--limit', values.limit, values.all ? 100 : 20);
        const page = parsePositive('--page', values.page, 1);
        const search = values.search;
        const items: QuoteListItem[] = [];
        let last: QuotePage | null = null;
        for (let next = page, fetched = 0; fetched < MAX_PAGES; next++, fetched++) {
          last = await client.quotes.list({ page: next, limit, status, search });
          items.push(...last.data);
          if (!values.all || !last.pagination.hasNextPage) break;
        }
        const pagination = last?.pagination ?? null;
        out({ items, pagination: values.all ? null : pagination }, () => formatList(items, values.all ? null : pagination));
        return EXIT_CODES.ok;
      }
      case 'show': {
        const [id] = expectArgs(command, rest, 1);
        const quote = await client.quotes.get(id!);
        out(quote, () => formatDetails(quote));
        return EXIT_CODES.ok;
      }
      case 'accept':
      case 'decline': {
        const [id] = expectArgs(command, rest, 1);
        if (command === 'accept' && values.reason !== undefined) throw new UsageError('--reason applies to decline only');
        const outcome = command === 'accept' ? await client.quotes.accept(id!) : await client.quotes.decline(id!, values.reason);
        out(outcome, () => `${outcome.result.message} (quote ${outcome.result.id} is now ${outcome.result.status})${outcome.via === 'confirmed-after-uncertainty' ? ' [confirmed by re-reading the quote after a lost answer]' : ''}\n`);
        return EXIT_CODES.ok;
      }
      case 'pdf': {
        const [id] = expectArgs(command, rest, 1);
        if (values.out !== undefined) refuseToOverwrite(resolve(io.cwd, values.out), values.force);
        const link = await client.quotes.pdf(id!);
        const destination = resolve(io.cwd, values.out ?? safeFileName(link.fileName, id!));
        refuseToOverwrite(destination, values.force);
        // Its own pool, so --timeout also bounds connecting to the download host.
        const agent = createAgent(timeouts);
        const saved = await downloadPdf(link, destination, { timeouts, dispatcher: agent }).finally(() => agent.close());
        out({ path: saved.path, bytes: saved.bytes, fileName: link.fileName }, () => `Saved ${saved.path} (${saved.bytes} bytes)\n`);
        return EXIT_CODES.ok;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    return report(error, io, json, mechanism);
  } finally {
    await client?.close();
  }
}

function report(error: unknown, io: CliIo, json: boolean, mechanism: Credentials['mechanism'] | null): number {
  if (error instanceof UsageError) {
    io.stderr.write(json ? `${JSON.stringify({ error: { code: 'usage', message: error.message, retryable: false } })}\n` : `quotedesk: ${error.message}\nRun "quotedesk --help" for usage.\n`);
    return EXIT_CODES.usage;
  }
  const code = error instanceof AppError ? error.code : 'internal';
  // Messages of our own errors are already redacted; anything else goes through the net too.
  // A refusal gets the CLI's own words: the app's "enter the new key" has no place to enter it here.
  const message = error instanceof NeedsCredentialsError && mechanism ? REFUSED_CREDENTIALS[mechanism] : globalRedactor.string(error instanceof Error ? error.message : String(error));
  const retryable = error instanceof AppError ? error.retryable : false;
  io.stderr.write(json ? `${JSON.stringify({ error: { code, message, retryable } })}\n` : `quotedesk: ${message}\n`);
  return CODE_FOR_ERROR[code] ?? EXIT_CODES.other;
}

const REFUSED_CREDENTIALS: Record<Credentials['mechanism'], string> = {
  'api-key': 'the service refused the API key (it may have been revoked or rotated). Check the key given by --api-key or QUOTEDESK_API_KEY, or replace it with a current one.',
  'client-credentials':
    'the service refused the client ID and secret (they may have been revoked or rotated). Check the ones given by --client-id/--client-secret or QUOTEDESK_CLIENT_ID/QUOTEDESK_CLIENT_SECRET, or replace them with current ones.',
};

function refuseToOverwrite(path: string, force: boolean | undefined): void {
  if (!force && existsSync(path)) throw new UsageError(`${path} already exists; pass --force to overwrite it, or choose another file with --out`);
}

// Generous bounds: under a tenth of a second nothing answers, and over an hour is a hang.
const TIMEOUT_SECONDS = { min: 0.1, max: 3600 };

export function parseTimeout(value: string | undefined): Partial<Timeouts> {
  if (value === undefined) return {};
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds >= TIMEOUT_SECONDS.min && seconds <= TIMEOUT_SECONDS.max)) {
    throw new UsageError(`--timeout must be a number of seconds from ${TIMEOUT_SECONDS.min} to ${TIMEOUT_SECONDS.max}, not "${value}"`);
  }
  const ms = Math.round(seconds * 1000);
  // A longer wait than the default overall deadline for reading an answer extends it too,
  // so --timeout 120 really lets a slow answer take two minutes.
  return { connectMs: ms, headersMs: ms, bodyMs: ms, ...(ms > DEFAULT_TIMEOUTS.bodyTotalMs ? { bodyTotalMs: ms } : {}) };
}

function requireBaseUrl(values: Values, env: CliIo['env']): string {
  const baseUrl = values['base-url'] ?? env.QUOTEDESK_BASE_URL;
  if (!baseUrl) throw new UsageError('no service address: give --base-url or set QUOTEDESK_BASE_URL');
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw new UsageError(`"${baseUrl}" is not an http(s) address`);
  }
  return baseUrl;
}

function credentialsFrom(values: Values, env: CliIo['env']): Credentials {
  // An empty variable counts as unset, as shells make them easily.
  const apiKey = values['api-key'] ?? (env.QUOTEDESK_API_KEY || undefined);
  const clientId = values['client-id'] ?? (env.QUOTEDESK_CLIENT_ID || undefined);
  const clientSecret = values['client-secret'] ?? (env.QUOTEDESK_CLIENT_SECRET || undefined);
  // Options win over the environment; within each, an API key wins over a client pair.
  const fromOptions = values['api-key'] !== undefined || values['client-id'] !== undefined;
  const useKey = fromOptions ? values['api-key'] !== undefined : apiKey !== undefined;
  const candidate = useKey ? { mechanism: 'api-key', apiKey } : clientId !== undefined ? { mechanism: 'client-credentials', clientId, clientSecret } : null;
  if (!candidate) throw new UsageError('no credentials: give --api-key, or --client-id and --client-secret (or the QUOTEDESK_* variables)');
  const parsed = Credentials.safeParse(candidate);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'incomplete credentials');
  globalRedactor.add(parsed.data.mechanism === 'api-key' ? parsed.data.apiKey : parsed.data.clientSecret);
  return parsed.data;
}

function parseAccess(value: string | undefined): KeyAccess {
  const parsed = KeyAccess.safeParse(value ?? 'client');
  if (!parsed.success) throw new UsageError(`--access must be client or internal, not "${value}"`);
  return parsed.data;
}

function parseStatus(value: string | undefined, access: KeyAccess): QuoteStatus | undefined {
  if (value === undefined) return undefined;
  const parsed = QuoteStatus.safeParse(value.toUpperCase());
  if (!parsed.success) throw new UsageError(`unknown status "${value}"; one of ${QUOTE_STATUSES.join(', ')}`);
  if (access === 'client' && ['SENT', 'SENT_PENDING', 'SENT_REVISED'].includes(parsed.data)) {
    throw new UsageError(`a client key never sees ${parsed.data}: it is shown as ${parsed.data === 'SENT_REVISED' ? 'REVISED' : 'PENDING'} (or pass --access internal)`);
  }
  return parsed.data;
}

function parsePositive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${name} must be a whole number from 1`);
  return Number(value);
}

function expectArgs(command: string, args: string[], count: number): string[] {
  if (args.length !== count) throw new UsageError(count === 0 ? `${command} takes no arguments` : `${command} needs a quote ID`);
  return args;
}

/** The service's file name, reduced to a plain name: it must not choose where the file goes. */
function safeFileName(fileName: string, id: string): string {
  const plain = basename(fileName.replace(/\\/g, '/')).replace(/[^\w.\- ]+/g, '_').trim();
  const name = plain && plain !== '.' && plain !== '..' ? plain : `quote-${id}`;
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}

function money(total: QuoteListItem['totalPrice']): string {
  return total ? `${total.amount.toFixed(2)} ${total.currency}` : '-';
}

function formatList(items: QuoteListItem[], pagination: QuotePage['pagination'] | null): string {
  const rows = items.map((quote) => [quote.id, quote.quoteNumber ?? '-', quote.status, quote.projectName ?? '-', quote.companyName ?? '-', money(quote.totalPrice), quote.validUntil?.slice(0, 10) ?? '-']);
  const table = formatTable(['ID', 'NUMBER', 'STATUS', 'PROJECT', 'COMPANY', 'TOTAL', 'VALID UNTIL'], rows);
  const footer = pagination
    ? `Page ${pagination.page} of ${Math.max(pagination.totalPages, 1)} (${countOf(pagination.total, 'quote')})`
    : countOf(items.length, 'quote');
  return `${items.length === 0 ? 'No quotes.\n' : table}${footer}\n`;
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function formatTable(header: string[], rows: string[][]): string {
  const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  const cells = [header, ...rows.map((row) => row.map(clip))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}

function formatDetails(quote: QuoteDetails): string {
  const lines: [string, string][] = [
    ['Quote', quote.quoteNumber ?? '(not yet numbered)'],
    ['ID', quote.id],
    ['Status', quote.status],
    ['Project', quote.projectName ?? '-'],
    ['Description', quote.projectDescription ?? '-'],
    ['Company', quote.company.name],
    ['Total', money(quote.totalPrice)],
    ['Quote date', quote.quoteDate ?? '-'],
    ['Deadline for quote', quote.deadlineForQuote ?? '-'],
    ['Project due', quote.projectDueDate ?? '-'],
    ['Valid until', quote.validUntil ?? '-'],
  ];
  if (quote.referenceNumber) lines.push(['Reference', quote.referenceNumber]);
  if (quote.poNumber) lines.push(['PO number', quote.poNumber]);
  const width = Math.max(...lines.map(([label]) => label.length));
  let text = lines.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n') + '\n';
  for (const team of quote.itemsPricing?.teams ?? []) {
    text += `\n${team.teamName}: ${team.total.toFixed(2)} ${team.currency}\n`;
    for (const service of team.clientServices) {
      for (const market of service.targetMarkets) {
        text += `  ${service.serviceName} / ${market.targetMarketLabel}: ${market.subTotal.toFixed(2)}\n`;
        for (const item of market.items) text += `    ${item.itemName}: ${item.quantity} ${item.unit} x ${item.unitPrice} = ${item.totalPrice.toFixed(2)}\n`;
      }
    }
  }
  return text;
}

// `tsx main/cli.ts ...` (npm run cli) runs it directly; bin/quotedesk.js imports runCli.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
  process.exitCode = code;
}

import { resolve } from 'node:path';
import { createQuotingClient, DEFAULT_RETRY_POLICY, InvalidStateError } from '../core/api';
import type { ClosableQuotingClient, QuotePage, Timeouts } from '../core/api';
import { createSilentLogger } from '../core/log';
import type { Clock } from '../core/ports';
import { systemClock } from '../core/ports';
import type { Credentials, KeyAccess, QuoteListItem } from '../../preload/contract';
import { confirmDecision, decisionBlocked, requireConfirmable, statusRefusal } from './decision';
import { EXIT_CODES } from './exit-codes';
import { helpText } from './help';
import { runListenCommand } from './listen/command';
import {
  UsageError,
  credentialsFrom,
  expectNoArgs,
  parseAccess,
  parseCommandLine,
  parseCount,
  parseStatus,
  parseTimeout,
  refuseConnectionWithAccount,
  refuseForeignOptions,
  requireBaseUrl,
  requireCommand,
  requireQuoteId,
} from './options';
import type { CliValues, Command } from './options';
import { formatDecision, formatDetails, formatList, formatSaved } from './output';
import { checkDestination, describeWriteFailure, safeFileName } from './pdf-target';
import { keyKindWarning, seenInDetails } from './key-kind';
import { CliFailure, CliRefusal, report } from './report';
import { retryNoticeLogger } from './retry-notice';
import { cliVersion } from './version';
import { environmentLocale, inLocale, KNOWN_LANGUAGES, requestedLocale, takeLangOption } from './locale';
import { m } from '../../i18n/paraglide/messages.js';
import { runRelayCommand } from './relay';
import { runRelayListen } from './relay-listen';
import { runTeamCommand } from './team/command';
import { approvalNeeded, runTeamAccept } from './team/accept';
import { EndpointRefusal } from '../core/cli-endpoint/protocol';
import { runOutboxCommand } from './outbox';
import { folderHeld, openAccountSource } from './account-source';
import type { AccountSource } from './account-source';
import { dataFolderPath } from './data-folder';
import { clientSource } from './quote-source';
import type { QuoteSource } from './quote-source';

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
  source: QuoteSource;
  out: (value: unknown, human: () => string) => void;
  /** The key kind: statuses are said as the app's inbox says them to it. */
  access: KeyAccess;
  /** Warnings for a person (stderr); silent with --json, whose statuses are the codes themselves. */
  warn: (text: string | null) => void;
}

/**
 * Runs one command in the language of --lang, else of the environment (LC_ALL, LC_MESSAGES,
 * LANG); resolves to the process exit code. Never throws. An unknown --lang is a usage error,
 * said in the environment's language.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const { argv: rest, lang } = takeLangOption(argv);
  const fromEnvironment = environmentLocale(io.env);
  if (lang === undefined) return inLocale(fromEnvironment, () => runCommand(rest, io));
  let locale;
  try {
    locale = requestedLocale(lang);
  } catch {
    const refusal = () => new UsageError(m.cli_language_unknown({ given: lang, known: KNOWN_LANGUAGES.join(', ') }));
    return inLocale(fromEnvironment, () => report(refusal(), io.stderr, rest.includes('--json'), null));
  }
  return inLocale(locale, () => runCommand(rest, io));
}

async function runCommand(argv: string[], io: CliIo): Promise<number> {
  // Long-running commands with options of their own (main/cli/listen, main/cli/relay.ts).
  if (argv[0] === 'relay') return runRelayCommand(argv.slice(1), io);
  if (argv[0] === 'listen' && argv.includes('--relay')) return runRelayListen(argv.slice(1), io);
  if (argv[0] === 'listen') return runListenCommand(argv.slice(1), io);
  if (argv[0] === 'team') return runTeamCommand(argv.slice(1), io);
  // A stored account's accept honours the team's approval policy: read from the data folder, or, while the app holds the folder, checked by the app's gate.
  if (argv[0] === 'accept' && optionGiven(argv, '--account') && !folderHeld(dataFolderPath(optionValue(argv, '--data-dir'), io.env, io.cwd))) return runTeamAccept(argv.slice(1), io);
  if (argv[0] === 'outbox') return runOutboxCommand(argv.slice(1), io);
  let json = argv.includes('--json');
  let client: ClosableQuotingClient | null = null;
  let account: AccountSource | null = null;
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
      io.stdout.write(helpText());
      return name === undefined && !values.help ? EXIT_CODES.usage : EXIT_CODES.ok;
    }
    // Everything that can be checked here is, before a single request goes out.
    const command = requireCommand(name);
    refuseForeignOptions(command, values);
    if (command === 'list') expectNoArgs(command, rest);
    else requireQuoteId(command, rest);
    const timeouts = { ...io.timeouts, ...parseTimeout(values.timeout) };
    refuseConnectionWithAccount(values);
    const fromAccount = values.account !== undefined;
    const baseUrl = fromAccount ? null : requireBaseUrl(values, io.env);
    const credentials = fromAccount ? null : credentialsFrom(values, io.env);
    mechanism = credentials?.mechanism ?? null;
    let access = parseAccess(values.access);
    if (command === 'pdf' && values.out !== undefined) checkDestination(resolve(io.cwd, values.out), values.force);
    if (command === 'accept' || command === 'decline') requireConfirmable(command, values.yes, io.stdin);

    let source: QuoteSource;
    if (values.account !== undefined) {
      const dataDir = dataFolderPath(values['data-dir'], io.env, io.cwd);
      account = await openAccountSource(dataDir, values.account, { clock: io.clock ?? systemClock, logger: createSilentLogger(), timeouts });
      source = account.source;
      access = account.access;
    } else {
      // The shared retry policy rides out a restarting service; a person is told while it waits.
      const logger = json ? undefined : retryNoticeLogger(baseUrl!, DEFAULT_RETRY_POLICY.maxAttempts, io.stderr);
      client = createQuotingClient({ baseUrl: baseUrl!, credentials: credentials!, clock: io.clock ?? systemClock, timeouts, userAgent: 'quotedesk-cli', logger });
      source = clientSource(client, timeouts);
    }
    const list = command === 'list' ? listRequest(values, access) : null;
    const out = (value: unknown, human: () => string) => io.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : human());
    const warn = (text: string | null) => void (text && !json && io.stderr.write(`quotedesk: ${text}`));
    const job: Job = { command, values, rest, io, timeouts, source, out, access, warn };
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
    await account?.close();
  }
}

function optionGiven(argv: string[], name: string): boolean {
  return argv.some((arg) => arg === name || arg.startsWith(`${name}=`));
}

function optionValue(argv: string[], name: string): string | undefined {
  const at = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (at === -1) return undefined;
  return argv[at]!.includes('=') ? argv[at]!.slice(name.length + 1) : argv[at + 1];
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
    last = await job.source.list({ ...request, page: next });
    items.push(...last.data);
    if (!all || !last.pagination.hasNextPage) break;
  }
  const pagination = all ? null : (last?.pagination ?? null);
  job.warn(keyKindWarning(job.access, items));
  job.out({ items, pagination }, () => formatList(items, pagination, job.access));
  return EXIT_CODES.ok;
}

async function runShow(job: Job): Promise<number> {
  const quote = await job.source.get(job.rest[0]!.trim());
  job.warn(keyKindWarning(job.access, [seenInDetails(quote)]));
  job.out(quote, () => formatDetails(quote, job.access));
  return EXIT_CODES.ok;
}

async function runDecision(job: Job, decision: 'accept' | 'decline'): Promise<number> {
  const id = job.rest[0]!.trim();
  // Read first: the status says whether the decision is possible at all, the question shows
  // the quote, and the success line names its number (the decision's answer has only the ID).
  const quote = await job.source.get(id);
  job.warn(keyKindWarning(job.access, [seenInDetails(quote)]));
  const blocked = decisionBlocked(quote, job.access, decision);
  if (blocked) throw new CliRefusal(blocked, EXIT_CODES.invalidState, 'invalid-state');
  await confirmDecision(quote, decision, job.values.reason, job.values.yes, job.io.stdin, job.io.stderr);
  try {
    const outcome = await job.source.decide(decision, id, job.values.reason);
    job.out({ ...outcome, quoteNumber: quote.quoteNumber }, () => formatDecision(decision, outcome, quote.quoteNumber, job.access));
    return EXIT_CODES.ok;
  } catch (error) {
    // The running app's gate held it back (a team's folder): said as `accept --account` says it without the app.
    if (error instanceof EndpointRefusal && error.code === 'approval-needed') throw approvalNeeded(quote.quoteNumber ?? id, error.message);
    if (!(error instanceof InvalidStateError)) throw error;
    // Refused for its status after all (a client key's PENDING, or a change meanwhile): say where it stands now.
    const now = await job.source.get(id).catch(() => quote);
    throw new CliRefusal(statusRefusal(now, job.access, decision), EXIT_CODES.invalidState, 'invalid-state');
  }
}

async function runPdf(job: Job): Promise<number> {
  const id = job.rest[0]!.trim();
  const { quoteNumber } = await job.source.get(id);
  let destination = '';
  try {
    const saved = await job.source.savePdf(id, (fileName) => {
      destination = resolve(job.io.cwd, job.values.out ?? safeFileName(fileName ?? '', quoteNumber ?? `quote-${id}`));
      checkDestination(destination, job.values.force);
      return destination;
    });
    job.warn(job.source.pdfNote?.() ? `${job.source.pdfNote()}\n` : null);
    job.out({ path: saved.path, bytes: saved.bytes, fileName: saved.fileName, quoteNumber }, () => formatSaved(quoteNumber, saved.path, saved.bytes));
    return EXIT_CODES.ok;
  } catch (error) {
    const problem = destination ? describeWriteFailure(error, destination) : null;
    throw problem ? new CliFailure(problem) : error;
  }
}

// Everything the CLI can check before it sends a request: the command line's shape, the
// service address, the credentials, ids, pages. A problem here is a usage error (exit 2).
import { parseArgs } from 'node:util';
import { DEFAULT_TIMEOUTS } from '../core/api';
import type { Timeouts } from '../core/api';
import { globalRedactor } from '../core/log';
import { Credentials, KeyAccess, LIST_LIMIT_MAX, QUOTE_STATUSES, QuoteStatus } from '../../preload/contract';
import { m } from '../../i18n/paraglide/messages.js';
import { getLocale } from '../../i18n/paraglide/runtime.js';
import { baseUrlProblem } from '../../i18n/words/base-url';
import { closest } from './suggest';
import { parseProblem } from './parse-problem';

export class UsageError extends Error {}

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  account: { type: 'string' },
  'data-dir': { type: 'string' },
  access: { type: 'string' },
  status: { type: 'string' },
  search: { type: 'string' },
  page: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  reason: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

export type CliValues = ReturnType<typeof parseCommandLine>['values'];
export type CliEnv = Record<string, string | undefined>;

export function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseProblem(error));
  }
}

export const COMMANDS = ['list', 'show', 'accept', 'decline', 'pdf'] as const;
export type Command = (typeof COMMANDS)[number];

/** Every command name a user may type, the long-running ones included: what a slip is matched against. */
const ALL_COMMANDS = [...COMMANDS, 'listen', 'relay', 'team', 'help'] as const;

/** Options that mean something to some commands only: given to another, they are a mistake. */
const OPTION_COMMANDS: Partial<Record<keyof CliValues, Command | readonly Command[]>> = {
  status: 'list',
  search: 'list',
  page: 'list',
  limit: 'list',
  all: 'list',
  reason: 'decline',
  out: 'pdf',
  force: 'pdf',
  yes: ['accept', 'decline'],
};

export function requireCommand(name: string): Command {
  if (!(COMMANDS as readonly string[]).includes(name)) {
    const suggestion = closest(name, ALL_COMMANDS);
    const said = { name, commands: ALL_COMMANDS.join(', ') };
    throw new UsageError(suggestion ? m.cli_unknown_command_suggest({ ...said, suggestion }) : m.cli_unknown_command(said));
  }
  return name as Command;
}

export function refuseForeignOptions(command: Command, values: CliValues): void {
  for (const [option, owners] of Object.entries(OPTION_COMMANDS)) {
    const allowed: readonly Command[] = typeof owners === 'string' ? [owners] : owners;
    if (!allowed.includes(command) && values[option as keyof CliValues] !== undefined) throw new UsageError(m.cli_option_foreign({ option: `--${option}`, commands: new Intl.ListFormat(getLocale(), { type: 'conjunction' }).format(allowed) }));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one quote ID a command takes: a UUID, refused here rather than by the service. */
export function requireQuoteId(command: Command, args: string[]): string {
  if (args.length === 0) throw new UsageError(m.cli_quote_id_missing({ command }));
  if (args.length > 1) throw new UsageError(m.cli_quote_id_too_many({ command, count: args.length }));
  const id = args[0]!.trim();
  if (!UUID.test(id)) {
    throw new UsageError(m.cli_quote_id_invalid({ given: args[0]! }));
  }
  return id;
}

/** --account takes its connection and key kind from the data folder: the options that give them are a mistake beside it. */
export function refuseConnectionWithAccount(values: CliValues): void {
  if (values.account === undefined) {
    if (values['data-dir'] !== undefined) throw new UsageError(m.cli_data_dir_without_account());
    return;
  }
  const given = (['base-url', 'api-key', 'client-id', 'client-secret', 'access'] as const).filter((option) => values[option] !== undefined);
  if (given.length > 0) throw new UsageError(m.cli_account_with_connection({ options: new Intl.ListFormat(getLocale(), { type: 'conjunction' }).format(given.map((option) => `--${option}`)) }));
}

export function expectNoArgs(command: Command, args: string[]): void {
  if (args.length > 0) throw new UsageError(m.cli_no_arguments({ command, given: args.join(' ') }));
}

const API_PREFIX = /\/api(\/public(\/v1)?)?\/?$/i;

/** The service's root address: THE base-URL rule, plus the CLI's own hint about /api/public/v1. */
export function requireBaseUrl(values: CliValues, env: CliEnv): string {
  const fromOption = values['base-url'] !== undefined;
  const given = fromOption ? values['base-url'] : env.QUOTEDESK_BASE_URL || undefined;
  const source = fromOption ? '--base-url' : 'QUOTEDESK_BASE_URL';
  if (!given?.trim()) throw new UsageError(m.cli_base_url_missing());
  const problem = baseUrlProblem(given);
  if (problem) {
    // The rule's words about user info point at the app's form; here credentials are options.
    const url = URL.parse(given.trim());
    if (url && (url.username !== '' || url.password !== '')) {
      throw new UsageError(`${source}: ${m.cli_base_url_user_info()}`);
    }
    throw new UsageError(`${source}: ${problem}`);
  }
  const url = new URL(given.trim());
  if (API_PREFIX.test(url.pathname)) {
    const root = `${url.origin}${url.pathname.replace(API_PREFIX, '')}`;
    throw new UsageError(m.cli_base_url_api_path({ source, given, root }));
  }
  return given.trim();
}

/**
 * Credentials from options, else from the environment (an empty variable counts as unset).
 * A client ID and its secret go together: one without the other is explained, never
 * silently replaced by an API key from elsewhere.
 */
export function credentialsFrom(values: CliValues, env: CliEnv): Credentials {
  const option = { apiKey: values['api-key'], clientId: values['client-id'], clientSecret: values['client-secret'] };
  const environment = { apiKey: env.QUOTEDESK_API_KEY || undefined, clientId: env.QUOTEDESK_CLIENT_ID || undefined, clientSecret: env.QUOTEDESK_CLIENT_SECRET || undefined };
  let candidate: unknown;
  if (option.apiKey !== undefined) {
    if (option.clientId !== undefined || option.clientSecret !== undefined) {
      throw new UsageError(m.cli_credentials_both());
    }
    candidate = { mechanism: 'api-key', apiKey: option.apiKey };
  } else if (option.clientId !== undefined || option.clientSecret !== undefined) {
    const clientId = option.clientId ?? environment.clientId;
    const clientSecret = option.clientSecret ?? environment.clientSecret;
    if (clientSecret === undefined) throw new UsageError(m.cli_client_secret_missing());
    if (clientId === undefined) throw new UsageError(m.cli_client_id_missing());
    candidate = { mechanism: 'client-credentials', clientId, clientSecret };
  } else if (environment.apiKey !== undefined) {
    candidate = { mechanism: 'api-key', apiKey: environment.apiKey };
  } else if (environment.clientId !== undefined || environment.clientSecret !== undefined) {
    if (environment.clientSecret === undefined) throw new UsageError(m.cli_env_client_secret_missing());
    if (environment.clientId === undefined) throw new UsageError(m.cli_env_client_id_missing());
    candidate = { mechanism: 'client-credentials', ...environment, apiKey: undefined };
  } else {
    throw new UsageError(m.cli_credentials_missing());
  }
  const parsed = Credentials.safeParse(candidate);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'incomplete credentials');
  globalRedactor.add(parsed.data.mechanism === 'api-key' ? parsed.data.apiKey : parsed.data.clientSecret);
  return parsed.data;
}

export function parseAccess(value: string | undefined): KeyAccess {
  const parsed = KeyAccess.safeParse(value ?? 'client');
  if (!parsed.success) throw new UsageError(m.cli_access_invalid({ given: value ?? '' }));
  return parsed.data;
}

export function parseStatus(value: string | undefined, access: KeyAccess): QuoteStatus | undefined {
  if (value === undefined) return undefined;
  const parsed = QuoteStatus.safeParse(value.toUpperCase());
  if (!parsed.success) throw new UsageError(m.cli_status_unknown({ given: value, statuses: QUOTE_STATUSES.join(', ') }));
  if (access === 'client' && ['SENT', 'SENT_PENDING', 'SENT_REVISED'].includes(parsed.data)) {
    throw new UsageError(m.cli_status_internal_only({ status: parsed.data, shown: parsed.data === 'SENT_REVISED' ? 'REVISED' : 'PENDING' }));
  }
  return parsed.data;
}

/** --page and --limit: whole numbers in range, refused here (exit 2) whatever is wrong with them. */
export function parseCount(name: '--page' | '--limit', value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const max = name === '--limit' ? LIST_LIMIT_MAX : Number.MAX_SAFE_INTEGER;
  const count = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > max) {
    throw new UsageError(name === '--limit' ? m.cli_limit_invalid({ max: LIST_LIMIT_MAX, given: value }) : m.cli_page_invalid({ given: value }));
  }
  return count;
}

// Generous bounds: under a tenth of a second nothing answers, and over an hour is a hang.
const TIMEOUT_SECONDS = { min: 0.1, max: 3600 };

export function parseTimeout(value: string | undefined): Partial<Timeouts> {
  if (value === undefined) return {};
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds >= TIMEOUT_SECONDS.min && seconds <= TIMEOUT_SECONDS.max)) {
    throw new UsageError(m.cli_timeout_invalid({ min: TIMEOUT_SECONDS.min, max: TIMEOUT_SECONDS.max, given: value }));
  }
  const ms = Math.round(seconds * 1000);
  // A longer wait than the default overall deadline for reading an answer extends it too,
  // so --timeout 120 really lets a slow answer take two minutes.
  return { connectMs: ms, headersMs: ms, bodyMs: ms, ...(ms > DEFAULT_TIMEOUTS.bodyTotalMs ? { bodyTotalMs: ms } : {}) };
}

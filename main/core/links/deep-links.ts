// quotedesk:// links: what notifications carry, what the OS hands a second launch, what a
// person may paste from a colleague's chat. Anything can put such a link in front of the
// app, so the parser is strict: one shape per view, no encoding, no traversal, no guessing.
// A refused link comes back with a reason for one log line; the caller never acts on it.
import type { Route } from '../../../preload/contract';

export const DEEP_LINK_SCHEME = 'quotedesk';
/** Longer than any link the app makes (100 quote ids in a summary fit well below). */
export const MAX_DEEP_LINK_BYTES = 2048;
const MAX_FILTERED_QUOTES = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Account ids are uuids, or `demo-<uuid>` for demo accounts: plain characters, bounded. */
const ACCOUNT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export type DeepLinkResult = { ok: true; route: Route } | { ok: false; reason: string };

export interface DeepLinkContext {
  /** Whether an account with this id is configured: a link to any other is refused. */
  isKnownAccount(accountId: string): boolean;
}

/** The link that opens `route`; parseDeepLink reads it back as the same route. */
export function deepLinkFor(route: Route): string {
  if (route.view === 'quote') return `${DEEP_LINK_SCHEME}://quote/${route.accountId}/${route.quoteId}`;
  const account = route.accountId === null ? '' : `/${route.accountId}`;
  const filter = route.quoteIds.length > 0 ? `?quotes=${route.quoteIds.join(',')}` : '';
  return `${DEEP_LINK_SCHEME}://inbox${account}${filter}`;
}

const refuse = (reason: string): DeepLinkResult => ({ ok: false, reason });

export function parseDeepLink(input: unknown, context: DeepLinkContext): DeepLinkResult {
  if (typeof input !== 'string') return refuse('not a string');
  if (Buffer.byteLength(input, 'utf8') > MAX_DEEP_LINK_BYTES) return refuse(`longer than ${MAX_DEEP_LINK_BYTES} bytes`);
  // Control characters, spaces and non-ASCII never occur in a link the app makes; they are
  // how look-alike and header-splitting tricks start.
  if (!/^[\x21-\x7e]*$/.test(input)) return refuse('contains spaces, control or non-ASCII characters');
  const prefix = `${DEEP_LINK_SCHEME}://`;
  if (input.slice(0, prefix.length).toLowerCase() !== prefix) return refuse(`not a ${prefix} link`);
  const rest = input.slice(prefix.length);
  if (rest.includes('%')) return refuse('percent-encoded characters (such as an encoded slash) are not accepted');
  if (rest.includes('\\')) return refuse('backslashes are not accepted');
  if (rest.includes('#')) return refuse('fragments are not accepted');
  if (rest.includes('@')) return refuse('user information is not accepted');

  const questionMark = rest.indexOf('?');
  const path = questionMark === -1 ? rest : rest.slice(0, questionMark);
  const query = questionMark === -1 ? null : rest.slice(questionMark + 1);
  // Windows hands registered links over with a trailing slash added: one is tolerated.
  const segments = (path.endsWith('/') ? path.slice(0, -1) : path).split('/');
  if (segments.some((segment) => segment === '' )) return refuse('empty path segment');
  if (segments.some((segment) => segment === '.' || segment === '..')) return refuse('path traversal');

  const [view, ...parts] = segments;
  if (view === 'quote') return parseQuote(parts, query, context);
  if (view === 'inbox') return parseInbox(parts, query, context);
  return refuse(`unknown view "${(view ?? '').slice(0, 40)}"`);
}

function checkAccount(accountId: string, context: DeepLinkContext): string | null {
  if (!ACCOUNT_ID.test(accountId)) return 'malformed account id';
  if (!context.isKnownAccount(accountId)) return 'unknown account';
  return null;
}

function parseQuote(parts: string[], query: string | null, context: DeepLinkContext): DeepLinkResult {
  if (parts.length !== 2) return refuse('a quote link is quotedesk://quote/<account>/<quote id>');
  if (query !== null) return refuse('a quote link takes no query');
  const [accountId, quoteId] = parts as [string, string];
  const accountProblem = checkAccount(accountId, context);
  if (accountProblem) return refuse(accountProblem);
  if (!UUID.test(quoteId)) return refuse('the quote id is not a UUID');
  return { ok: true, route: { view: 'quote', accountId, quoteId: quoteId.toLowerCase() } };
}

function parseInbox(parts: string[], query: string | null, context: DeepLinkContext): DeepLinkResult {
  if (parts.length > 1) return refuse('an inbox link is quotedesk://inbox or quotedesk://inbox/<account>');
  const accountId = parts[0] ?? null;
  if (accountId !== null) {
    const accountProblem = checkAccount(accountId, context);
    if (accountProblem) return refuse(accountProblem);
  }
  let quoteIds: string[] = [];
  if (query !== null) {
    const match = /^quotes=([^&=]+)$/.exec(query);
    if (!match) return refuse('the only query an inbox link takes is quotes=<id>,<id>');
    quoteIds = match[1]!.split(',');
    if (quoteIds.length > MAX_FILTERED_QUOTES) return refuse(`more than ${MAX_FILTERED_QUOTES} quotes`);
    if (!quoteIds.every((id) => UUID.test(id))) return refuse('a quote id in the filter is not a UUID');
    quoteIds = [...new Set(quoteIds.map((id) => id.toLowerCase()))];
  }
  return { ok: true, route: { view: 'inbox', accountId, quoteIds } };
}

/**
 * The deep link among a launch's arguments (Windows and Linux pass it on the command line of
 * the second instance). Only an argument that claims the scheme is returned; parse it next.
 */
export function deepLinkInArguments(argv: readonly string[]): string | null {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  return argv.find((argument) => argument.slice(0, prefix.length).toLowerCase() === prefix) ?? null;
}

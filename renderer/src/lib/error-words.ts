import type { BridgeError } from '../../../preload/contract';
import { plainNetworkWords } from '../../../i18n/words/network-words';
import { hostLinkTitle } from './host-link-words';

/** What the user can do about a failure: the one button the error state offers. */
export type ErrorRemedy = 'retry' | 'update-credentials' | 'none';

export interface ErrorWords {
  /** A short heading that names the kind of problem, chosen by the error's code alone. */
  title: string;
  /** One or two plain sentences; never a raw HTTP body, request line or JSON. */
  message: string;
  remedy: ErrorRemedy;
}

interface CodeWords {
  title: string;
  /** Said when the error's own message is missing or not fit to show. */
  fallback: string;
  remedy: ErrorRemedy;
  /** The message is a technical detail (a schema path, a stack): always say the fallback. */
  technical?: boolean;
}

const BY_CODE: Record<BridgeError['code'], CodeWords> = {
  'needs-credentials': {
    title: 'The credentials need updating',
    fallback: 'The Quoting Service refused the stored credentials. Enter new ones to see the quotes again.',
    remedy: 'update-credentials',
  },
  authentication: {
    title: 'The service refused the credentials',
    fallback: 'The Quoting Service did not accept the stored credentials. Enter new ones to see the quotes again.',
    remedy: 'update-credentials',
  },
  forbidden: {
    title: 'This key may not see these quotes',
    fallback: 'The Quoting Service does not allow this key to list these quotes. Check the key kind or use another key.',
    remedy: 'update-credentials',
  },
  'rate-limited': {
    title: 'The service asked Quotedesk to slow down',
    fallback: 'The Quoting Service is limiting requests for now.',
    remedy: 'retry',
  },
  server: {
    title: 'The Quoting Service has a problem',
    fallback: 'The Quoting Service could not answer because of a problem on its side. Nothing was changed.',
    remedy: 'retry',
  },
  network: {
    title: "Can't reach the Quoting Service",
    fallback: 'Quotedesk could not connect. Check the network connection and the account’s address.',
    remedy: 'retry',
  },
  timeout: {
    title: 'The Quoting Service did not answer in time',
    fallback: 'The request took too long and was given up. The service may be busy.',
    remedy: 'retry',
  },
  schema: {
    title: "The service's answer could not be read",
    fallback:
      'The Quoting Service answered in a form Quotedesk does not understand. It may be a different version of the service; the details are in the log.',
    remedy: 'retry',
    technical: true,
  },
  'invalid-output': {
    title: 'Something went wrong inside Quotedesk',
    fallback: 'Quotedesk produced an answer it could not use. The details are in the log.',
    remedy: 'retry',
    technical: true,
  },
  internal: {
    title: 'Something went wrong inside Quotedesk',
    fallback: 'Quotedesk ran into an unexpected problem. The details are in the log.',
    remedy: 'retry',
    technical: true,
  },
  'account-not-found': {
    title: 'This account is no longer there',
    fallback: 'The account was removed, perhaps in another window. Choose another account in the sidebar.',
    remedy: 'none',
  },
  'not-found': {
    title: 'Not found',
    fallback: 'The Quoting Service does not know what was asked for. Check the account’s address.',
    remedy: 'retry',
  },
  'invalid-state': { title: 'Not possible now', fallback: 'The Quoting Service refused the action in the current state.', remedy: 'retry' },
  validation: { title: 'The request was refused', fallback: 'The Quoting Service refused the request as invalid.', remedy: 'none' },
  'invalid-input': { title: 'The request was refused', fallback: 'Quotedesk could not send this request.', remedy: 'none' },
  'unknown-method': {
    title: 'Something went wrong inside Quotedesk',
    fallback: 'This window and the app do not match. Reload the window.',
    remedy: 'none',
    technical: true,
  },
};

const GENERIC: CodeWords = { title: 'Something went wrong', fallback: 'Quotedesk could not finish the request.', remedy: 'retry' };

/**
 * What a failed call says about the account's link to the service, in the account-status
 * words (main may name the same statuses): null when the failure says nothing about it.
 */
export function statusAfterFailure(code: string): 'unreachable' | 'service-error' | 'rate-limited' | null {
  if (code === 'network' || code === 'timeout') return 'unreachable';
  if (code === 'server' || code === 'schema') return 'service-error';
  if (code === 'rate-limited') return 'rate-limited';
  return null;
}

/** Longer than this is a dump, not a sentence meant for a person. */
const MAX_MESSAGE_LENGTH = 280;

/** Heading, plain sentence and remedy for an error, by its code (the message only refines it). */
export function describeFailure(error: BridgeError): ErrorWords {
  // The host itself is away (browser mode): not the Quoting Service's fault, and nothing to retry yet.
  const hostTitle = hostLinkTitle(error.message);
  if (hostTitle !== null) return { title: hostTitle, message: error.message.replaceAll('`', ''), remedy: 'none' };
  // A code the contract adds later still gets words, never a crash.
  const words = BY_CODE[error.code] ?? GENERIC;
  const message = words.technical ? null : plainMessage(error.message);
  return { title: words.title, message: message ?? words.fallback, remedy: words.remedy };
}

/**
 * The person-facing part of a message, or null when nothing of it is fit to show. Cuts
 * request lines (`[GET /path (HTTP 503)]`), raw bodies (JSON, HTML) and anything after
 * them; a body's own `error.message` is kept, in quotes, when it can be read.
 */
export function plainMessage(message: string | null | undefined): string | null {
  if (!message) return null;
  message = plainNetworkWords(message);
  const bodyStart = message.search(/[{<]/);
  const body = bodyStart >= 0 ? message.slice(bodyStart) : '';
  let lead = (bodyStart >= 0 ? message.slice(0, bodyStart) : message)
    .replace(/\s*\[[A-Z]+ \/[^\]]*\]/g, '')
    .replace(/\s*\((?:HTTP )?\d{3}\)/g, '')
    .replace(/\s*HTTP \d{3}\b/g, '')
    .replace(/[\s:;,-]+$/, '')
    .trim();
  if (/\n|\bat \S+:\d+:\d+/.test(lead)) lead = lead.split('\n')[0]!.trim();
  const said = serviceSaid(body);
  if (lead === '' && said === null) return null;
  let sentence = lead === '' ? `The service said: “${said}”` : endSentence(lead);
  if (lead !== '' && said !== null && !lead.toLowerCase().includes(said.toLowerCase())) sentence += ` The service said: “${said}”`;
  return sentence.length > MAX_MESSAGE_LENGTH ? null : sentence;
}

/** `error.message` (or `message`) of a JSON body, when it is a short string. */
function serviceSaid(body: string): string | null {
  if (!body.startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const inner = isRecord(parsed.error) ? parsed.error.message : parsed.message;
  if (typeof inner !== 'string') return null;
  const text = inner.trim().replace(/[.!]+$/, '');
  return text === '' || text.length > 160 || /[{<]/.test(text) ? null : `${text}.`;
}

function endSentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * When the service said to try again (Retry-After), as a moment; null when it did not say.
 * The contract's error may carry `retryAfterMs` (relative to when it arrived) or `retryAt`
 * (an ISO time); both are read defensively, as optional extras of the error value.
 */
export function retryAtOf(error: BridgeError, receivedAt: number): Date | null {
  const extras: Record<string, unknown> = { ...error };
  const { retryAfterMs, retryAt } = extras;
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs > 0) return new Date(receivedAt + retryAfterMs);
  if (typeof retryAt === 'string') {
    const at = Date.parse(retryAt);
    if (!Number.isNaN(at) && at > receivedAt) return new Date(at);
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

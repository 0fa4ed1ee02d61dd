import type { BridgeError } from '../../../preload/contract';
import { plainNetworkWords } from '../../../i18n/words/network-words';
import { hostLinkTitle } from './host-link-words';
import { m } from '../../../i18n/paraglide/messages.js';
import { baseLocale } from '../../../i18n/paraglide/runtime.js';
import { uiLocale } from './i18n/locale.svelte';

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
  title: () => string;
  /** Said when the error's own message is missing, not fit to show, or not in the UI's language. */
  fallback: () => string;
  remedy: ErrorRemedy;
  /** The message is a technical detail (a schema path, a stack): always say the fallback. */
  technical?: boolean;
}

// Words are functions, called when an error is described, so they follow a language switch.
const BY_CODE: Record<BridgeError['code'], CodeWords> = {
  'needs-credentials': { title: () => m.quote_error_credentials_title(), fallback: () => m.quote_error_credentials_text(), remedy: 'update-credentials' },
  authentication: { title: () => m.quote_error_authentication_title(), fallback: () => m.quote_error_authentication_text(), remedy: 'update-credentials' },
  forbidden: { title: () => m.quote_error_forbidden_title(), fallback: () => m.quote_error_forbidden_text(), remedy: 'update-credentials' },
  'rate-limited': { title: () => m.quote_error_rate_limited_title(), fallback: () => m.quote_error_rate_limited_text(), remedy: 'retry' },
  server: { title: () => m.quote_error_server_title(), fallback: () => m.quote_error_server_text(), remedy: 'retry' },
  network: { title: () => m.quote_error_network_title(), fallback: () => m.quote_error_network_text(), remedy: 'retry' },
  timeout: { title: () => m.quote_error_timeout_title(), fallback: () => m.quote_error_timeout_text(), remedy: 'retry' },
  schema: { title: () => m.quote_error_schema_title(), fallback: () => m.quote_error_schema_text(), remedy: 'retry', technical: true },
  'invalid-output': { title: () => m.quote_error_inside_title(), fallback: () => m.quote_error_invalid_output_text(), remedy: 'retry', technical: true },
  internal: { title: () => m.quote_error_inside_title(), fallback: () => m.quote_error_internal_text(), remedy: 'retry', technical: true },
  'account-not-found': { title: () => m.quote_error_account_gone_title(), fallback: () => m.quote_error_account_gone_text(), remedy: 'none' },
  'not-found': { title: () => m.quote_error_not_found_title(), fallback: () => m.quote_error_not_found_text(), remedy: 'retry' },
  'invalid-state': { title: () => m.quote_error_invalid_state_title(), fallback: () => m.quote_error_invalid_state_text(), remedy: 'retry' },
  validation: { title: () => m.quote_error_refused_title(), fallback: () => m.quote_error_validation_text(), remedy: 'none' },
  'invalid-input': { title: () => m.quote_error_refused_title(), fallback: () => m.quote_error_invalid_input_text(), remedy: 'none' },
  'unknown-method': { title: () => m.quote_error_inside_title(), fallback: () => m.quote_error_unknown_method_text(), remedy: 'none', technical: true },
};

const GENERIC: CodeWords = { title: () => m.quote_error_generic_title(), fallback: () => m.quote_error_generic_text(), remedy: 'retry' };

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
  // The error's own message is English unless main said it from the catalogue (then it names
  // its language): in a window of another language the code's words say it, rather than an
  // English sentence in a German window.
  const message = words.technical || (error.language ?? baseLocale) !== uiLocale() ? null : plainMessage(error.message);
  return { title: words.title(), message: message ?? words.fallback(), remedy: words.remedy };
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
  if (lead === '') return said === null ? null : m.quote_error_service_said({ said });
  let sentence = endSentence(lead);
  if (said !== null && !lead.toLowerCase().includes(said.toLowerCase())) sentence += ` ${m.quote_error_service_said({ said })}`;
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
  // Japanese and Arabic end sentences with their own marks.
  return /[.!?…。！？؟]$/.test(capital) ? capital : `${capital}.`;
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

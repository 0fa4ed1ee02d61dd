// Where each entry lives in the team's KV bucket. A key names what it is about, so a watcher can
// fold entries without reading them first, and a signature over the key pins an entry to it.
import { createHash, randomBytes } from 'node:crypto';
import { m } from '../../../i18n/paraglide/messages.js';

export const DEFAULT_BUCKET = 'quotedesk-team';
/** Revisions kept per key: how far back the record of an assignee's changes goes (JetStream's maximum). */
export const HISTORY_DEPTH = 64;

export const TEAM_KEY = 'team';
export const joinKey = (publicKey: string) => `join.${publicKey}`;
export const memberKey = (publicKey: string) => `member.${publicKey}`;
export const policyKey = (service: string) => `policy.${service}`;

export interface QuoteRef {
  /** The Quoting Service, as serviceToken makes it. */
  service: string;
  /** The quote's id (a UUID). */
  quote: string;
}

const quotePrefix = (ref: QuoteRef) => `quote.${ref.service}.${ref.quote}`;
export const assigneeKey = (ref: QuoteRef) => `${quotePrefix(ref)}.assignee`;
export const noteKey = (ref: QuoteRef, id: string) => `${quotePrefix(ref)}.note.${id}`;
export const requestKey = (ref: QuoteRef, id: string) => `${quotePrefix(ref)}.request.${id}`;
export const decisionKey = (ref: QuoteRef, request: string) => `${quotePrefix(ref)}.decision.${request}`;

export type ParsedKey =
  | { kind: 'team' }
  | { kind: 'join' | 'member'; publicKey: string }
  | { kind: 'policy'; service: string }
  | { kind: 'assignee'; ref: QuoteRef }
  | { kind: 'note' | 'request' | 'decision'; ref: QuoteRef; id: string };

export function parseKey(key: string): ParsedKey | null {
  const parts = key.split('.');
  if (key === TEAM_KEY) return { kind: 'team' };
  if (parts.length === 2 && (parts[0] === 'join' || parts[0] === 'member')) return { kind: parts[0], publicKey: parts[1]! };
  if (parts.length === 2 && parts[0] === 'policy') return { kind: 'policy', service: parts[1]! };
  if (parts[0] !== 'quote' || parts.length < 4) return null;
  const ref = { service: parts[1]!, quote: parts[2]! };
  if (parts.length === 4 && parts[3] === 'assignee') return { kind: 'assignee', ref };
  if (parts.length === 5 && (parts[3] === 'note' || parts[3] === 'request' || parts[3] === 'decision')) return { kind: parts[3], ref, id: parts[4]! };
  return null;
}

/**
 * The Quoting Service an account talks to, as a KV key token: the same for every teammate whose
 * account has the same address (their keys may differ), and no part of the address on the server.
 */
export function serviceToken(baseUrl: string): string {
  const url = URL.parse(baseUrl.trim());
  const origin = url ? `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase() : baseUrl.trim().toLowerCase();
  return `s${createHash('sha256').update(origin).digest('hex').slice(0, 16)}`;
}

/** A fresh entry id: random, so two installations never make the same one. */
export function newEntryId(): string {
  return randomBytes(12).toString('base64url');
}

/** A quote id may be a KV token: letters, digits, '-' and '_' only. */
export function quoteIdProblem(id: string): string | null {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? null : m.team_quote_id_invalid({ id });
}

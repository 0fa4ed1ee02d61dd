// The approval policy's gate for accepting a quote: above the account's amount in the quote's
// currency, the quote's current revision needs an approval from an approver whose limit covers
// its total and who did not ask for it. Decline needs none.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../cache/hash';
import type { EntryOf } from './entries';
import type { QuoteRef } from './keys';
import type { ApprovalRequest, TeamState } from './state';
import { formatAmount } from '../../../i18n/words/format';
import { m } from '../../../i18n/paraglide/messages.js';

export interface QuoteFacts {
  /** The priced content's fingerprint (quoteRevision): a revised quote has another one. */
  revision: string;
  total: { amount: number; currency: string } | null;
}

export type AcceptGate =
  | { allowed: true; approvedBy: string | null }
  | { allowed: false; reason: string };

/**
 * The service has no revision number, so a quote's revision here is a fingerprint of what is
 * priced (the total and the priced items): the same for every teammate who reads the same
 * quote, another one once it is revised.
 */
export function quoteRevision(quote: { totalPrice: unknown; itemsPricing?: unknown }): string {
  return createHash('sha256')
    // Canonical: the cache keeps a quote with its keys sorted, a fresh read in the service's
    // order, and both must give one revision (an approval asked on the cached copy was refused
    // when the outbox re-read the quote fresh after the undo window).
    .update(canonicalJson({ total: quote.totalPrice ?? null, items: quote.itemsPricing ?? null }))
    .digest('hex')
    .slice(0, 12);
}

/** The policy's amount for this total's currency, when the total is above it. */
export function thresholdExceeded(policy: EntryOf<'policy'> | undefined, total: QuoteFacts['total']): number | null {
  if (!policy || !total) return null;
  const over = policy.over[total.currency.toUpperCase()];
  return over !== undefined && total.amount > over ? over : null;
}

/** Whether a decided request approves this revision under the policy. */
export function approves(state: TeamState, item: ApprovalRequest, facts: QuoteFacts): boolean {
  const { request, decision } = item;
  if (!decision?.body.approved || request.body.revision !== facts.revision || !facts.total) return false;
  const approver = state.roster.members.get(decision.author.key);
  if (!approver || (approver.role !== 'approver' && approver.role !== 'admin')) return false;
  const limit = approver.limits[facts.total.currency.toUpperCase()];
  return limit !== undefined && limit >= facts.total.amount && approver.key !== request.author.key;
}

/** May this quote be accepted now, and if not, why (in words for a person, in the language main speaks)? */
export function acceptGate(state: TeamState, ref: QuoteRef, facts: QuoteFacts): AcceptGate {
  const over = thresholdExceeded(state.policies.get(ref.service), facts.total);
  if (over === null) return { allowed: true, approvedBy: null };
  const quote = state.quote(ref);
  const approval = quote.requests.find((item) => approves(state, item, facts));
  if (approval) return { allowed: true, approvedBy: approval.decision!.author.email };
  const currency = facts.total!.currency.toUpperCase();
  const older = quote.requests.some((item) => item.decision?.body.approved && item.request.body.revision !== facts.revision);
  const refused = quote.requests.find((item) => item.request.body.revision === facts.revision && item.decision && !item.decision.body.approved);
  const open = quote.requests.find((item) => item.request.body.revision === facts.revision && !item.decision);
  const why = refused
    ? m.team_gate_refused_by({ name: refused.decision!.author.name, comment: refused.decision!.body.comment })
    : open
      ? m.team_gate_request_open({ approver: state.roster.members.get(open.request.body.approver)?.email ?? m.team_gate_an_approver() })
      : older
        ? m.team_gate_older_revision()
        : m.team_gate_nobody_yet();
  return { allowed: false, reason: m.team_gate_reason({ over: formatAmount(over, currency), total: formatAmount(facts.total!.amount, currency), why }) };
}

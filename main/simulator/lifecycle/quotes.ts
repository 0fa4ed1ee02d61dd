// Quote transitions of the spec's state table, by the client (accept, decline) and by
// the operator (issue, revise, re-issue, cancel, expire, convert).
import type { QuoteStatus } from '../../../preload/contract';
import type { QuoteRecord } from '../model';
import { DAY_MS } from '../model';
import type { Random } from '../random';
import { revisePricing } from '../seed/pricing';
import type { World } from '../world';
import type { Emit } from './event';
import { TransitionError } from './event';
import { createProject } from './projects';

/** The spec: accept and decline need the stored status SENT or REVISED, nothing else. */
const DECIDABLE: readonly QuoteStatus[] = ['SENT', 'REVISED'];
const OPEN: readonly QuoteStatus[] = ['PENDING', 'SENT', 'SENT_PENDING', 'REVISED', 'SENT_REVISED'];
const OFFERED: readonly QuoteStatus[] = ['SENT', 'SENT_PENDING', 'REVISED', 'SENT_REVISED'];
export const QUOTE_VALIDITY_MS = 30 * DAY_MS;

export function acceptQuote(world: World, quote: QuoteRecord, at: number, emit: Emit): void {
  requireStatus(quote, DECIDABLE, 'accepted');
  const old = quote.status;
  emitQuote(emit, quote, 'quote.accepted', at);
  setStatus(quote, 'CHANGED_TO_PROJECT', at, emit, old);
  emitQuote(emit, quote, 'quote.converted_to_project', at);
  createProject(world, quote, at, emit);
}

export function declineQuote(quote: QuoteRecord, reason: string | null, at: number, emit: Emit): void {
  requireStatus(quote, DECIDABLE, 'declined');
  const old = quote.status;
  quote.declineReason = reason;
  emitQuote(emit, quote, 'quote.rejected', at);
  setStatus(quote, 'REJECTED', at, emit, old);
}

/** PENDING -> SENT (or SENT_PENDING, the internal "sent, awaiting client action"). */
export function issueQuote(world: World, quote: QuoteRecord, at: number, emit: Emit, awaitingClient = false): void {
  requireStatus(quote, ['PENDING'], 'issued');
  if (!quote.revisions.at(-1)?.pricing) {
    throw new TransitionError(`Quote ${quote.id} has no pricing yet and cannot be issued`, 'invalid_status');
  }
  quote.quoteNumber ??= world.nextQuoteNumber(at);
  quote.quoteDate = at;
  quote.validUntil = at + QUOTE_VALIDITY_MS;
  setStatus(quote, awaitingClient ? 'SENT_PENDING' : 'SENT', at, emit, 'PENDING');
  emitQuote(emit, quote, 'quote.sent_to_client', at);
}

/** An offered quote is revised after feedback: new pricing, status REVISED. */
export function reviseQuote(random: Random, quote: QuoteRecord, at: number, emit: Emit): void {
  requireStatus(quote, OFFERED, 'revised');
  addRevision(random, quote, at);
  if (quote.status !== 'REVISED') setStatus(quote, 'REVISED', at, emit, quote.status);
  else emitQuote(emit, quote, 'quote.status_changed', at, { oldStatus: 'REVISED', newStatus: 'REVISED' });
}

/** REVISED -> SENT per the spec's table (or SENT_REVISED, the internal "revised and sent"). */
export function reissueQuote(quote: QuoteRecord, at: number, emit: Emit, awaitingClient = false): void {
  requireStatus(quote, ['REVISED'], 're-issued');
  quote.quoteDate = at;
  quote.validUntil = at + QUOTE_VALIDITY_MS;
  setStatus(quote, awaitingClient ? 'SENT_REVISED' : 'SENT', at, emit, 'REVISED');
  emitQuote(emit, quote, 'quote.revised_and_sent', at);
}

export function cancelQuote(quote: QuoteRecord, at: number, emit: Emit): void {
  requireStatus(quote, OPEN, 'cancelled');
  const old = quote.status;
  emitQuote(emit, quote, 'quote.cancelled', at);
  setStatus(quote, 'CANCELLED', at, emit, old);
}

export function expireQuote(quote: QuoteRecord, at: number, emit: Emit): void {
  requireStatus(quote, OPEN, 'expired');
  setStatus(quote, 'EXPIRED', at, emit, quote.status);
}

/** ACCEPTED -> CHANGED_TO_PROJECT: the conversion the lifecycle diagram shows. */
export function convertAcceptedQuote(world: World, quote: QuoteRecord, at: number, emit: Emit): void {
  requireStatus(quote, ['ACCEPTED'], 'converted to a project');
  setStatus(quote, 'CHANGED_TO_PROJECT', at, emit, 'ACCEPTED');
  emitQuote(emit, quote, 'quote.converted_to_project', at);
  createProject(world, quote, at, emit);
}

export function addRevision(random: Random, quote: QuoteRecord, at: number): void {
  const current = quote.revisions.at(-1);
  if (!current?.pricing) throw new TransitionError(`Quote ${quote.id} has no pricing to revise`, 'invalid_status');
  quote.revisions.push({ revision: current.revision + 1, at, pricing: revisePricing(random, current.pricing) });
  quote.updatedAt = at;
}

function requireStatus(quote: QuoteRecord, allowed: readonly QuoteStatus[], verb: string): void {
  if (!allowed.includes(quote.status)) {
    throw new TransitionError(`Quote ${quote.quoteNumber ?? quote.id} is ${quote.status} and cannot be ${verb}`, 'invalid_status');
  }
}

function setStatus(quote: QuoteRecord, status: QuoteStatus, at: number, emit: Emit, oldStatus: QuoteStatus): void {
  quote.status = status;
  quote.updatedAt = at;
  emitQuote(emit, quote, 'quote.status_changed', at, { oldStatus, newStatus: status });
}

function emitQuote(emit: Emit, quote: QuoteRecord, event: string, at: number, statuses: { oldStatus?: string; newStatus?: string } = {}): void {
  emit({ event, entityId: quote.id, companyId: quote.companyId, at, entityNumber: quote.quoteNumber, quoteStatuses: true, ...statuses });
}

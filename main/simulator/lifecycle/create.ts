// The operator's "create quote": a quote answering a submitted RFQ, or a new RFQ and its
// quote in one step.
import type { CompanyRecord, QuoteRecord, RfqRecord } from '../model';
import { buildPendingQuote } from '../seed/quote-factory';
import type { World } from '../world';
import type { Emit } from './event';
import { assertRfqQuotable, markRfqQuoted, recordQuotedRfq } from './rfqs';

export interface CreateQuoteOptions {
  projectName?: string;
  /** A submitted RFQ of the same company; it moves to quoted. */
  rfq?: RfqRecord;
}

export function createQuote(world: World, company: CompanyRecord, at: number, emit: Emit, options: CreateQuoteOptions = {}): QuoteRecord {
  const { rfq } = options;
  if (rfq) return answerRfq(world, company, rfq, at, emit, options.projectName);
  const quote = buildPendingQuote(world, world.random, { company, createdAt: at, ...(options.projectName ? { projectName: options.projectName } : {}) });
  world.addQuote(quote);
  recordQuotedRfq(world, quote);
  const rfqEvent = { entityId: quote.rfqId, companyId: company.id, at, entityNumber: quote.rfqNumber };
  emit({ ...rfqEvent, event: 'rfq.submitted' });
  emitCreated(emit, quote, at);
  emit({ ...rfqEvent, event: 'rfq.status_changed', oldStatus: 'submitted', newStatus: 'quoted' });
  return quote;
}

function answerRfq(world: World, company: CompanyRecord, rfq: RfqRecord, at: number, emit: Emit, projectName?: string): QuoteRecord {
  // Checked before anything changes: a refused RFQ leaves no quote behind.
  assertRfqQuotable(rfq);
  const quote = buildPendingQuote(world, world.random, { company, createdAt: at, projectName: projectName ?? rfq.projectName, rfq });
  world.addQuote(quote);
  emitCreated(emit, quote, at);
  markRfqQuoted(rfq, quote.id, at, emit);
  return quote;
}

function emitCreated(emit: Emit, quote: QuoteRecord, at: number): void {
  emit({ event: 'quote.created', entityId: quote.id, companyId: quote.companyId, at, entityNumber: quote.quoteNumber, newStatus: quote.status, quoteStatuses: true });
}

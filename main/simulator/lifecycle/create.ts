// A new RFQ answered by a new quote: the operator's "create quote".
import type { CompanyRecord, QuoteRecord } from '../model';
import { buildPendingQuote } from '../seed/quote-factory';
import type { World } from '../world';
import type { Emit } from './event';

export function createQuote(world: World, company: CompanyRecord, at: number, emit: Emit, projectName?: string): QuoteRecord {
  const quote = buildPendingQuote(world, world.random, { company, createdAt: at, ...(projectName ? { projectName } : {}) });
  world.addQuote(quote);
  const rfq = { entityId: quote.rfqId, companyId: company.id, at, entityNumber: quote.rfqNumber };
  emit({ ...rfq, event: 'rfq.submitted' });
  emit({ event: 'quote.created', entityId: quote.id, companyId: company.id, at, entityNumber: quote.quoteNumber, newStatus: quote.status, quoteStatuses: true });
  emit({ ...rfq, event: 'rfq.status_changed', oldStatus: 'submitted', newStatus: 'quoted' });
  return quote;
}

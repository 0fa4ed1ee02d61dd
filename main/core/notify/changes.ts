// Building the policy's input from a webhook envelope (with the cached quote when the cache
// knows it). What sync and decisions stored is worded from the cache's own report of it
// (changeFromStored in pipeline.ts).
import type { KeyAccess } from '../../../preload/contract/plain/statuses';
import type { NotifiableChange } from './types';

export interface AccountFacts {
  id: string;
  name: string;
  access: KeyAccess;
  /** The account's base URL: accounts on one service share their changes' announcements. */
  service: string | null;
}

/** The fields of a QuoteListItem (or a detail) the wording uses. */
export interface QuoteFacts {
  id: string;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  status: string;
  totalPrice: { amount: number; currency: string } | null;
}

/** The `data` of a webhook envelope (spec, "Delivery"): only entityId and timestamp are sure. */
export interface WebhookFacts {
  entityId: string;
  timestamp: string;
  entityNumber?: string | null;
  oldStatus?: string | null;
  newStatus?: string | null;
  entityName?: string | null;
}

const amountOf = (quote: QuoteFacts | null) => (quote?.totalPrice ? { value: quote.totalPrice.amount, currency: quote.totalPrice.currency } : null);

export function changeFromWebhook(account: AccountFacts, event: string, data: WebhookFacts, quote: QuoteFacts | null = null): NotifiableChange {
  const aboutQuote = event.startsWith('quote.');
  return {
    accountId: account.id,
    accountName: account.name,
    service: account.service,
    access: account.access,
    source: 'webhook',
    kind: event,
    quoteId: aboutQuote ? data.entityId : (quote?.id ?? null),
    quoteNumber: quote?.quoteNumber ?? (aboutQuote ? (data.entityNumber ?? null) : null),
    projectName: quote?.projectName ?? (event.startsWith('project.') ? (data.entityName ?? null) : null),
    companyName: quote?.companyName ?? null,
    amount: amountOf(quote),
    previousAmount: null,
    oldStatus: data.oldStatus ?? null,
    newStatus: data.newStatus ?? null,
    entityId: data.entityId,
    entityNumber: data.entityNumber ?? null,
    entityName: data.entityName ?? null,
    versionHash: null,
    changeKey: null,
    occurredAt: data.timestamp,
  };
}

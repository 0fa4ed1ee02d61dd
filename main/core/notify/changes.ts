// Building the policy's input from what the producers have: a webhook envelope (with the
// cached quote when the cache knows it), or two versions of a quote compared by sync. The
// lead's wiring calls these where the cache publishes what it stored.
import type { KeyAccess } from '../../../preload/contract/plain/statuses';
import type { ChangeSource, NotifiableChange } from './types';

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

/**
 * What sync saw change between the cached quote and the fresh one, as one change (the one a
 * person cares most about: new, then status, then revision, then price), or null.
 */
export function changeFromQuotes(
  account: AccountFacts,
  source: Extract<ChangeSource, 'sync' | 'recovered'>,
  previous: QuoteFacts | null,
  current: QuoteFacts,
  versions: { previous: string | null; current: string | null } = { previous: null, current: null },
): NotifiableChange | null {
  const samePrice = previous?.totalPrice?.amount === current.totalPrice?.amount && previous?.totalPrice?.currency === current.totalPrice?.currency;
  let kind: string | null;
  if (!previous) kind = 'quote.new';
  else if (previous.status !== current.status) kind = 'quote.status';
  else if (versions.current !== null && versions.previous !== null && versions.current !== versions.previous && !samePrice) kind = 'quote.pricing';
  else if (versions.current !== null && versions.previous !== null && versions.current !== versions.previous) kind = 'quote.revised';
  else if (!samePrice) kind = 'quote.pricing';
  else kind = null;
  if (!kind) return null;
  return {
    accountId: account.id,
    accountName: account.name,
    service: account.service,
    access: account.access,
    source,
    kind,
    quoteId: current.id,
    quoteNumber: current.quoteNumber,
    projectName: current.projectName,
    companyName: current.companyName,
    amount: amountOf(current),
    previousAmount: amountOf(previous),
    oldStatus: previous?.status ?? null,
    newStatus: current.status,
    entityId: current.id,
    entityNumber: current.quoteNumber,
    entityName: null,
    versionHash: versions.current,
    changeKey: null,
    occurredAt: null,
  };
}

// What a verified webhook event does in the core. A quote event refreshes that quote from the
// service into the cache (source 'webhook'): the cache compares and reports each real change
// once, whether a webhook or sync saw it first, and the notification policy hears it from
// there. Anything else (project, job, RFQ, unknown types) goes to the policy directly.
import type { AccountsService } from '../accounts/types';
import type { StoredQuote } from '../cache/events';
import type { DomainBus } from '../events';
import type { ReceivedWebhook } from './events';
import type { ProcessWebhook } from './receiver';
import { errorText } from '../errors';

export interface WebhookPipelineDeps {
  accounts: AccountsService;
  bus: DomainBus;
  /** A non-quote event to the notification policy; returns what it caused. */
  notify(event: ReceivedWebhook): Promise<string>;
}

export function createWebhookPipeline(deps: WebhookPipelineDeps): ProcessWebhook {
  const { accounts, bus } = deps;
  return async (event) => {
    const account = (await accounts.list()).find((candidate) => candidate.id === event.accountId);
    if (!account) return 'ignored: the account is gone';
    if (!event.event.startsWith('quote.')) return deps.notify(event);
    const quoteId = event.data.entityId;
    if (typeof quoteId !== 'string') return 'ignored: no entityId';
    let details;
    try {
      details = await (await accounts.client(event.accountId)).quotes.get(quoteId);
    } catch (error) {
      // The next sync pass picks the change up; the activity view says why it was not at once.
      return `quote not refreshed (${errorText(error)}); the next sync will catch up`;
    }
    // The bus is synchronous: whatever the cache stores for this observation is published before publish() returns.
    const stored: StoredQuote[] = [];
    const stop = bus.subscribe('quotes.stored', (payload) => {
      if (payload.accountId === event.accountId && payload.source === 'webhook') stored.push(...payload.quotes);
    });
    try {
      bus.publish('quote.changed', { accountId: event.accountId, access: account.access, source: 'webhook', observation: { kind: 'details', details } });
    } finally {
      stop();
    }
    return describeStored(quoteId, stored);
  };
}

function describeStored(quoteId: string, stored: StoredQuote[]): string {
  const changes = stored.filter((quote) => quote.quoteId === quoteId).flatMap((quote) => quote.changes);
  if (changes.length === 0) return 'quote refreshed: no change (already known)';
  const words = changes.map((change) => (change.kind === 'status' ? `status ${change.from} -> ${change.to}` : change.kind === 'revised' ? `revision ${change.revision}` : change.kind === 'updated' ? `updated ${change.fields.join(', ')}` : change.kind));
  return `quote refreshed: ${words.join('; ')}`;
}

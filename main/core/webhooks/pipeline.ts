// What a verified webhook event does in the core. A quote event refreshes that quote from the
// service and stores it through the cache's record (source 'webhook'), a direct call that
// returns what it stored: the cache compares and reports each real change once, whether a
// webhook or sync saw it first, and publishes it as the one domain event 'quotes.stored' that
// notifications, the unread state and the bridge's projection consume. Anything else
// (project, job, RFQ, unknown types) goes to the notification policy directly.
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import type { StoredQuote } from '../cache/events';
import type { ReceivedWebhook } from './events';
import type { ProcessWebhook } from './receiver';
import { errorText } from '../errors';

export interface WebhookPipelineDeps {
  accounts: AccountsService;
  cache: Pick<QuoteCache, 'record'>;
  /** A non-quote event to the notification policy; returns what it caused. */
  notify(event: ReceivedWebhook): Promise<string>;
}

export function createWebhookPipeline(deps: WebhookPipelineDeps): ProcessWebhook {
  const { accounts, cache } = deps;
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
    let stored: StoredQuote[];
    try {
      stored = cache.record({ accountId: event.accountId, access: account.access, source: 'webhook', observations: [{ kind: 'details', details }] });
    } catch (error) {
      // Nothing was stored (the old copy is intact): the next sync pass stores it again.
      return `quote not stored (${errorText(error)}); the next sync will catch up`;
    }
    return describeStored(quoteId, stored);
  };
}

// A new version of the quote was kept here. Not "revision N": N counts the versions this
// computer kept (a status change is one), not the service's revisions, and would contradict them.
export const REVISED_WORDS = 'new version kept';

function describeStored(quoteId: string, stored: StoredQuote[]): string {
  const changes = stored.filter((quote) => quote.quoteId === quoteId).flatMap((quote) => quote.changes);
  if (changes.length === 0) return 'quote refreshed: no change (already known)';
  const words = changes.map((change) => (change.kind === 'status' ? `status ${change.from} -> ${change.to}` : change.kind === 'revised' ? REVISED_WORDS : change.kind === 'updated' ? `updated ${change.fields.join(', ')}` : change.kind));
  return `quote refreshed: ${words.join('; ')}`;
}

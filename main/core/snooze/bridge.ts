// The snooze namespace of the bridge: the snoozed quotes, snoozing one and bringing one back,
// and 'snooze.changed' whenever the snoozes move (the inbox and the Snoozed view follow it).
import type { Handlers } from '../../../preload/contract';
import type { QuoteCache } from '../cache';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Clock } from '../ports';
import type { SnoozeBook, SnoozedQuoteFacts } from './snooze-book';

export type SnoozeHandlers = Pick<Handlers, 'snooze.list' | 'snooze.set' | 'snooze.clear'>;

export interface SnoozeHandlerDeps {
  book: SnoozeBook;
  cache: Pick<QuoteCache, 'get'>;
  clock: Pick<Clock, 'now'>;
  /** After the snoozes changed: they are written and announced. */
  changed(): void;
}

export function createSnoozeHandlers(deps: SnoozeHandlerDeps): SnoozeHandlers {
  const { book } = deps;
  return {
    async 'snooze.list'() {
      return book.list();
    },
    async 'snooze.set'(request) {
      book.set(request, quoteFacts(deps.cache, request.accountId, request.quoteId), deps.clock.now());
      deps.changed();
      return book.list();
    },
    async 'snooze.clear'({ quoteId }) {
      if (book.clear(quoteId)) deps.changed();
      return book.list();
    },
  };
}

/** What the Snoozed view shows of a quote, from the cache (which must hold it: only a listed quote is snoozed). */
function quoteFacts(cache: Pick<QuoteCache, 'get'>, accountId: string, quoteId: string): SnoozedQuoteFacts {
  const cached = cache.get(accountId, quoteId);
  const quote = cached?.details ?? cached?.list;
  if (!quote) throw saidError('not-found', m.main_snooze_quote_gone());
  // The details do not name the company; the list item does.
  return { quoteNumber: quote.quoteNumber, projectName: quote.projectName, companyName: cached?.list?.companyName ?? null };
}

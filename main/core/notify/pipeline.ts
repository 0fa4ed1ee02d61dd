// Feeds the notification policy from the core's events: what the cache really stored (once
// per change, whether a webhook or sync saw it first), the webhook events about things the
// cache does not hold (projects, jobs, RFQs, unknown types), and the expiry reminders: after
// each complete sync pass, and at the next reminder's 9:00 on the core's clock.
import type { QuoteCache } from '../cache';
import type { ChangeSource as CacheSource, StoredQuote } from '../cache/events';
import type { AccountsService } from '../accounts/types';
import type { DomainBus } from '../events';
import type { Clock, Logger } from '../ports';
import type { Recovery } from '../sync/recovery';
import type { ReceivedWebhook } from '../webhooks/events';
import { changeFromWebhook } from './changes';
import type { AccountFacts, QuoteFacts, WebhookFacts } from './changes';
import type { NotificationCenter, Outcome } from './notification-center';
import type { AccountQuotes } from './reminders';
import { nextReminderAt } from './reminders';
import type { OwnDecisions } from './own-decisions';
import { serviceOf } from '../accounts/same-service';
import type { ChangeSource, NotifiableChange } from './types';
import { errorText } from '../errors';

export interface NotificationPipelineDeps {
  bus: DomainBus;
  center: Pick<NotificationCenter, 'handle' | 'remindExpiring'>;
  cache: Pick<QuoteCache, 'needsActionAtAGlance' | 'revisions'>;
  accounts: Pick<AccountsService, 'list'>;
  /** Tells which sync stores are catch-ups (after sleep, a network change, a tunnel restart): 'recovered'. */
  recovery: Pick<Recovery, 'active'>;
  /** A change of a quote whose decision is being sent from here waits for its outcome: it may be that decision. */
  ownDecisions?: Pick<OwnDecisions, 'settled'>;
  /** The reminders' timer runs on it: tests move time. */
  clock: Clock;
  logger: Logger;
}

/** The longest the reminders' timer sleeps before it looks again: a machine's sleep or a clock change is caught within it. */
export const REMINDER_CHECK_MS = 15 * 60_000;

/** A cache source as the policy knows it; 'open' (the person is looking at the quote) raises nothing. */
const POLICY_SOURCE: Record<CacheSource, ChangeSource | null> = { sync: 'sync', webhook: 'webhook', decision: 'decision', open: null };

export interface NotificationPipeline {
  /** Raises the reminders due now from the cache, then again at each reminder's time; once. */
  startReminders(): void;
  /** Stops listening and the reminders' timer; settles once the timer has ended. */
  stop(): Promise<void>;
}

export function connectNotificationPipeline(deps: NotificationPipelineDeps): NotificationPipeline {
  const { bus, center, cache, logger, recovery } = deps;

  const accountFacts = async (accountId: string): Promise<AccountFacts | null> => {
    const account = (await deps.accounts.list()).find((candidate) => candidate.id === accountId);
    return account ? { id: account.id, name: account.name, access: account.access, service: serviceOf(account.baseUrl) } : null;
  };

  const stops = [
    bus.subscribe('quotes.stored', ({ accountId, source, baseline, quotes }) => {
      const policySource = source === 'sync' && recovery.active(accountId) ? 'recovered' : POLICY_SOURCE[source];
      // The first fill of a cache is not news; a quote the person opened is in front of them.
      if (baseline || policySource === null) return;
      void accountFacts(accountId).then(async (account) => {
        if (!account) return;
        for (const stored of quotes) {
          // The service's webhook may bring a decision made here before the decision's own answer does.
          if (policySource !== 'decision') await deps.ownDecisions?.settled(stored.quoteId);
          const change = changeFromStored(account, policySource, stored, quoteFacts(stored));
          if (change) center.handle(change);
        }
      }, (error: unknown) => logger.warn('stored changes could not be notified', { error: errorText(error) }));
    }),
    bus.subscribe('sync.completed', ({ accountId }) => {
      void accountFacts(accountId).then((account) => {
        if (account) center.remindExpiring([reminderQuotes(account)]);
      }, (error: unknown) => logger.warn('expiry reminders failed', { error: errorText(error) }));
    }),
  ];
  /** From the inbox index: thousands of quotes may wait, and reading each back from the store parses its two JSON documents. */
  const reminderQuotes = (account: AccountFacts): AccountQuotes => ({
    accountId: account.id,
    accountName: account.name,
    service: account.service,
    access: account.access,
    quotes: cache.needsActionAtAGlance(account.id),
    revisionOf: (quoteId) => cache.revisions(account.id, quoteId).length,
  });

  const stopTimer = new AbortController();
  // Between syncs (or with none: offline, paused), the next 9:00 still brings its reminders.
  const remindOnTime = async () => {
    while (!stopTimer.signal.aborted) {
      let next: number | null = null;
      try {
        const accounts = (await deps.accounts.list()).map((account) => reminderQuotes({ id: account.id, name: account.name, access: account.access, service: serviceOf(account.baseUrl) }));
        center.remindExpiring(accounts);
        next = nextReminderAt(accounts, deps.clock.now());
      } catch (error) {
        logger.warn('expiry reminders failed', { error: errorText(error) });
      }
      const wait = Math.min(REMINDER_CHECK_MS, next === null ? REMINDER_CHECK_MS : Math.max(0, next - deps.clock.now()));
      await deps.clock.sleep(wait, stopTimer.signal).catch(() => undefined);
    }
  };
  let timer: Promise<void> | null = null;

  return {
    startReminders() {
      timer ??= remindOnTime();
    },
    async stop() {
      stopTimer.abort();
      for (const stop of stops) stop();
      await timer;
    },
  };
}

/**
 * A webhook event about something the cache does not hold goes to the policy as it came.
 * Returns what it caused, for the webhook inspector.
 */
export async function notifyWebhookEvent(deps: Pick<NotificationPipelineDeps, 'center' | 'accounts'>, event: ReceivedWebhook): Promise<string> {
  const account = (await deps.accounts.list()).find((candidate) => candidate.id === event.accountId);
  if (!account) return 'ignored: the account is gone';
  const data = event.data as Partial<WebhookFacts>;
  if (typeof data.entityId !== 'string' || typeof data.timestamp !== 'string') return 'ignored: no entityId or timestamp';
  const outcome: Outcome = deps.center.handle(changeFromWebhook({ id: account.id, name: account.name, access: account.access, service: serviceOf(account.baseUrl) }, event.event, data as WebhookFacts));
  return `notification: ${outcome}`;
}

/** The event carries what was stored: nothing is read back from the cache (which would parse its JSON). */
function quoteFacts(stored: StoredQuote): QuoteFacts {
  return {
    id: stored.quoteId,
    quoteNumber: stored.quoteNumber,
    projectName: stored.projectName,
    companyName: stored.companyName,
    status: stored.status,
    totalPrice: stored.totalPrice,
  };
}

/** The change a person cares most about among what the cache stored for one quote: new, then status, then revision, then price. */
export function changeFromStored(account: AccountFacts, source: ChangeSource, stored: StoredQuote, quote: QuoteFacts): NotifiableChange | null {
  const find = <K extends StoredQuote['changes'][number]['kind']>(kind: K) =>
    stored.changes.find((change): change is Extract<StoredQuote['changes'][number], { kind: K }> => change.kind === kind);
  const status = find('status');
  const pricing = find('pricing');
  const revised = find('revised');
  const kind = find('new') ? 'quote.new' : status ? 'quote.status' : revised ? 'quote.revised' : pricing ? 'quote.pricing' : null;
  if (!kind) return null;
  const money = (value: { amount: number; currency: string } | null | undefined) => (value ? { value: value.amount, currency: value.currency } : null);
  return {
    accountId: account.id,
    accountName: account.name,
    service: account.service,
    access: account.access,
    source,
    kind,
    quoteId: stored.quoteId,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    companyName: quote.companyName,
    amount: money(pricing ? pricing.to : quote.totalPrice),
    previousAmount: money(pricing?.from),
    oldStatus: status?.from ?? null,
    newStatus: status?.to ?? stored.status,
    entityId: stored.quoteId,
    entityNumber: quote.quoteNumber,
    entityName: null,
    // Two revisions are two changes; the same revision seen twice is one.
    versionHash: revised ? `r${revised.revision}` : null,
    changeKey: null,
    occurredAt: null,
  };
}

// What reaches the notification policy from the core's events: real stored changes (not the
// first fill, not a quote the person opened), webhook events the cache does not hold, and
// the expiry reminders after a sync pass.
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { connectNotificationPipeline, dueReminders, notifyWebhookEvent } from '../../../../main/core/notify';
import type { AccountQuotes, NotifiableChange, Outcome } from '../../../../main/core/notify';
import { createRecovery } from '../../../../main/core/sync';
import type { AccountView, QuoteListItem } from '../../../../preload/contract';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import { createManualClock } from './fixtures';

const QUOTE = '0ef816d8-d990-4e9c-8947-2ccf3be38fc5';
const account = { id: 'acc-1', name: 'Kestrel', access: 'client', baseUrl: 'http://127.0.0.1:4010/' } as const;

function setUp() {
  const bus = createEventBus<DomainEvents>({ logger: createSilentLogger() });
  const handled: NotifiableChange[] = [];
  const center = { handle: (change: NotifiableChange): Outcome => (handled.push(change), 'shown'), remindExpiring: () => [] };
  const accounts = { list: async () => [account as unknown as AccountView] };
  const cache = { get: () => null, needsActionAtAGlance: () => [], revisions: () => [] };
  const recovery = createRecovery();
  const pipeline = connectNotificationPipeline({ bus, center, cache, accounts, recovery, clock: createManualClock(), logger: createSilentLogger() });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { bus, handled, center, accounts, settle, pipeline, recovery };
}

const statusStored = { quoteId: QUOTE, quoteNumber: 'Q-1', projectName: 'Manuals', companyName: 'Kestrel Fintech Ltd', totalPrice: { amount: 90, currency: 'EUR' }, status: 'EXPIRED' as const, changes: [{ kind: 'status' as const, from: 'SENT' as const, to: 'EXPIRED' as const }] };

describe('the notification pipeline', () => {
  it('hands a status change the cache stored from a webhook to the policy, with both statuses', async () => {
    const { bus, handled, settle } = setUp();
    bus.publish('quotes.stored', { accountId: account.id, source: 'webhook', baseline: false, quotes: [statusStored] });
    await settle();
    expect(handled).toEqual([expect.objectContaining({ accountId: account.id, accountName: 'Kestrel', service: 'http://127.0.0.1:4010', source: 'webhook', kind: 'quote.status', quoteId: QUOTE, oldStatus: 'SENT', newStatus: 'EXPIRED' })]);
  });

  it('ignores the first fill of a cache, a quote the person opened, and changes of other fields only', async () => {
    const { bus, handled, settle } = setUp();
    bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: true, quotes: [statusStored] });
    bus.publish('quotes.stored', { accountId: account.id, source: 'open', baseline: false, quotes: [statusStored] });
    bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: false, quotes: [{ ...statusStored, changes: [{ kind: 'updated', fields: ['projectName'] }] }] });
    await settle();
    expect(handled).toEqual([]);
  });

  it('passes a decision on as such, so the policy remembers it and keeps its echo quiet', async () => {
    const { bus, handled, settle } = setUp();
    bus.publish('quotes.stored', { accountId: account.id, source: 'decision', baseline: false, quotes: [statusStored] });
    await settle();
    expect(handled.map((change) => change.source)).toEqual(['decision']);
  });

  it('marks what sync stores during the catch-up after sleep as recovered, and only then', async () => {
    const { bus, handled, settle, recovery } = setUp();
    await recovery.during(async () => {
      bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: false, quotes: [statusStored] });
      bus.publish('quotes.stored', { accountId: account.id, source: 'webhook', baseline: false, quotes: [{ ...statusStored, quoteId: 'a3bb189e-8bf9-3888-9912-ace4e6543002' }] });
    });
    bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: false, quotes: [{ ...statusStored, quoteId: 'b3bb189e-8bf9-3888-9912-ace4e6543002' }] });
    await settle();
    expect(handled.map((change) => change.source)).toEqual(['recovered', 'webhook', 'sync']);
  });

  it('sends a job event straight to the policy and says what it caused', async () => {
    const { handled, center, accounts } = setUp();
    const caused = await notifyWebhookEvent({ center, accounts }, { accountId: account.id, key: 'k', event: 'job.created', data: { entityId: 'job-1', entityNumber: 'J-7', timestamp: '2026-01-01T00:00:00Z' }, receivedAt: 0, replay: false });
    expect(caused).toBe('notification: shown');
    expect(handled).toEqual([expect.objectContaining({ kind: 'job.created', source: 'webhook', entityId: 'job-1', quoteId: null })]);
  });

  it('ignores an event without the fields every envelope has', async () => {
    const { handled, center, accounts } = setUp();
    expect(await notifyWebhookEvent({ center, accounts }, { accountId: account.id, key: 'k', event: 'project.created', data: {}, receivedAt: 0, replay: false })).toMatch(/^ignored/);
    expect(handled).toEqual([]);
  });
});

describe('the expiry reminders', () => {
  const HOUR = 60 * 60 * 1000;
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  function remindersRig() {
    // 2025-03-01 09:00 UTC, a Saturday; the person is in London (UTC in March).
    process.env.TZ = 'Europe/London';
    const clock = createManualClock();
    const rig = cacheRig(':memory:', clock as unknown as Parameters<typeof cacheRig>[1]);
    const internal = { ...account, id: 'acc', access: 'internal' };
    const reminded: NotifiableChange[] = [];
    const center = {
      handle: (): Outcome => 'shown',
      remindExpiring: (accounts: readonly AccountQuotes[]): Outcome[] => (reminded.push(...dueReminders(accounts, clock.now())), []),
    };
    const accounts = { list: async () => [internal as unknown as AccountView] };
    const pipeline = connectNotificationPipeline({ bus: rig.bus, center, cache: rig.cache, accounts, recovery: createRecovery(), clock, logger: createSilentLogger() });
    const item = (quote: FakeQuote, validUntil: string, status = quote.status): QuoteListItem => ({ ...listItemOf(quote, status), validUntil });
    const store = (items: QuoteListItem[]) => rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items } });
    const syncPass = async (items: QuoteListItem[]) => {
      store(items);
      rig.bus.publish('sync.completed', { accountId: 'acc', at: clock.now(), quotes: items.length, needsAction: [] });
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const close = async () => {
      await pipeline.stop();
      rig.close();
    };
    return { clock, reminded, item, store, syncPass, pipeline, close, inHours: (hours: number) => new Date(clock.now() + hours * HOUR).toISOString() };
  }

  it('follow what the cache holds after each pass: a new expiry date brings its own reminder, a quote decided since brings none', async () => {
    const { reminded, item, syncPass, close, inHours } = remindersRig();
    const extended = fakeQuote({ status: 'SENT' });
    const decided = fakeQuote({ status: 'REVISED' });
    const distant = fakeQuote({ status: 'SENT_PENDING' });

    // Their last days are tomorrow (two days before passed this morning) and today.
    await syncPass([item(extended, inHours(28)), item(decided, inHours(6)), item(distant, inHours(24 * 10))]);
    expect(reminded.map((change) => change.changeKey).sort()).toEqual([`reminder|${decided.id}|last-day|${inHours(6)}|r0`, `reminder|${extended.id}|two-days|${inHours(28)}|r0`].sort());

    reminded.length = 0;
    await syncPass([item(extended, inHours(40)), item(decided, inHours(6), 'ACCEPTED'), item(distant, inHours(24 * 10))]);
    expect(reminded).toEqual([
      expect.objectContaining({
        accountId: 'acc',
        kind: 'quote.expiring',
        reminder: 'two-days',
        daysLeft: 2,
        quoteId: extended.id,
        quoteNumber: extended.quoteNumber,
        projectName: extended.projectName,
        companyName: extended.companyName,
        amount: { value: extended.amount, currency: 'EUR' },
        changeKey: `reminder|${extended.id}|two-days|${inHours(40)}|r0`,
        occurredAt: inHours(40),
      }),
    ]);
    await close();
  });

  it('reminds at the next 9:00 on its clock without waiting for a sync pass', async () => {
    const { clock, reminded, item, store, pipeline, close } = remindersRig();
    const quote = fakeQuote({ status: 'SENT' });
    // Its last day is Tuesday 4 March: "in 2 days" at 9:00 on Sunday 2 March, "today" at 9:00 on the 4th.
    store([item(quote, '2025-03-04T17:00:00.000Z')]);
    pipeline.startReminders();
    await clock.advance(0);
    expect(reminded).toEqual([]);
    await clock.advance(24 * HOUR - 60_000);
    expect(reminded).toEqual([]);
    await clock.advance(60_000);
    expect(reminded.map((change) => [change.reminder, new Date(clock.now()).toISOString()])).toEqual([['two-days', '2025-03-02T09:00:00.000Z']]);
    for (let hour = 0; hour < 48; hour += 1) await clock.advance(HOUR);
    expect(reminded.map((change) => change.reminder).at(-1)).toBe('last-day');
    await close();
  });
});

import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeLedger, createNotificationCenter, createPreferencesStore, createUnreadState } from '../../../../main/core/notify';
import type { AccountQuotes } from '../../../../main/core/notify';
import type { Notification } from '../../../../main/core/ports';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { ACCOUNT, change, createManualClock, QUOTE_A, QUOTE_B } from './fixtures';
import type { ManualClock } from './fixtures';

let dir: string;
let running: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-notify-'));
});
afterEach(async () => {
  // The state files are written in the background: let every launch finish before removing them.
  await Promise.all(running.map((center) => center.close()));
  running = [];
  await rm(dir, { recursive: true, force: true });
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** One app run: the center over state files in `dir`; a second call is the next launch. */
function launch(options: { clock?: ManualClock; settings?: ReturnType<typeof createMemorySettingsStore>; minutes?: number } = {}) {
  const clock = options.clock ?? createManualClock();
  const logger = createRecordingLogger();
  const settings = options.settings ?? createMemorySettingsStore();
  const shown: Notification[] = [];
  const preferences = createPreferencesStore(settings, logger);
  const unread = createUnreadState({ path: join(dir, 'unread.json'), clock, logger });
  const ledger = createChangeLedger({ path: join(dir, 'notified.json'), clock, logger });
  const center = createNotificationCenter({
    notifier: { notify: (notification) => void shown.push(notification) },
    preferences,
    unread,
    ledger,
    clock,
    logger,
    localMinutes: () => options.minutes ?? 12 * 60,
  });
  running.push(center);
  return { center, shown, preferences, unread, clock, settings, logger };
}

describe('one change, one notification', () => {
  it('announces a change seen by webhook and then by sync once, and the other way round', () => {
    const { center, shown } = launch();
    expect(center.handle(change({ source: 'webhook', kind: 'quote.status_changed', oldStatus: 'SENT', newStatus: 'ACCEPTED' }))).toBe('shown');
    expect(center.handle(change({ source: 'sync', kind: 'quote.status', oldStatus: 'PENDING', newStatus: 'ACCEPTED' }))).toBe('duplicate');
    // The service sends quote.accepted beside quote.status_changed for the same acceptance.
    expect(center.handle(change({ source: 'webhook', kind: 'quote.accepted', oldStatus: null, newStatus: null }))).toBe('duplicate');
    expect(center.handle(change({ source: 'sync', kind: 'quote.new', quoteId: QUOTE_B, newStatus: 'PENDING', oldStatus: null }))).toBe('shown');
    expect(center.handle(change({ source: 'webhook', kind: 'quote.created', quoteId: QUOTE_B, newStatus: 'SENT', oldStatus: null }))).toBe('duplicate');
    expect(shown).toHaveLength(2);
  });

  it('tells two revisions apart by their version, but not the same revision seen twice', () => {
    const { center } = launch();
    expect(center.handle(change({ kind: 'quote.revised_and_sent', oldStatus: null, newStatus: null }))).toBe('shown');
    expect(center.handle(change({ source: 'sync', kind: 'quote.revised', newStatus: 'REVISED', versionHash: 'v1' }))).toBe('duplicate');
    expect(center.handle(change({ source: 'sync', kind: 'quote.revised', newStatus: 'REVISED', versionHash: 'v2' }))).toBe('shown');
  });

  it('announces a change once when two accounts on the same service see it (a client key and the internal key), and marks it unread in both', () => {
    const { center, shown, unread } = launch();
    const service = 'http://127.0.0.1:4010';
    const internal = { accountId: 'acc-internal', accountName: 'All companies', access: 'internal' as const, service };
    expect(center.handle(change({ service, kind: 'quote.revised_and_sent', oldStatus: null, newStatus: null }))).toBe('shown');
    expect(center.handle(change({ ...internal, kind: 'quote.revised_and_sent', oldStatus: null, newStatus: null }))).toBe('duplicate');
    expect(shown).toHaveLength(1);
    expect(unread.isUnread(ACCOUNT, QUOTE_A)).toBe(true);
    expect(unread.isUnread('acc-internal', QUOTE_A)).toBe(true);
    // The same quote on another service (sandbox beside production) is another quote.
    expect(center.handle(change({ ...internal, accountId: 'acc-sandbox', service: 'https://sandbox.example.com', kind: 'quote.revised_and_sent', oldStatus: null, newStatus: null }))).toBe('shown');
  });

  it('lets the second account announce a change the first one does not want announced', () => {
    const { center, shown, preferences } = launch();
    const service = 'http://127.0.0.1:4010';
    preferences.set({ ...preferences.get(), accounts: { [ACCOUNT]: { enabled: false, groups: {}, types: {} } } });
    expect(center.handle(change({ service }))).toBe('not-wanted');
    expect(center.handle(change({ service, accountId: 'acc-internal', accountName: 'All companies', access: 'internal' }))).toBe('shown');
    expect(shown).toHaveLength(1);
  });

  it('keeps the memory across a restart, so a sync after launch does not repeat a webhook from before', async () => {
    const first = launch();
    first.center.handle(change({ source: 'webhook' }));
    await first.center.close();
    const second = launch();
    expect(second.center.handle(change({ source: 'recovered', kind: 'quote.status' }))).toBe('duplicate');
    expect(second.shown).toEqual([]);
  });

  it('stays quiet about the person\'s own decision and its webhook echo', () => {
    const { center, shown, unread } = launch();
    expect(center.handle(change({ source: 'decision', kind: 'quote.accepted', oldStatus: 'SENT', newStatus: 'ACCEPTED' }))).toBe('own-decision');
    expect(center.handle(change({ source: 'webhook', kind: 'quote.status_changed', newStatus: 'ACCEPTED' }))).toBe('duplicate');
    expect(shown).toEqual([]);
    expect(unread.summary().total).toBe(0);
  });

  it('does not announce a status change a client key cannot see (SENT to SENT_PENDING both read Pending)', () => {
    const { center, shown } = launch();
    expect(center.handle(change({ oldStatus: 'SENT', newStatus: 'SENT_PENDING' }))).toBe('no-visible-change');
    expect(shown).toEqual([]);
  });

  it('starts afresh, with a warning, from a damaged memory file, and keeps the damaged copy', async () => {
    await writeFile(join(dir, 'notified.json'), '{"version":1,"entries":[[');
    const { center, logger } = launch();
    expect(center.handle(change())).toBe('shown');
    expect(logger.text()).toMatch(/damaged/);
    expect((await readdir(dir)).some((name) => name.startsWith('notified.json.damaged-'))).toBe(true);
  });
});

describe('preferences, quiet hours and do-not-disturb', () => {
  it('has quote, project and RFQ events on and job events off by default', () => {
    const { center, shown } = launch();
    expect(center.handle(change({ kind: 'job.created', quoteId: null, entityId: uuid(1), entityNumber: 'J-1' }))).toBe('not-wanted');
    expect(center.handle(change({ kind: 'project.created', quoteId: null, entityId: uuid(2), entityNumber: 'P-12', entityName: 'Spring catalogue' }))).toBe('shown');
    expect(center.handle(change({ kind: 'rfq.submitted', quoteId: null, entityId: uuid(3), entityNumber: 'R-9' }))).toBe('shown');
    expect(shown.map((n) => n.title)).toEqual(['Project Spring catalogue created', 'RFQ R-9 submitted for quoting']);
  });

  it('lets a type switch beat its group, and an account override the app-wide choice', () => {
    const { center, preferences } = launch();
    preferences.set({
      ...preferences.get(),
      groups: { quote: false },
      types: { 'quote.status_changed': true },
      accounts: { 'acc-2': { enabled: true, groups: { quote: true }, types: {} }, 'acc-3': { enabled: false, groups: {}, types: {} } },
    });
    expect(center.handle(change({ quoteId: uuid(1) }))).toBe('shown');
    expect(center.handle(change({ quoteId: uuid(2), kind: 'quote.cancelled', newStatus: null }))).toBe('not-wanted');
    expect(center.handle(change({ quoteId: uuid(3), kind: 'quote.cancelled', newStatus: null, accountId: 'acc-2' }))).toBe('shown');
    expect(center.handle(change({ quoteId: uuid(4), accountId: 'acc-3' }))).toBe('not-wanted');
  });

  it('honours quiet hours that cross midnight, but still marks the quote unread', () => {
    const settings = createMemorySettingsStore();
    const night = launch({ settings, minutes: 23 * 60 + 30 });
    night.preferences.set({ ...night.preferences.get(), quietHours: { enabled: true, start: '22:00', end: '07:00' } });
    expect(night.center.handle(change({ quoteId: uuid(1) }))).toBe('quiet-hours');
    expect(night.unread.isUnread(ACCOUNT, uuid(1))).toBe(true);
    expect(launch({ settings, minutes: 6 * 60 + 59 }).center.handle(change({ quoteId: uuid(2) }))).toBe('quiet-hours');
    expect(launch({ settings, minutes: 7 * 60 }).center.handle(change({ quoteId: uuid(3) }))).toBe('shown');
    expect(launch({ settings, minutes: 21 * 60 + 59 }).center.handle(change({ quoteId: uuid(4) }))).toBe('shown');
  });

  it('pauses for an hour (do not disturb) and mutes everything', async () => {
    const { center, preferences, clock } = launch();
    preferences.pauseFor(60 * 60 * 1000, clock.now());
    expect(center.handle(change({ quoteId: uuid(1) }))).toBe('do-not-disturb');
    await clock.advance(60 * 60 * 1000);
    expect(center.handle(change({ quoteId: uuid(2) }))).toBe('shown');
    preferences.set({ ...preferences.get(), muted: true });
    expect(center.handle(change({ quoteId: uuid(3) }))).toBe('muted');
  });

  it('falls back to the defaults, with a warning, when stored preferences no longer read', () => {
    const settings = createMemorySettingsStore({ 'notifications.preferences': { muted: 'yes' } });
    const { preferences, logger } = launch({ settings });
    expect(preferences.get().muted).toBe(false);
    expect(logger.text()).toMatch(/preferences could not be read/);
  });
});

describe('grouping', () => {
  it('shows the first 3 changes of an account within 10 seconds and one summary for the burst, whose click opens the inbox filtered to them', async () => {
    const { center, shown, clock } = launch();
    const outcomes = [1, 2, 3, 4, 5].map((n) => center.handle(change({ quoteId: uuid(n), quoteNumber: `Q-${n}` })));
    expect(outcomes).toEqual(['shown', 'shown', 'shown', 'grouped', 'grouped']);
    expect(shown).toHaveLength(3);
    await clock.advance(9_999);
    expect(shown).toHaveLength(3);
    await clock.advance(1);
    expect(shown).toHaveLength(4);
    expect(shown[3]!.title).toBe('5 quotes changed at Acme');
    expect(shown[3]!.body).toBe('Quote Q-1: Accepted\nQuote Q-2: Accepted\nQuote Q-3: Accepted\nand 2 more');
    expect(shown[3]!.link).toBe(`quotedesk://inbox/acc-1?quotes=${[1, 2, 3, 4, 5].map(uuid).join(',')}`);
  });

  it('does not group changes spread over more than 10 seconds, nor those of different accounts', async () => {
    const { center, shown, clock } = launch();
    for (const n of [1, 2, 3]) center.handle(change({ quoteId: uuid(n) }));
    await clock.advance(10_000);
    expect(center.handle(change({ quoteId: uuid(4) }))).toBe('shown');
    for (const n of [5, 6, 7]) expect(center.handle(change({ quoteId: uuid(n), accountId: 'acc-2' }))).toBe('shown');
    await clock.advance(10_000);
    expect(shown.map((n) => n.title).filter((title) => /changed at/.test(title))).toEqual([]);
    expect(shown).toHaveLength(7);
  });

  it('shows a summary still pending when the app closes', async () => {
    const { center, shown } = launch();
    for (const n of [1, 2, 3, 4]) center.handle(change({ quoteId: uuid(n) }));
    await center.close();
    expect(shown.at(-1)?.title).toBe('4 quotes changed at Acme');
  });
});

describe('unread state', () => {
  it('marks changed quotes unread, counts them per account, and keeps them across a restart', async () => {
    const first = launch();
    const heard: number[] = [];
    first.unread.onChange((summary) => heard.push(summary.total));
    first.center.handle(change({ quoteId: QUOTE_A }));
    first.center.handle(change({ quoteId: QUOTE_B, kind: 'quote.created', newStatus: 'SENT' }));
    first.center.handle(change({ quoteId: uuid(9), accountId: 'acc-2' }));
    expect(heard).toEqual([1, 2, 3]);
    first.unread.markRead(ACCOUNT, [QUOTE_A]);
    first.unread.markRead(ACCOUNT, [QUOTE_A]); // already read: no event
    expect(heard).toEqual([1, 2, 3, 2]);
    await first.center.close();

    const second = launch();
    expect(second.unread.summary()).toEqual({
      total: 2,
      accounts: [
        { accountId: ACCOUNT, count: 1, quoteIds: [QUOTE_B] },
        { accountId: 'acc-2', count: 1, quoteIds: [uuid(9)] },
      ],
    });
    second.unread.markRead('acc-2');
    second.unread.markUnread(ACCOUNT, [QUOTE_A]);
    expect(second.unread.summary().accounts).toEqual([{ accountId: ACCOUNT, count: 2, quoteIds: [QUOTE_B, QUOTE_A] }]);
  });

  it('forgets everything of a removed account', () => {
    const { center, unread, preferences } = launch();
    preferences.set({ ...preferences.get(), accounts: { [ACCOUNT]: { enabled: false, groups: {}, types: {} } } });
    center.handle(change({ source: 'sync', kind: 'quote.new', newStatus: 'PENDING' }));
    center.forgetAccount(ACCOUNT);
    expect(unread.summary().total).toBe(0);
    expect(preferences.get().accounts).toEqual({});
  });
});

describe('expiry reminders', () => {
  // The person's local time decides "9:00" and "the last day": each test says where they are.
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  const quotes = (validUntil: string, options: { status?: 'PENDING' | 'ACCEPTED'; revision?: number } = {}): AccountQuotes[] => [
    {
      accountId: ACCOUNT,
      accountName: 'Acme',
      service: null,
      access: 'client',
      quotes: [{ id: QUOTE_A, quoteNumber: 'Q-7', projectName: 'Spring catalogue', companyName: 'Acme Retail', status: options.status ?? 'PENDING', totalPrice: { amount: 99, currency: 'EUR' }, validUntil }],
      revisionOf: () => options.revision ?? 1,
    },
  ];
  const at = (iso: string) => createManualClock(Date.parse(iso));

  it('reminds at 9:00 local time two days before the last day and at 9:00 on it, each once per revision', async () => {
    process.env.TZ = 'America/New_York';
    // Its last day is Saturday 14 March in New York (16:00 there); 9:00 there is 13:00 UTC in March.
    const validUntil = '2026-03-14T20:00:00.000Z';
    const { center, shown, clock, unread } = launch({ clock: at('2026-03-12T12:59:00Z') });
    expect(center.remindExpiring(quotes(validUntil))).toEqual([]);
    await clock.advance(60_000);
    expect(center.remindExpiring(quotes(validUntil))).toEqual(['shown']);
    expect(center.remindExpiring(quotes(validUntil))).toEqual([]);
    expect(shown[0]).toMatchObject({ title: 'Quote Q-7 expires in 2 days', link: `quotedesk://quote/acc-1/${QUOTE_A}` });
    expect(shown[0]!.body).toMatch(/^Decide by /);
    // In the tray's count: the reminded quote is unread.
    expect(unread.summary().accounts).toEqual([{ accountId: ACCOUNT, count: 1, quoteIds: [QUOTE_A] }]);

    await clock.advance(2 * 24 * 3600_000 - 60_000);
    expect(center.remindExpiring(quotes(validUntil))).toEqual([]);
    await clock.advance(60_000);
    expect(center.remindExpiring(quotes(validUntil))).toEqual(['shown']);
    expect(shown[1]!.title).toBe('Quote Q-7 expires today');
    expect(center.remindExpiring(quotes(validUntil))).toEqual([]);
    // A new revision of the quote is reminded of again; the same revision is not.
    expect(center.remindExpiring(quotes(validUntil, { revision: 2 }))).toEqual(['shown']);
    expect(center.remindExpiring(quotes(validUntil, { revision: 2 }))).toEqual([]);
  });

  it("reads the last day in the person's own time zone", async () => {
    process.env.TZ = 'Asia/Tokyo';
    // 20:00 UTC on the 14th is 05:00 on the 15th in Tokyo: its last day's 9:00 comes after it ends, so only "in 2 days" is said, at 9:00 Tokyo on the 13th.
    const validUntil = '2026-03-14T20:00:00.000Z';
    const { center, shown, clock } = launch({ clock: at('2026-03-12T23:59:00Z') });
    expect(center.remindExpiring(quotes(validUntil))).toEqual([]);
    await clock.advance(60_000);
    expect(center.remindExpiring(quotes(validUntil))).toEqual(['shown']);
    await clock.advance(19 * 3600_000);
    expect(center.remindExpiring(quotes(validUntil))).toEqual([]);
    expect(shown.map((notification) => notification.title)).toEqual(['Quote Q-7 expires in 2 days']);
  });

  it('says "today" alone to a person who opens the app on the last day', async () => {
    process.env.TZ = 'Europe/London';
    const { center, shown } = launch({ clock: at('2026-03-14T10:00:00Z') });
    expect(center.remindExpiring(quotes('2026-03-14T18:00:00.000Z'))).toEqual(['shown']);
    expect(shown.map((notification) => notification.title)).toEqual(['Quote Q-7 expires today']);
  });

  it('says "tomorrow" when the app was closed at the first reminder\'s time', async () => {
    process.env.TZ = 'Europe/London';
    const { center, shown } = launch({ clock: at('2026-03-13T15:00:00Z') });
    expect(center.remindExpiring(quotes('2026-03-14T18:00:00.000Z'))).toEqual(['shown']);
    expect(shown.map((notification) => notification.title)).toEqual(['Quote Q-7 expires tomorrow']);
  });

  it('does not remind about decided or expired quotes, nor when reminders are off', () => {
    process.env.TZ = 'Europe/London';
    const { center, clock, preferences, unread } = launch({ clock: at('2026-03-14T10:00:00Z') });
    const soon = new Date(clock.now() + 3600_000).toISOString();
    expect(center.remindExpiring(quotes(soon, { status: 'ACCEPTED' }))).toEqual([]);
    expect(center.remindExpiring(quotes(new Date(clock.now() - 1).toISOString()))).toEqual([]);
    preferences.set({ ...preferences.get(), expiryReminders: false });
    expect(center.remindExpiring(quotes(soon))).toEqual(['not-wanted']);
    expect(unread.summary().total).toBe(0);
  });
});

describe('the dedupe memory', () => {
  it('is bounded in size and in age, forgetting the oldest changes first', async () => {
    const clock = createManualClock();
    const logger = createRecordingLogger();
    const ledger = createChangeLedger({ path: join(dir, 'ledger.json'), clock, logger, capacity: 3, maxAgeMs: 60_000 });
    running.push({ close: () => ledger.flush() });
    const key = (n: number) => ({ key: `acc-1|${uuid(n)}|created`, version: null });
    expect([1, 2, 3, 4].map((n) => ledger.claim(key(n)))).toEqual([true, true, true, true]);
    expect(ledger.claim(key(1))).toBe(true); // the oldest was forgotten to keep 3
    expect(ledger.claim(key(4))).toBe(false);
    await clock.advance(60_001);
    expect(ledger.claim(key(4))).toBe(true); // too old to count as the same sighting
    await ledger.flush();
    const reloaded = createChangeLedger({ path: join(dir, 'ledger.json'), clock, logger, capacity: 3, maxAgeMs: 60_000 });
    expect(reloaded.claim(key(4))).toBe(false);
  });
});

// The two normalisations behind "one change, one notification" and the unread counts, each
// pinned by what a person would notice if it went: a change announced twice because the
// webhook and sync spelled its status differently, and a quote that stays unread after it
// was opened because its id came in another case.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeLedger, createNotificationCenter, createPreferencesStore, createUnreadState } from '../../../../main/core/notify';
import type { Notification } from '../../../../main/core/ports';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { ACCOUNT, change, createManualClock, QUOTE_A, QUOTE_B } from './fixtures';

let dir: string;
let running: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-notify-ids-'));
});
afterEach(async () => {
  await Promise.all(running.map((center) => center.close()));
  running = [];
  await rm(dir, { recursive: true, force: true });
});

function launch() {
  const clock = createManualClock();
  const logger = createRecordingLogger();
  const shown: Notification[] = [];
  const unread = createUnreadState({ path: join(dir, 'unread.json'), clock, logger });
  const center = createNotificationCenter({
    notifier: { notify: (notification) => void shown.push(notification) },
    preferences: createPreferencesStore(createMemorySettingsStore(), logger),
    unread,
    ledger: createChangeLedger({ path: join(dir, 'notified.json'), clock, logger }),
    clock,
    logger,
    localMinutes: () => 12 * 60,
  });
  running.push(center);
  return { center, shown, unread };
}

describe('a status change seen by webhook and by sync in different words', () => {
  // The webhook carries the stored status (internal words), sync the client-facing one.
  const SAME_CHANGE: Array<[string, { kind: string; newStatus: string | null }, { kind: string; newStatus: string }]> = [
    ['stored SENT, then the client-facing PENDING', { kind: 'quote.status_changed', newStatus: 'SENT' }, { kind: 'quote.status', newStatus: 'PENDING' }],
    ['stored SENT_PENDING, then PENDING', { kind: 'quote.status_changed', newStatus: 'SENT_PENDING' }, { kind: 'quote.status', newStatus: 'PENDING' }],
    ['stored SENT_REVISED, then REVISED', { kind: 'quote.status_changed', newStatus: 'SENT_REVISED' }, { kind: 'quote.status', newStatus: 'REVISED' }],
    ['quote.sent_to_client without a status (it implies SENT), then PENDING', { kind: 'quote.sent_to_client', newStatus: null }, { kind: 'quote.status', newStatus: 'PENDING' }],
    ['a status in lower case, then the same in upper case', { kind: 'quote.status_changed', newStatus: 'accepted' }, { kind: 'quote.status', newStatus: 'ACCEPTED' }],
    ['a stored status in lower case, then its client-facing word', { kind: 'quote.status_changed', newStatus: 'sent_revised' }, { kind: 'quote.status', newStatus: 'REVISED' }],
  ];

  for (const [what, webhook, sync] of SAME_CHANGE) {
    it(`is announced once: ${what}`, () => {
      const { center, shown } = launch();
      expect(center.handle(change({ source: 'webhook', oldStatus: null, ...webhook }))).toBe('shown');
      expect(center.handle(change({ source: 'sync', oldStatus: null, ...sync }))).toBe('duplicate');
      expect(shown).toHaveLength(1);
    });
  }

  it('still announces a different status of the same quote', () => {
    const { center, shown } = launch();
    expect(center.handle(change({ source: 'webhook', oldStatus: null, newStatus: 'SENT' }))).toBe('shown');
    expect(center.handle(change({ source: 'sync', kind: 'quote.status', oldStatus: 'PENDING', newStatus: 'ACCEPTED' }))).toBe('shown');
    expect(center.handle(change({ source: 'webhook', oldStatus: null, newStatus: 'rejected' }))).toBe('shown');
    expect(shown).toHaveLength(3);
  });
});

describe('unread quotes whatever the case of their id', () => {
  it('a quote announced with an upper-case id is read once opened with the lower-case one the inbox uses', async () => {
    const { center, unread } = launch();
    expect(center.handle(change({ quoteId: QUOTE_A.toUpperCase() }))).toBe('shown');
    // The counts and the ids the inbox bolds speak one spelling.
    expect(unread.summary()).toEqual({ total: 1, accounts: [{ accountId: ACCOUNT, count: 1, quoteIds: [QUOTE_A] }] });
    expect(unread.isUnread(ACCOUNT, QUOTE_A)).toBe(true);
    expect(unread.isUnread(ACCOUNT, QUOTE_A.toUpperCase())).toBe(true);

    // The same quote again from another source, in the other case: still one unread quote.
    unread.markUnread(ACCOUNT, [QUOTE_A]);
    expect(unread.summary().total).toBe(1);

    expect(unread.markRead(ACCOUNT, [QUOTE_A])).toEqual({ total: 0, accounts: [] });
    expect(unread.isUnread(ACCOUNT, QUOTE_A.toUpperCase())).toBe(false);
  });

  it('reading by an upper-case id clears the quote, and what is kept on disk is one spelling', async () => {
    const { unread } = launch();
    unread.markUnread(ACCOUNT, [QUOTE_A, QUOTE_B.toUpperCase()]);
    expect(unread.markRead(ACCOUNT, [QUOTE_A.toUpperCase()]).total).toBe(1);
    await unread.flush();
    expect(JSON.parse(await readFile(join(dir, 'unread.json'), 'utf8'))).toEqual({ version: 1, accounts: { [ACCOUNT]: [QUOTE_B] } });

    const next = createUnreadState({ path: join(dir, 'unread.json'), clock: createManualClock(), logger: createRecordingLogger() });
    expect(next.isUnread(ACCOUNT, QUOTE_B)).toBe(true);
    expect(next.markRead(ACCOUNT, [QUOTE_B]).total).toBe(0);
  });
});

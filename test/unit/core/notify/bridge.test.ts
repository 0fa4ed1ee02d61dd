import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { createNotificationHandlers, projectNotificationEvents } from '../../../../main/core/notify/bridge';
import { createChangeLedger, createNotificationCenter, createPreferencesStore, createUnreadState } from '../../../../main/core/notify';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { accountView, unusedHandlers } from '../../../helpers/bridge-fixtures';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { change, QUOTE_A, QUOTE_B } from './fixtures';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-notify-handlers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const clock = createFakeClock();
  const logger = createRecordingLogger();
  const settings = createMemorySettingsStore();
  const preferences = createPreferencesStore(settings, logger);
  const unread = createUnreadState({ path: join(dir, 'unread.json'), clock, logger });
  const ledger = createChangeLedger({ path: join(dir, 'notified.json'), clock, logger });
  const center = createNotificationCenter({ notifier: { notify: () => undefined }, preferences, unread, ledger, clock, logger, localMinutes: () => 720 });
  const handlers = createNotificationHandlers({ preferences, unread, accounts: { list: async () => [accountView({ id: 'acc-1' })] } });
  const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...handlers }, logger });
  const hub = createEventHub({ logger });
  const events: BridgeEvent[] = [];
  hub.subscribe((event) => events.push(event));
  projectNotificationEvents({ center, unread }, hub);
  return { dispatcher, events, center, settings, unread };
}

describe('the notifications namespace of the bridge', () => {
  it('reads the defaults, stores valid preferences and refuses invalid ones without losing the stored ones', async () => {
    const { dispatcher, settings, center } = setup();
    const read = await dispatcher.dispatch('notifications.preferences', undefined);
    expect(read).toMatchObject({ ok: true, value: { muted: false, quietHours: { enabled: false, start: '22:00', end: '07:00' }, expiryReminders: true } });
    const quiet = { quietHours: { enabled: true, start: '21:30', end: '06:45' }, groups: { job: true } };
    expect(await dispatcher.dispatch('notifications.setPreferences', quiet)).toMatchObject({ ok: true, value: { quietHours: quiet.quietHours, groups: { job: true } } });
    expect(settings.get('notifications.preferences')).toMatchObject({ quietHours: quiet.quietHours });
    const refused = await dispatcher.dispatch('notifications.setPreferences', { quietHours: { enabled: true, start: '25:00', end: '06:00' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(settings.get('notifications.preferences')).toMatchObject({ quietHours: quiet.quietHours });
    await center.close();
  });

  it('marks quotes read and unread, pushes the new counts, and refuses an unknown account', async () => {
    const { dispatcher, events, center } = setup();
    center.handle(change({ quoteId: QUOTE_A }));
    expect(await dispatcher.dispatch('notifications.markUnread', { accountId: 'acc-1', quoteIds: [QUOTE_B] })).toMatchObject({ ok: true, value: { total: 2 } });
    expect(await dispatcher.dispatch('notifications.markRead', { accountId: 'acc-1', quoteIds: [QUOTE_A] })).toMatchObject({
      ok: true,
      value: { total: 1, accounts: [{ accountId: 'acc-1', count: 1, quoteIds: [QUOTE_B] }] },
    });
    expect(await dispatcher.dispatch('notifications.markRead', { accountId: 'acc-1' })).toMatchObject({ ok: true, value: { total: 0, accounts: [] } });
    expect(await dispatcher.dispatch('notifications.markRead', { accountId: 'acc-9' })).toMatchObject({ ok: false, error: { code: 'account-not-found' } });
    expect(await dispatcher.dispatch('notifications.markUnread', { accountId: 'acc-1', quoteIds: ['../x'] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const counts = events.filter((event) => event.name === 'notifications.unreadChanged').map((event) => (event.payload as { total: number }).total);
    expect(counts).toEqual([1, 2, 1, 0]);
    const shown = events.filter((event) => event.name === 'notifications.shown');
    expect(shown).toEqual([
      {
        name: 'notifications.shown',
        payload: expect.objectContaining({ title: 'Quote Q-2026-0042: Accepted', link: `quotedesk://quote/acc-1/${QUOTE_A}`, route: { view: 'quote', accountId: 'acc-1', quoteId: QUOTE_A } }),
      },
    ]);
    await center.close();
  });
});

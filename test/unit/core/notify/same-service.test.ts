// Reading a quote counts for every account on the same service (a client key beside the
// internal key, as in demo mode), through the bridge as the window calls it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { serviceOf } from '../../../../main/core/accounts/same-service';
import type { AccountsService } from '../../../../main/core/accounts/types';
import { followAccountServices } from '../../../../main/core/cache';
import { createNotificationsFeature } from '../../../../main/core/notify/feature';
import { createRecovery } from '../../../../main/core/sync';
import { createNotificationHandlers, projectNotificationEvents } from '../../../../main/core/notify/bridge';
import { createNotifications } from '../../../../main/core/notify';
import type { UnreadSummary } from '../../../../preload/contract';
import { accountView, unusedHandlers } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { cacheRig } from '../cache/helpers';
import { change, createManualClock, QUOTE_A, QUOTE_B } from './fixtures';

const QUOTE_C = '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const SERVICE = 'https://quotes.example.com';

// A client key and the internal key on one service (its address typed differently), and a
// sandbox account on another service that happens to hold a quote with the same id.
const ACCOUNTS = [
  accountView({ id: 'acme', name: 'Acme', baseUrl: SERVICE, access: 'client' }),
  accountView({ id: 'internal', name: 'All companies', baseUrl: 'https://Quotes.example.com/', access: 'internal' }),
  accountView({ id: 'sandbox', name: 'Sandbox', baseUrl: 'https://sandbox.example.com', access: 'internal' }),
];

let dir: string;
let running: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-same-service-'));
});
afterEach(async () => {
  await Promise.all(running.map((each) => each.close()));
  running = [];
  await rm(dir, { recursive: true, force: true });
});

/** One app run over the state files in `dir`; a second call is the next launch. */
function launch() {
  const logger = createRecordingLogger();
  const notifications = createNotifications({
    settings: createMemorySettingsStore(),
    clock: createManualClock(),
    logger,
    folder: dir,
    notifier: { notify: () => undefined },
    serviceOf: (accountId) => serviceOf(ACCOUNTS.find((account) => account.id === accountId)!.baseUrl),
  });
  running.push(notifications);
  const hub = createEventHub({ logger });
  const announced: UnreadSummary[] = [];
  hub.subscribe((event: BridgeEvent) => {
    if (event.name === 'notifications.unreadChanged') announced.push(event.payload as UnreadSummary);
  });
  projectNotificationEvents(notifications, hub);
  const handlers = createNotificationHandlers({ ...notifications, accounts: { list: async () => ACCOUNTS } });
  const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...handlers }, logger });
  async function call(method: 'notifications.markRead' | 'notifications.markUnread', input: unknown): Promise<UnreadSummary> {
    const result = await dispatcher.dispatch(method, input);
    if (!result.ok) throw new Error(`${method} failed: ${result.error.code}`);
    return result.value as UnreadSummary;
  }
  return { notifications, announced, call };
}

/** The same change as each account's sync sees it. */
function seenEverywhere(center: ReturnType<typeof launch>['notifications']['center'], quoteId: string, accountIds = ['acme', 'internal', 'sandbox']): void {
  for (const accountId of accountIds) {
    const service = accountId === 'sandbox' ? 'https://sandbox.example.com' : SERVICE;
    center.handle(change({ accountId, service, source: 'sync', kind: 'quote.new', quoteId, oldStatus: null, newStatus: 'PENDING' }));
  }
}

const unreadIn = (summary: UnreadSummary) => Object.fromEntries(summary.accounts.map((account) => [account.accountId, account.quoteIds]));

describe('a quote read through one account', () => {
  it('is read in every account on the same service, not on another service, announced once and kept across a restart', async () => {
    const first = launch();
    seenEverywhere(first.notifications.center, QUOTE_A);
    seenEverywhere(first.notifications.center, QUOTE_B);
    first.announced.length = 0;

    const answer = await first.call('notifications.markRead', { accountId: 'acme', quoteIds: [QUOTE_A] });
    expect(unreadIn(answer)).toEqual({ acme: [QUOTE_B], internal: [QUOTE_B], sandbox: [QUOTE_A, QUOTE_B] });
    // Quotes, not rows: B once on the shared service (client and internal key), A and B on the sandbox's.
    expect(answer.total).toBe(3);
    // One announcement for the tray, the badge, the title and the window, with the same counts.
    expect(first.announced).toEqual([answer]);

    // Read through the internal key: read for the client key too.
    const back = await first.call('notifications.markRead', { accountId: 'internal', quoteIds: [QUOTE_B] });
    expect(unreadIn(back)).toEqual({ sandbox: [QUOTE_A, QUOTE_B] });
    await first.notifications.close();

    const second = launch();
    expect(second.notifications.unread.summary()).toEqual(back);
  });

  it('"Mark all read" reads the quotes of that account everywhere on its service, but not what only another account shows', async () => {
    const { notifications, announced, call } = launch();
    seenEverywhere(notifications.center, QUOTE_A);
    seenEverywhere(notifications.center, QUOTE_B);
    // A quote of another company: only the internal key sees it.
    seenEverywhere(notifications.center, QUOTE_C, ['internal']);
    announced.length = 0;

    const answer = await call('notifications.markRead', { accountId: 'acme' });
    expect(unreadIn(answer)).toEqual({ internal: [QUOTE_C], sandbox: [QUOTE_A, QUOTE_B] });
    expect(announced).toEqual([answer]);
  });

  it('marked unread again stays unread only in that account', async () => {
    const { notifications, call } = launch();
    seenEverywhere(notifications.center, QUOTE_A, ['acme', 'internal']);
    await call('notifications.markRead', { accountId: 'acme', quoteIds: [QUOTE_A] });

    const answer = await call('notifications.markUnread', { accountId: 'acme', quoteIds: [QUOTE_A] });
    expect(unreadIn(answer)).toEqual({ acme: [QUOTE_A] });
  });
});

describe('the unread total, as the notifications feature counts it', () => {
  it('counts a quote unread through a client key and the internal key of one service once, learning the services from the accounts', async () => {
    const logger = createRecordingLogger();
    // The cache keeps which service each account is on, learnt as the inbox feature learns it.
    const rig = cacheRig();
    const accounts = { list: async () => ACCOUNTS } as unknown as AccountsService;
    const services = followAccountServices({ cache: rig.cache, accounts, bus: rig.bus, logger });
    const feature = createNotificationsFeature({
      settings: createMemorySettingsStore(),
      clock: createManualClock(),
      logger,
      folder: dir,
      notifier: { notify: () => undefined },
      accounts,
      cache: rig.cache,
      bus: rig.bus,
      recovery: createRecovery(),
    });
    running.push({
      close: async () => {
        await feature.close?.();
        services.stop();
        rig.close();
      },
    });
    await services.known;
    seenEverywhere(feature.notifications.center, QUOTE_A, ['acme', 'internal']);
    expect(feature.notifications.unread.summary().total).toBe(1);
    // The internal key moved to another service: the same quote id there is another quote.
    rig.bus.publish('accounts.changed', { accounts: [ACCOUNTS[0]!, { ...ACCOUNTS[1]!, baseUrl: 'https://elsewhere.example.com' }, ACCOUNTS[2]!] });
    expect(feature.notifications.unread.summary().total).toBe(2);
  });
});

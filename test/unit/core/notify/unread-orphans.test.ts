// Unread quotes of accounts that no longer exist (the last run's demo accounts, an account
// removed while Quotedesk was closed) are forgotten when the notifications feature starts,
// so the title, the tray and the badge count only what the sidebar can show.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UnreadableAccounts } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts/types';
import { createNotificationsFeature } from '../../../../main/core/notify/feature';
import { createRecovery } from '../../../../main/core/sync';
import type { AccountView } from '../../../../preload/contract';
import { accountView } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { cacheRig } from '../cache/helpers';
import { change, createManualClock, QUOTE_A, QUOTE_B } from './fixtures';

const SERVICE = 'https://127.0.0.1:4010';
const READABLE: UnreadableAccounts = { files: [], damagedList: false, keptCredentials: [] };

let dir: string;
let running: Array<() => Promise<void>> = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-unread-orphans-'));
});
afterEach(async () => {
  for (const close of running) await close();
  running = [];
  await rm(dir, { recursive: true, force: true });
});

/** One run of the notifications feature over the state files in `dir`, with these accounts. */
async function launch(list: AccountView[], unreadable: UnreadableAccounts = READABLE) {
  const rig = cacheRig();
  const accounts = { list: async () => list, unreadable: async () => unreadable } as unknown as AccountsService;
  const feature = createNotificationsFeature({
    settings: createMemorySettingsStore(),
    clock: createManualClock(),
    logger: createRecordingLogger(),
    folder: dir,
    notifier: { notify: () => undefined },
    accounts,
    cache: rig.cache,
    bus: rig.bus,
    recovery: createRecovery(),
  });
  const close = async () => {
    await feature.close?.();
    rig.close();
  };
  running.push(close);
  await feature.start?.();
  return { unread: feature.notifications.unread, center: feature.notifications.center, close };
}

function seen(center: Awaited<ReturnType<typeof launch>>['center'], accountId: string, quoteId: string): void {
  center.handle(change({ accountId, service: SERVICE, source: 'sync', kind: 'quote.new', quoteId, oldStatus: null, newStatus: 'PENDING' }));
}

describe('unread quotes of accounts that no longer exist', () => {
  it('are forgotten at start after a demo restart: the total counts only the accounts listed now', async () => {
    const lastRun = [accountView({ id: 'demo-1', baseUrl: SERVICE, demo: true }), accountView({ id: 'demo-2', baseUrl: SERVICE, demo: true })];
    const first = await launch(lastRun);
    seen(first.center, 'demo-1', QUOTE_A);
    seen(first.center, 'demo-2', QUOTE_B);
    expect(first.unread.summary().total).toBe(2);
    await first.close();
    running = [];

    // The next run's demo accounts are new ones.
    const next = [accountView({ id: 'demo-3', baseUrl: SERVICE, demo: true })];
    const second = await launch(next);
    expect(second.unread.summary()).toEqual({ total: 0, accounts: [] });
    seen(second.center, 'demo-3', QUOTE_A);
    expect(second.unread.summary().total).toBe(1);
    expect(second.unread.summary().accounts.map((each) => each.accountId)).toEqual(['demo-3']);
  });

  it('are kept when the accounts could not all be read, and the accounts still listed keep theirs', async () => {
    const both = [accountView({ id: 'kept', baseUrl: SERVICE }), accountView({ id: 'gone', baseUrl: SERVICE })];
    const first = await launch(both);
    seen(first.center, 'kept', QUOTE_A);
    seen(first.center, 'gone', QUOTE_B);
    await first.close();
    running = [];

    const damaged = await launch([both[0]!], { ...READABLE, damagedList: true });
    expect(damaged.unread.accountIds().sort()).toEqual(['gone', 'kept']);
    await damaged.close();
    running = [];

    const readable = await launch([both[0]!]);
    expect(readable.unread.summary().accounts).toEqual([{ accountId: 'kept', count: 1, quoteIds: [QUOTE_A] }]);
  });
});

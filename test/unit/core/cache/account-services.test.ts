import { describe, expect, it } from 'vitest';
import type { AccountsService } from '../../../../main/core/accounts/types';
import { followAccountServices } from '../../../../main/core/cache';
import { createSilentLogger } from '../../../../main/core/log';
import type { AccountView } from '../../../../preload/contract';
import { accountView } from '../../../helpers/bridge-fixtures';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';
import type { CacheRig } from './helpers';
import { queryOf } from './inbox-rows';

const SERVICE = 'https://quotes.example.test';
const CLIENT = accountView({ id: 'client', access: 'client', baseUrl: `${SERVICE}/` });
const INTERNAL = accountView({ id: 'internal', access: 'internal', baseUrl: SERVICE.toUpperCase() });

/** Accounts whose list() answers when told to, counting the reads. */
function accountsAnswering() {
  let answer: (views: AccountView[]) => void = () => undefined;
  const reads = { count: 0 };
  const accounts = {
    list: () => {
      reads.count += 1;
      return new Promise<AccountView[]>((resolve) => (answer = resolve));
    },
  } as unknown as Pick<AccountsService, 'list'>;
  return { accounts, reads, answer: (views: AccountView[]) => answer(views) };
}

/** One quote both keys see, stored under each. */
function rigWithSharedQuote(): CacheRig {
  const rig = cacheRig();
  const details = detailsOf(fakeQuote());
  rig.cache.ingest({ accountId: 'client', access: 'client', source: 'sync', observation: { kind: 'details', details } });
  rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'sync', observation: { kind: 'details', details } });
  return rig;
}

const rowsOf = (rig: CacheRig) => rig.cache.inbox(queryOf({})).rows.map((row) => row.accounts.map((view) => view.accountId).sort()).sort();

describe("which service each account is on, as the cache keeps it", () => {
  it('is read once when followed, then follows the accounts\' changes on the bus', async () => {
    const rig = rigWithSharedQuote();
    const { accounts, reads, answer } = accountsAnswering();
    const followed = followAccountServices({ cache: rig.cache, accounts, bus: rig.bus, logger: createSilentLogger() });
    try {
      answer([CLIENT, INTERNAL]);
      await followed.known;
      expect(rowsOf(rig)).toEqual([['client', 'internal']]);
      expect([...rig.cache.services().keys()]).toEqual(['client', 'internal']);
      // The internal key moved to another service: the same quote id there is another quote.
      rig.bus.publish('accounts.changed', { accounts: [CLIENT, { ...INTERNAL, baseUrl: 'https://elsewhere.example.test' }] });
      expect(rowsOf(rig)).toEqual([['client'], ['internal']]);
      expect(reads.count).toBe(1);
    } finally {
      followed.stop();
      rig.close();
    }
  });

  it('keeps a change heard while the first read was under way: the read is older', async () => {
    const rig = rigWithSharedQuote();
    const { accounts, answer } = accountsAnswering();
    const followed = followAccountServices({ cache: rig.cache, accounts, bus: rig.bus, logger: createSilentLogger() });
    try {
      rig.bus.publish('accounts.changed', { accounts: [CLIENT, { ...INTERNAL, baseUrl: 'https://elsewhere.example.test' }] });
      answer([CLIENT, INTERNAL]);
      await followed.known;
      expect(rig.cache.services().get('internal')).toBe('https://elsewhere.example.test');
      expect(rowsOf(rig)).toEqual([['client'], ['internal']]);
    } finally {
      followed.stop();
      rig.close();
    }
  });

  it('settles without the services when the accounts cannot be read, and still follows the bus', async () => {
    const rig = rigWithSharedQuote();
    const accounts = { list: async () => Promise.reject(new Error('accounts unreadable')) } as unknown as Pick<AccountsService, 'list'>;
    const followed = followAccountServices({ cache: rig.cache, accounts, bus: rig.bus, logger: createSilentLogger() });
    try {
      await followed.known;
      expect(rig.cache.services().size).toBe(0);
      rig.bus.publish('accounts.changed', { accounts: [CLIENT, INTERNAL] });
      expect(rowsOf(rig)).toEqual([['client', 'internal']]);
    } finally {
      followed.stop();
      rig.close();
    }
  });
});

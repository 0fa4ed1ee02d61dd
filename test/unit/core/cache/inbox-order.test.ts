// The index keeps its orders incrementally (a change moves its own entries): after any
// sequence of puts, moves, key changes, service changes and removals, every order of every
// scope must equal what a from-scratch load of the same rows sorts, and be sorted by its key.
import { describe, expect, it } from 'vitest';
import { InboxIndex, INBOX_SORTS } from '../../../../main/core/cache';
import type { InboxQuery, InboxRow, InboxSort } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/database';
import type { KeyAccess, QuoteStatus } from '../../../../preload/contract';

const NOW = Date.parse('2025-03-01T09:00:00Z');
const STATUSES: QuoteStatus[] = ['PENDING', 'SENT', 'REVISED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'SENT_PENDING'];
const DATES = [null, '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-03-05T00:00:00Z', '2025-04-01T00:00:00Z'];
const DAYS = [null, '2025-02-20', '2025-03-03', '2025-03-20', '2025-05-01'];
const NAMES = ['Spring campaign', 'Product launch', 'Onboarding videos', 'Annual report', 'Café menu'];
const COMPANIES = [null, 'Northwind', 'Globex', 'Brightwell'];

/** A small deterministic generator (mulberry32): a failing sequence can be replayed by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]! };
}

interface Model {
  rows: Map<string, Map<string, InboxSourceRow>>;
  access: Map<string, KeyAccess>;
  services: Map<string, string>;
}

function fresh(model: Model): InboxIndex {
  const index = new InboxIndex();
  index.load(
    [...model.rows.values()].flatMap((rows) => [...rows.values()]),
    model.access,
    [],
    model.services,
  );
  return index;
}

const everything = (index: InboxIndex, query: Partial<InboxQuery>): InboxRow[] =>
  index.query({ sort: 'newest', offset: 0, limit: 100_000, now: NOW, ...query }).rows;

const time = (value: string | null, missing: number) => (value === null ? missing : Date.parse(value));
/** Undated quotes are in preparation: the newest work, after every real date. */
const UNDATED = 9e15;
/** Currencies A to Z, then none: amounts are compared only within one. */
const currencyGroup = (row: InboxRow) => ['EUR', 'USD', null].indexOf(row.currency) * 1e6;
const amountOf = (row: InboxRow) => row.totalAmount;
const companyPlace = (row: InboxRow) => (row.companyName === null ? Number.POSITIVE_INFINITY : ['Brightwell', 'Globex', 'Northwind'].indexOf(row.companyName));
const waiting = (row: InboxRow) => (row.needsAction ? 0 : 1e16);
/** The order's meaning, written out on its own: each row's key must not go down along the order. */
const MEANING: Record<InboxSort, (row: InboxRow) => number> = {
  newest: (row) => -time(row.quoteDate, UNDATED),
  oldest: (row) => time(row.quoteDate, UNDATED),
  due: (row) => time(row.projectDueDate, Number.POSITIVE_INFINITY),
  'due-latest': (row) => (row.projectDueDate === null ? Number.POSITIVE_INFINITY : -time(row.projectDueDate, 0)),
  value: (row) => (amountOf(row) === null ? Number.POSITIVE_INFINITY : currencyGroup(row) + 1e5 - amountOf(row)!),
  'value-lowest': (row) => (amountOf(row) === null ? Number.POSITIVE_INFINITY : currencyGroup(row) + amountOf(row)!),
  expiry: (row) => waiting(row) + Math.min(time(row.validUntil, Number.POSITIVE_INFINITY), 4e15),
  'expiry-latest': (row) => waiting(row) + (row.validUntil === null ? 4e15 : 2e15 - time(row.validUntil, 0)),
  company: companyPlace,
  'company-desc': (row) => (row.companyName === null ? Number.POSITIVE_INFINITY : -companyPlace(row)),
};

describe('the incremental orders', () => {
  it.each([1, 2, 3, 4, 5, 6])('equal a from-scratch sort after random changes (seed %i)', (seed) => {
    const rand = random(seed);
    const model: Model = {
      rows: new Map(),
      access: new Map<string, KeyAccess>([['client', 'client'], ['internal', 'internal'], ['other', 'internal']]),
      services: new Map([['client', 'https://one.test'], ['internal', 'https://one.test'], ['other', 'https://two.test']]),
    };
    const index = new InboxIndex();
    index.load([], model.access, [], model.services);
    const accounts = ['client', 'internal', 'other'];
    for (let step = 0; step < 400; step += 1) {
      const roll = rand.next();
      if (roll < 0.85) {
        const accountId = rand.pick(accounts);
        const row: InboxSourceRow = {
          accountId,
          quoteId: `q-${Math.floor(rand.next() * 40)}`,
          hasDetails: rand.next() < 0.5,
          status: rand.pick(STATUSES),
          quoteNumber: rand.next() < 0.2 ? null : `Q-${Math.floor(rand.next() * 1000)}`,
          projectName: rand.pick(NAMES),
          companyName: rand.pick(COMPANIES),
          referenceNumber: null,
          totalAmount: rand.pick([null, 10, 20, 20, 300]),
          currency: rand.pick([null, 'EUR', 'USD']),
          quoteDate: rand.pick(DATES),
          deadlineForQuote: null,
          projectDueDate: rand.pick(DAYS),
          validUntil: rand.pick(DATES),
        };
        if (!model.rows.has(accountId)) model.rows.set(accountId, new Map());
        model.rows.get(accountId)!.set(row.quoteId, row);
        index.put(row);
      } else if (roll < 0.9) {
        const accountId = rand.pick(accounts);
        const access: KeyAccess = model.access.get(accountId) === 'client' ? 'internal' : 'client';
        model.access.set(accountId, access);
        index.setAccess(accountId, access);
      } else if (roll < 0.95) {
        const service = rand.pick(['https://one.test', 'https://two.test']);
        model.services.set('other', service);
        index.setService('other', service);
      } else {
        const accountId = rand.pick(accounts);
        model.rows.delete(accountId);
        index.removeAccount(accountId);
        // Removing forgets the account's key kind and service: it comes back as it was set up.
        index.setAccess(accountId, model.access.get(accountId)!);
        index.setService(accountId, model.services.get(accountId)!);
      }
      // Read some orders now and then, so changes land on orders both built and not yet built.
      if (step % 7 === 0) everything(index, { sort: rand.pick(INBOX_SORTS), accountId: rand.pick([undefined, ...accounts]), search: rand.pick([undefined, 'a', 'an', 'glo']) });
    }
    // Renames alone (no quote comes or goes): each scope's search text must follow them too.
    for (const accountId of [undefined, ...accounts]) everything(index, { search: 'a', accountId });
    for (const rows of model.rows.values()) {
      for (const row of rows.values()) {
        const renamed = { ...row, projectName: rand.pick(NAMES) };
        rows.set(row.quoteId, renamed);
        index.put(renamed);
      }
    }
    const scratch = fresh(model);
    for (const sort of INBOX_SORTS) {
      for (const accountId of [undefined, ...accounts]) {
        const kept = everything(index, { sort, accountId });
        expect(kept).toEqual(everything(scratch, { sort, accountId }));
        const keys = kept.map(MEANING[sort]);
        expect(keys).toEqual([...keys].sort((a, b) => a - b));
      }
    }
    // The search text followed every change as well.
    for (const search of ['cafe', 'globex', 'q-1', 'launch northwind']) {
      for (const accountId of [undefined, ...accounts]) {
        expect(everything(index, { search, accountId })).toEqual(everything(scratch, { search, accountId }));
      }
    }
  });
});

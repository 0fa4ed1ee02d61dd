// One row per quote across accounts: a client key and the internal key of one service see
// the same quote (same id), each with its own status; lists and counts count quotes.
import { describe, expect, it } from 'vitest';
import { DAY, NOW, indexOf, queryOf, sourceRow } from './inbox-rows';

const SERVICE = 'https://quotes.example.test';
const ACCOUNTS = { client: { access: 'client', service: SERVICE }, internal: { access: 'internal', service: SERVICE } } as const;

function shared() {
  return indexOf(
    [
      // The client sees SENT as PENDING; both see the quote needing action.
      sourceRow({ accountId: 'client', quoteId: 'a', status: 'PENDING', quoteNumber: 'Q-1', projectName: 'Website', quoteDate: '2025-02-03T00:00:00Z' }),
      sourceRow({ accountId: 'internal', quoteId: 'a', status: 'SENT', quoteNumber: 'Q-1', projectName: 'Website', quoteDate: '2025-02-03T00:00:00Z' }),
      // Accepted: needs nobody's action.
      sourceRow({ accountId: 'client', quoteId: 'b', status: 'ACCEPTED', quoteNumber: 'Q-2', quoteDate: '2025-02-02T00:00:00Z' }),
      sourceRow({ accountId: 'internal', quoteId: 'b', status: 'ACCEPTED', quoteNumber: 'Q-2', quoteDate: '2025-02-02T00:00:00Z' }),
      // Another company's quote: only the internal key sees it.
      sourceRow({ accountId: 'internal', quoteId: 'c', status: 'SENT_PENDING', quoteNumber: 'Q-3', companyName: 'Globex', quoteDate: '2025-02-01T00:00:00Z' }),
    ],
    ACCOUNTS,
  );
}

describe('one row per quote across accounts', () => {
  it('lists a quote two accounts of one service see once, with each account and its view of the status', () => {
    const index = shared();
    const all = index.query(queryOf({}));
    expect(all.total).toBe(3);
    expect(index.size).toBe(3);
    expect(all.rows.map((row) => row.quoteId)).toEqual(['a', 'b', 'c']);
    // The client's view goes first (a decision goes through it by default).
    expect(all.rows[0]).toMatchObject({ accountId: 'client', status: 'PENDING', stage: 'awaiting-decision', needsAction: true });
    expect(all.rows[0]!.accounts).toEqual([
      { accountId: 'client', status: 'PENDING', stage: 'awaiting-decision', needsAction: true },
      { accountId: 'internal', status: 'SENT', stage: 'awaiting-decision', needsAction: true },
    ]);
    expect(all.rows[2]!.accounts.map((view) => view.accountId)).toEqual(['internal']);
  });

  it('counts quotes, not rows: needing action, per stage, in all', () => {
    const index = shared();
    expect(index.query(queryOf({ needsAction: true })).total).toBe(2);
    expect(index.query(queryOf({ stages: ['accepted'] })).total).toBe(1);
    const facets = index.facets({ now: NOW });
    expect(facets.total).toBe(3);
    expect(facets.stages.find((stage) => stage.value === 'awaiting-decision')?.count).toBe(2);
    expect(facets.companies).toEqual([{ value: 'Acme', count: 2 }, { value: 'Globex', count: 1 }]);
  });

  it("a query of one account shows that account's view, and still names the other accounts", () => {
    const index = shared();
    const internal = index.query(queryOf({ accountId: 'internal' }));
    expect(internal.total).toBe(3);
    expect(internal.rows[0]).toMatchObject({ accountId: 'internal', status: 'SENT' });
    expect(internal.rows[0]!.accounts.map((view) => view.accountId)).toEqual(['internal', 'client']);
    expect(index.query(queryOf({ accountId: 'client' })).rows.map((row) => row.quoteId)).toEqual(['a', 'b']);
  });

  it('the row shows the account whose view needs action when only one does', () => {
    const index = indexOf(
      [
        sourceRow({ accountId: 'client', quoteId: 'p', status: 'PENDING', quoteNumber: null }),
        sourceRow({ accountId: 'internal', quoteId: 'p', status: 'SENT', quoteNumber: null }),
      ],
      ACCOUNTS,
    );
    // The client's PENDING without a number is "in preparation"; the internal key's SENT waits for a decision.
    expect(index.query(queryOf({})).rows[0]).toMatchObject({ accountId: 'internal', needsAction: true, stage: 'awaiting-decision' });
    expect(index.query(queryOf({ accountId: 'client' })).rows[0]).toMatchObject({ accountId: 'client', needsAction: false, stage: 'in-preparation' });
  });

  it('accounts on different services, or of unknown service, keep their own quotes even with the same id', () => {
    const index = indexOf(
      [sourceRow({ accountId: 'one', quoteId: 'x' }), sourceRow({ accountId: 'two', quoteId: 'x' }), sourceRow({ accountId: 'three', quoteId: 'x' })],
      { one: { access: 'internal', service: 'https://a.test' }, two: { access: 'internal', service: 'https://b.test' }, three: { access: 'internal' } },
    );
    expect(index.query(queryOf({})).total).toBe(3);
  });

  it('learning that an account is on the same service merges its quotes, and removing it parts them again', () => {
    const index = indexOf(
      [sourceRow({ accountId: 'client', quoteId: 'a', status: 'PENDING' }), sourceRow({ accountId: 'internal', quoteId: 'a' })],
      { client: { access: 'client' }, internal: { access: 'internal', service: SERVICE } },
    );
    expect(index.query(queryOf({})).total).toBe(2);
    index.setService('client', SERVICE);
    expect(index.query(queryOf({})).rows.map((row) => row.accounts.length)).toEqual([2]);
    index.removeAccount('client');
    expect(index.query(queryOf({})).rows).toMatchObject([{ accountId: 'internal', accounts: [{ accountId: 'internal' }] }]);
    expect(index.query(queryOf({ accountId: 'client' })).total).toBe(0);
  });

  it('the PDF badge and details are per account', () => {
    const index = shared();
    index.setPdf('internal', 'a', 'cached');
    expect(index.query(queryOf({ accountId: 'internal' })).rows[0]?.pdf).toBe('cached');
    expect(index.query(queryOf({ accountId: 'client' })).rows[0]?.pdf).toBe('none');
  });
});

describe('"expiring first"', () => {
  it('ranks quotes waiting for a decision by valid-until, then the rest (declined, expired, converted) by valid-until', () => {
    const soon = (days: number) => new Date(NOW + days * DAY).toISOString();
    const index = indexOf(
      [
        sourceRow({ quoteId: 'old-declined', status: 'REJECTED', validUntil: soon(-400) }),
        sourceRow({ quoteId: 'old-expired', status: 'EXPIRED', validUntil: soon(-300) }),
        sourceRow({ quoteId: 'converted', status: 'CHANGED_TO_PROJECT', validUntil: soon(-200) }),
        sourceRow({ quoteId: 'waiting-later', status: 'SENT', validUntil: soon(20) }),
        sourceRow({ quoteId: 'waiting-soon', status: 'REVISED', validUntil: soon(2) }),
        sourceRow({ quoteId: 'waiting-no-date', status: 'SENT', validUntil: null }),
        sourceRow({ quoteId: 'accepted', status: 'ACCEPTED', validUntil: soon(5) }),
      ],
      { 'internal-acc': { access: 'internal' } },
    );
    expect(index.query(queryOf({ sort: 'expiry' })).rows.map((row) => row.quoteId)).toEqual([
      'waiting-soon', 'waiting-later', 'waiting-no-date', 'old-declined', 'old-expired', 'converted', 'accepted',
    ]);
    // A decision moves the quote out of the waiting ones at once.
    index.put(sourceRow({ quoteId: 'waiting-soon', status: 'ACCEPTED', validUntil: soon(2) }));
    expect(index.query(queryOf({ sort: 'expiry', limit: 3 })).rows.map((row) => row.quoteId)).toEqual(['waiting-later', 'waiting-no-date', 'old-declined']);
  });
});

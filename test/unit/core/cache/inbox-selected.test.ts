// The index's columns of a selection (InboxIndex.selected, what Insights counts over): the
// same quotes inbox.query lists for the same filters, with each quote's shown total, date and
// stage, kept as quotes change.
import { describe, expect, it } from 'vitest';
import { INBOX_STAGES, NO_DAY, dayOf } from '../../../../main/core/cache/inbox';
import type { InboxFacetQuery, InboxIndex } from '../../../../main/core/cache/inbox';
import { NOW, indexOf, queryOf, sourceRow } from './inbox-rows';

function index(): InboxIndex {
  return indexOf(
    [
      sourceRow({ quoteId: 'a', status: 'ACCEPTED', companyName: 'Acme', totalAmount: 10, quoteDate: '2025-02-10T23:30:00-05:00', projectName: 'Website relaunch' }),
      sourceRow({ quoteId: 'b', status: 'REJECTED', companyName: 'Globex', currency: 'USD', totalAmount: 20, projectName: 'App strings' }),
      sourceRow({ quoteId: 'c', status: 'SENT', companyName: 'Acme', totalAmount: null, currency: null, quoteDate: null, projectName: 'Website copy' }),
      // Seen by both accounts of one service: one quote.
      sourceRow({ quoteId: 'd', status: 'ACCEPTED', totalAmount: 40, projectName: 'Brochure' }),
      sourceRow({ accountId: 'client-acc', quoteId: 'd', status: 'ACCEPTED', totalAmount: 40, projectName: 'Brochure' }),
    ],
    { 'internal-acc': { access: 'internal', service: 'https://one.test' }, 'client-acc': { access: 'client', service: 'https://one.test' } },
  );
}

/** Per quote id: its shown amount, day and stage, as the columns give them. */
function columnsOf(built: InboxIndex, query: InboxFacetQuery) {
  const selected = built.selected(query);
  const out: Record<string, { amount: number | null; day: number; stage: string }> = {};
  for (let at = 0; at < selected.count; at += 1) {
    const ordinal = selected.ordinals[at]!;
    const amount = selected.facts.amount[ordinal]!;
    out[selected.quoteIdOf(at)] = { amount: Number.isNaN(amount) ? null : amount, day: selected.facts.quoteDay[ordinal]!, stage: INBOX_STAGES[selected.stages[at]!]! };
  }
  return out;
}

const listed = (built: InboxIndex, query: InboxFacetQuery) => built.query(queryOf(query)).rows.map((row) => row.quoteId).sort();

describe('the columns of a selection', () => {
  it('hold the quotes inbox.query lists for the same filters, each once', () => {
    const built = index();
    const queries: InboxFacetQuery[] = [
      { now: NOW },
      { now: NOW, accountId: 'client-acc' },
      { now: NOW, search: 'website' },
      { now: NOW, companies: ['Acme'] },
      { now: NOW, stages: ['accepted'], currencies: ['EUR'] },
      { now: NOW, hidden: new Set(['a']) },
    ];
    for (const query of queries) expect(Object.keys(columnsOf(built, query)).sort()).toEqual(listed(built, query));
  });

  it("give each quote's total, the day its date names and its stage, and follow a change", () => {
    const built = index();
    expect(columnsOf(built, { now: NOW })).toMatchObject({
      a: { amount: 10, day: dayOf('2025-02-10'), stage: 'accepted' },
      b: { amount: 20, stage: 'declined' },
      c: { amount: null, day: NO_DAY, stage: 'awaiting-decision' },
      d: { amount: 40, stage: 'accepted' },
    });
    built.put(sourceRow({ quoteId: 'c', status: 'ACCEPTED', totalAmount: 55, quoteDate: '2025-01-05', projectName: 'Website copy' }));
    expect(columnsOf(built, { now: NOW }).c).toEqual({ amount: 55, day: dayOf('2025-01-05'), stage: 'accepted' });
  });
});

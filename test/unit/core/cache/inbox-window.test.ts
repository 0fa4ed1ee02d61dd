// A search's window near the top is chosen from its matches by their keys (window-select.ts),
// not read off the order: it must be exactly the slice of the full ordered result, ties of
// keys broken by quote id (and service), under every sort, with filters, at any offset it
// serves, in one account and across accounts, and after changes move quotes.
import { describe, expect, it } from 'vitest';
import { INBOX_SORTS } from '../../../../main/core/cache';
import type { InboxQuery } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/database';
import { indexOf, NOW, queryOf, sourceRow } from './inbox-rows';

// Few distinct dates, amounts and validities: most keys tie, so the tie-break decides the windows.
const DATES = ['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-02-01T00:00:00Z', null];
const AMOUNTS = [100, 250, null];
const VALID = ['2025-03-04', '2025-04-01', null];
const NAMES = ['Spring campaign', 'Annual report', 'Launch video', 'Legal terms'];

function rows(count: number): InboxSourceRow[] {
  return Array.from({ length: count }, (_, n) =>
    sourceRow({
      accountId: n % 3 === 0 ? 'client-acc' : 'internal-acc',
      // Ids not in slot order, so a tie kept in load order would show.
      quoteId: `q-${String((n * 7919) % count).padStart(5, '0')}`,
      quoteNumber: `Q-2025-${String(n).padStart(4, '0')}`,
      projectName: NAMES[n % NAMES.length]!,
      companyName: n % 5 === 0 ? 'Globex' : 'Northwind',
      quoteDate: DATES[n % DATES.length]!,
      totalAmount: AMOUNTS[n % AMOUNTS.length]!,
      currency: n % 4 === 0 ? 'USD' : 'EUR',
      validUntil: VALID[n % VALID.length]!,
      status: n % 2 === 0 ? 'SENT' : 'ACCEPTED',
    }),
  );
}

const ids = (index: ReturnType<typeof indexOf>, query: Partial<InboxQuery>) => index.query(queryOf(query)).rows.map((row) => row.quoteId);

describe('a search window chosen by key', () => {
  const data = rows(3000);
  const index = indexOf(data, { 'internal-acc': { access: 'internal' }, 'client-acc': { access: 'client' } });
  const searches = ['a', 'spring', 'q-2025-1', 'launch northwind', 'le'];

  it.each(INBOX_SORTS)('equals the slice of the whole ordered result (sort %s)', (sort) => {
    let compared = 0;
    for (const search of searches) {
      for (const scope of [{}, { accountId: 'internal-acc' }]) {
        for (const filters of [{}, { currencies: ['USD'] }, { needsAction: true }]) {
          const query = { sort, search, ...scope, ...filters, now: NOW };
          // Past the chosen windows' reach: read off the order.
          const whole = ids(index, { ...query, limit: 100_000 });
          if (whole.length > 50) compared += 1;
          for (const offset of [0, 37, 400]) expect(ids(index, { ...query, offset, limit: 50 })).toEqual(whole.slice(offset, offset + 50));
          expect(index.query(queryOf({ ...query, limit: 50 })).total).toBe(whole.length);
        }
      }
    }
    // Most of the 30 combinations hold more than one window.
    expect(compared).toBeGreaterThan(20);
  });

  it('follows quotes moved by changes', () => {
    for (let n = 0; n < 300; n += 7) index.put({ ...data[n]!, quoteDate: '2025-03-01T00:00:00Z', projectName: `Spring ${n}` });
    const whole = ids(index, { search: 'spring', limit: 100_000 });
    expect(ids(index, { search: 'spring', limit: 60 })).toEqual(whole.slice(0, 60));
    expect(whole.slice(0, 43).every((id) => data.some((row, n) => n % 7 === 0 && n < 300 && row.quoteId === id))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import { fromCachedDiff, presentRevisionDiff } from '../../../renderer/src/lib/revision-diff';
import { makeDetails } from '../quote/pricing-fixtures';

const place = (item: string, team = 'Translation team') => ({ team, service: 'Translation', targetMarket: 'de-DE', item, unit: 'words' });

function cachedView(diff: QuoteDetailView['diff']): Pick<QuoteDetailView, 'diff' | 'revisions' | 'details'> {
  return {
    details: makeDetails({ status: 'REVISED', totalPrice: { amount: 1100, currency: 'EUR' } }),
    revisions: [
      { revision: 1, firstSeenAt: Date.parse('2026-03-01T09:00:00Z'), total: { amount: 1000, currency: 'EUR' } },
      { revision: 2, firstSeenAt: Date.parse('2026-03-02T10:30:00Z'), total: { amount: 1100, currency: 'EUR' } },
    ],
    diff,
  };
}

describe('fromCachedDiff (the cache diff as the quote view shows it)', () => {
  it('names the last two kept versions by when they were seen, takes the team-less total as overall and a changed line as repriced', () => {
    const diff = fromCachedDiff(
      cachedView({
        lines: [
          { kind: 'changed', place: place('New words'), before: { quantity: 1000, unitPrice: 0.1, totalPrice: 100 }, after: { quantity: 1500, unitPrice: 0.1, totalPrice: 150 }, fields: ['quantity', 'totalPrice'] },
          { kind: 'added', place: place('Review'), after: { quantity: 1, unitPrice: 50, totalPrice: 50 } },
          { kind: 'removed', place: place('Studio', 'Audio team'), before: { quantity: 1, unitPrice: 0, totalPrice: 0 } },
        ],
        totals: [
          { team: 'Translation team', currency: 'EUR', before: 900, after: 1000 },
          { team: 'Audio team', currency: 'EUR', before: 100, after: 100 },
          { team: null, currency: 'EUR', before: 1000, after: 1100 },
        ],
        dates: [],
        status: { before: 'SENT', after: 'REVISED' },
        po: [],
        changed: true,
      }),
    );
    expect(diff).not.toBeNull();
    expect(diff?.from).toEqual({ at: '2026-03-01T09:00:00.000Z', status: 'SENT' });
    expect(diff?.to).toEqual({ at: '2026-03-02T10:30:00.000Z', status: 'REVISED' });
    expect(diff?.total).toEqual({ before: 1000, after: 1100 });
    expect(diff?.teams.map((team) => team.label)).toEqual(['Translation team', 'Audio team']);
    expect(diff?.lineItems.map((line) => [line.kind, line.key.itemName])).toEqual([['repriced', 'New words'], ['added', 'Review'], ['removed', 'Studio']]);
    expect(diff?.fields).toEqual([{ field: 'status', before: 'SENT', after: 'REVISED' }]);
    // Presented, it says why the total moved.
    expect(presentRevisionDiff(diff!, 'en-GB').summary).toBe('+€100.00 (+10%), 1 item repriced, 1 added, 1 removed');
  });

  it('says a date seen twice (the quote\'s and its timeline\'s) once, and keeps PO changes', () => {
    const diff = fromCachedDiff(
      cachedView({
        lines: [],
        totals: [{ team: null, currency: 'EUR', before: 1000, after: 1000 }],
        dates: [
          { field: 'projectDueDate', before: '2026-04-01', after: '2026-04-08' },
          { field: 'timeline.projectDueDate', before: '2026-04-01', after: '2026-04-08' },
          { field: 'timeline.quoteExpiryDate', before: '2026-03-10', after: '2026-03-20' },
          { field: 'somethingNew', before: null, after: 'x' },
        ],
        status: null,
        po: [{ field: 'poRequired', before: false, after: true }],
        changed: true,
      }),
    );
    expect(diff?.fields).toEqual([
      { field: 'projectDueDate', before: '2026-04-01', after: '2026-04-08' },
      { field: 'quoteExpiryDate', before: '2026-03-10', after: '2026-03-20' },
      { field: 'poRequired', before: false, after: true },
    ]);
    expect(diff?.from.status).toBeUndefined();
  });

  it('is null without a previous version', () => {
    const view = cachedView(null);
    expect(fromCachedDiff(view)).toBeNull();
    expect(fromCachedDiff({ ...view, revisions: view.revisions.slice(1) })).toBeNull();
  });
});

describe('the diff of cached revisions, shown', () => {
  it('names the earlier version by when it was seen and the other as now, never by a local revision number', async () => {
    const { render } = await import('@testing-library/svelte');
    const { RevisionDiff } = await import('../../../renderer/src/components/revision-diff');
    const diff = fromCachedDiff(
      cachedView({ lines: [], totals: [{ team: null, currency: 'EUR', before: 1000, after: 1100 }], dates: [], status: null, po: [], changed: true }),
    );
    const { container } = render(RevisionDiff, { diff, locale: 'en-GB' });
    const { formatMoment } = await import('../../../renderer/src/lib/format');
    expect(container.textContent).toContain(`As seen ${formatMoment('2026-03-01T09:00:00Z', 'en-GB')} → Now`);
    expect(container.textContent).not.toMatch(/revision/i);
  });
});

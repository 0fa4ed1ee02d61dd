import { describe, expect, it } from 'vitest';
import { impactOf, movedParts, presentRevisionDiff } from '../../../renderer/src/lib/revision-diff';
import type { LineItemChange, RevisionDiff } from '../../../renderer/src/lib/revision-diff';

const key = (itemName: string, targetMarket = 'German (Germany)') => ({ team: 'Translation team', service: 'Translation', targetMarket, itemName, unit: 'word' });

export function sampleDiff(): RevisionDiff {
  return {
    currency: 'EUR',
    from: { label: 'Revision 1', at: '2025-05-01T09:00:00Z', status: 'SENT' },
    to: { label: 'Revision 2', at: '2025-05-03T09:00:00Z', status: 'REVISED' },
    total: { before: 15_500, after: 16_740 },
    teams: [
      { label: 'Translation team', before: 12_000, after: 13_300 },
      { label: 'Audio team', before: 3_500, after: 3_440 },
      { label: 'DTP team', before: 0, after: 0 },
    ],
    lineItems: [
      { kind: 'repriced', key: key('Fuzzy matches'), before: { quantity: 100, unitPrice: 1, totalPrice: 100 }, after: { quantity: 100, unitPrice: 1.2, totalPrice: 120 } },
      { kind: 'added', key: key('Transcreation'), after: { quantity: 10, unitPrice: 100, totalPrice: 1000 } },
      { kind: 'repriced', key: key('New words', 'French (France)'), before: { quantity: 1000, unitPrice: 0.2, totalPrice: 200 }, after: { quantity: 1500, unitPrice: 0.2, totalPrice: 300 } },
      { kind: 'repriced', key: key('Studio time'), before: { quantity: 4, unitPrice: 125, totalPrice: 500 }, after: { quantity: 4, unitPrice: 110, totalPrice: 440 } },
    ],
    fields: [
      { field: 'validUntil', before: '2025-05-31T23:59:00Z', after: '2025-06-30T23:59:00Z' },
      { field: 'poRequired', before: false, after: false },
      { field: 'status', before: 'SENT', after: 'REVISED' },
    ],
  };
}

describe('presentRevisionDiff', () => {
  it('says at a glance how much more it costs and why: "+€1,240.00 (+8%), 3 items repriced, 1 added"', () => {
    const view = presentRevisionDiff(sampleDiff(), 'en-GB');
    expect(view.direction).toBe('up');
    expect(view.totalChange).toBe('+€1,240.00 (+8%)');
    expect(view.itemCounts).toBe('3 items repriced, 1 added');
    expect(view.summary).toBe('+€1,240.00 (+8%), 3 items repriced, 1 added');
  });

  it('orders line items by their effect on the total, largest first, cheaper ones included', () => {
    const view = presentRevisionDiff(sampleDiff(), 'en-GB');
    expect(view.items.map((item) => [item.key.itemName, impactOf(item)])).toEqual([
      ['Transcreation', 1000],
      ['New words', 100],
      ['Studio time', -60],
      ['Fuzzy matches', 20],
    ]);
  });

  it('lists only the teams whose total moved, and only the fields that changed', () => {
    const view = presentRevisionDiff(sampleDiff(), 'en-GB');
    expect(view.teams.map((team) => [team.label, team.delta])).toEqual([
      ['Translation team', 1300],
      ['Audio team', -60],
    ]);
    expect(view.fields.map((field) => field.field)).toEqual(['validUntil', 'status']);
  });

  it('words a cheaper revision, an unchanged one and a removal', () => {
    const diff = sampleDiff();
    diff.total = { before: 1000, after: 980 };
    diff.lineItems = [{ kind: 'removed', key: key('Proofreading'), before: { quantity: 1, unitPrice: 20, totalPrice: 20 } }];
    expect(presentRevisionDiff(diff, 'en-GB').summary).toBe('-€20.00 (-2%), 1 item removed');
    diff.total = { before: 1000, after: 1000 };
    diff.lineItems = [];
    expect(presentRevisionDiff(diff, 'en-GB').summary).toBe('No change in total, No line item changed');
    diff.total = { before: null, after: 1000 };
    expect(presentRevisionDiff(diff, 'en-GB')).toMatchObject({ direction: 'unknown', totalChange: null });
  });

  it('names which parts of a repriced item moved', () => {
    const [fuzzy, , words] = sampleDiff().lineItems as [LineItemChange, LineItemChange, LineItemChange];
    expect(movedParts(fuzzy)).toEqual(['unitPrice', 'totalPrice']);
    expect(movedParts(words)).toEqual(['quantity', 'totalPrice']);
  });
});

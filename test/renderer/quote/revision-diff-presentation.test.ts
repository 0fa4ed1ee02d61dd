import { describe, expect, it } from 'vitest';
import { impactOf, movedParts, presentRevisionDiff } from '../../../renderer/src/lib/revision-diff';
import type { LineItemChange } from '../../../renderer/src/lib/revision-diff';
import { key, sampleDiff } from './diff-fixtures';

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
    expect(presentRevisionDiff(diff, 'en-GB').summary).toBe('No change in total, no line item changed');
    diff.total = { before: null, after: 1000 };
    expect(presentRevisionDiff(diff, 'en-GB')).toMatchObject({ direction: 'unknown', totalChange: null });
  });

  it('names which parts of a repriced item moved', () => {
    const [fuzzy, , words] = sampleDiff().lineItems as [LineItemChange, LineItemChange, LineItemChange];
    expect(movedParts(fuzzy)).toEqual(['unitPrice', 'totalPrice']);
    expect(movedParts(words)).toEqual(['quantity', 'totalPrice']);
  });
});

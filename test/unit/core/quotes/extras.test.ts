import { describe, expect, it } from 'vitest';
import { recognisePeople, recogniseSummary } from '../../../../main/core/quotes/extras';

describe('the quote extras (shapes the spec leaves open)', () => {
  it('recognises people in any JSON that names them, and nothing in junk', () => {
    expect(
      recognisePeople([
        { userId: 'x', name: 'Pat Manager', email: 'pat@loc.test', role: 'Project manager', isProjectOwner: true },
        { weird: true },
        42,
      ]),
    ).toEqual([{ name: 'Pat Manager', email: 'pat@loc.test', role: 'Project manager', isOwner: true }]);
    expect(recognisePeople({ data: [{ fullName: 'A B', title: 'PM' }] })).toEqual([{ name: 'A B', email: null, role: 'PM', isOwner: false }]);
    expect(recognisePeople('nope')).toEqual([]);
  });

  it('keeps the summary facts it can read, and nothing of a summary it cannot', () => {
    expect(recogniseSummary({ revision: 3, lineItemCount: 5, teams: [{ teamName: 'Translation team', total: 1850, targetMarkets: ['de-DE', { label: 'fr-FR' }] }] })).toEqual({
      revision: 3,
      lineItemCount: 5,
      teams: [{ name: 'Translation team', total: 1850, markets: ['de-DE', 'fr-FR'] }],
    });
    expect(recogniseSummary({ foo: 1 })).toBeNull();
    expect(recogniseSummary([1, 2])).toBeNull();
  });
});

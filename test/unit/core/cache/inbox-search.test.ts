// Search at each keystroke: a search that extends the previous one filters its result,
// which must always equal a search from scratch, even when quotes changed in between.
import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/store';
import { indexOf, queryOf, sourceRow } from './inbox-rows';

const NAMES = ['Website relaunch', 'Webinar kit', 'Web copy', 'Wedding brochure', 'Annual report', 'Café menu', 'Weather app'];

function rows(): InboxSourceRow[] {
  return Array.from({ length: 140 }, (_, n) =>
    sourceRow({
      quoteId: `q-${n}`,
      projectName: `${NAMES[n % NAMES.length]} ${n}`,
      companyName: n % 3 === 0 ? 'Webster Ltd' : 'Acme',
      quoteNumber: `Q-${1000 + n}`,
      quoteDate: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString(),
    }),
  );
}

const ACCOUNTS = { 'internal-acc': { access: 'internal' } } as const;
const found = (index: InboxIndex, search: string, accountId?: string) => index.query(queryOf({ search, accountId })).rows.map((row) => row.quoteId);
/** The same search in a new index over the same rows: no previous result to filter. */
const fromScratch = (all: InboxSourceRow[], search: string) => found(indexOf(all, ACCOUNTS), search);

describe('search at each keystroke', () => {
  it('typing, deleting and typing other words gives what a search from scratch gives', () => {
    const all = rows();
    const index = indexOf(all, ACCOUNTS);
    const keystrokes = ['w', 'we', 'web', 'webs', 'webst', 'webs', 'web', 'web ', 'web 1', 'web 12', 'web 1', 'web', 'we', 'w', '', 'cafe', 'cafe m', 'q-10', 'q-104'];
    for (const search of keystrokes) expect(found(index, search), search).toEqual(fromScratch(all, search));
  });

  it('a quote that starts to match between two keystrokes is found by the second', () => {
    const all = rows();
    const index = indexOf(all, ACCOUNTS);
    expect(found(index, 'wea')).toHaveLength(20);
    // "weat" narrows "wea": but the rename happened after "wea" was answered.
    const renamed = sourceRow({ ...all[4]!, projectName: 'Weather widget' });
    index.put(renamed);
    all[4] = renamed;
    expect(found(index, 'weat')).toEqual(fromScratch(all, 'weat'));
    expect(found(index, 'weat')).toContain('q-4');
  });

  it('words match anywhere in the project, number, company or reference, in any order', () => {
    const all = rows();
    const index = indexOf(all, ACCOUNTS);
    expect(found(index, 'webster 1003')).toEqual(['q-3']);
    expect(found(index, '1003 webster')).toEqual(['q-3']);
    expect(found(index, 'WEBSTER   q-1003')).toEqual(['q-3']);
    expect(found(index, 'webster acme')).toEqual([]);
  });

  it("a search in one account is answered from that account's quotes alone", () => {
    const index = new InboxIndex();
    index.load(
      [sourceRow({ accountId: 'one', quoteId: 'a', projectName: 'Alpha' }), sourceRow({ accountId: 'two', quoteId: 'b', projectName: 'Alpha' })],
      new Map([['one', 'internal'], ['two', 'internal']]),
      [],
    );
    expect(found(index, 'alp', 'one')).toEqual(['a']);
    expect(found(index, 'alph', 'two')).toEqual(['b']);
    expect(found(index, 'alpha')).toEqual(['a', 'b']);
  });
});

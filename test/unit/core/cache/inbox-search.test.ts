// Search at each keystroke: a search that extends the previous one filters its result,
// which must always equal a search from scratch, even when quotes changed in between.
import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/database';
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

  it('over many blocks of quotes whose texts repeat their letters, every keystroke, change and deletion gives what a scratch search gives', () => {
    // Texts of a few letters, so a word lies in most quotes, often twice: the search must find
    // the first place of each word, narrow from where the last word lay, and never mix two quotes.
    let state = 7;
    const random = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % n;
    };
    const word = (length: number) => Array.from({ length }, () => 'abcq-2'[random(6)]).join('');
    const textOf = () => Array.from({ length: 1 + random(4) }, () => word(1 + random(5))).join(' ');
    const all = Array.from({ length: 1300 }, (_, n) =>
      sourceRow({ quoteId: `q-${n}`, projectName: textOf(), companyName: textOf(), quoteNumber: `Q-${n}`, quoteDate: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString() }),
    );
    const index = indexOf(all, ACCOUNTS);
    const typed = (search: string) => index.query(queryOf({ search, limit: 2000 })).rows.map((row) => row.quoteId);
    // Plainly: the quotes whose fields hold every word, newest first (no two share a date).
    const scratch = (search: string) => {
      const words = search.toLowerCase().split(/\s+/).filter(Boolean);
      return all
        .filter((row) => words.every((w) => [row.projectName, row.quoteNumber, row.companyName, row.referenceNumber].join('\n').toLowerCase().includes(w)))
        .sort((a, b) => Date.parse(b.quoteDate!) - Date.parse(a.quoteDate!))
        .map((row) => row.quoteId);
    };
    for (let round = 0; round < 60; round += 1) {
      const target = `${word(2 + random(4))}${random(3) === 0 ? ` ${word(1 + random(3))}` : ''}`;
      for (let length = 1; length <= target.length; length += 1) {
        const search = target.slice(0, length);
        if (random(4) === 0) {
          const at = random(all.length);
          all[at] = sourceRow({ ...all[at]!, projectName: textOf() });
          index.put(all[at]!);
        }
        expect(typed(search), `"${search}" in round ${round}`).toEqual(scratch(search));
      }
      // Backspace over the last letters.
      for (let length = target.length - 1; length > target.length - 3 && length > 0; length -= 1) {
        expect(typed(target.slice(0, length)), `"${target.slice(0, length)}" deleted`).toEqual(scratch(target.slice(0, length)));
      }
    }
  });
});

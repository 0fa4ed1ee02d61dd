// The search answers from each quote's letter bits before it reads any text: a quote whose
// bits lack a letter or letter pair of the words is skipped, and a single letter or digit is
// answered by the bits alone. Both must give exactly what a plain `includes` over every
// quote gives, on any text (accents, other scripts, digits, punctuation) and after changes.
import { describe, expect, it } from 'vitest';
import { LetterMasks, maskIsExact, maskOfWords } from '../../../../main/core/cache/inbox/letter-masks';
import { foldForSearch } from '../../../../main/core/cache/inbox/status';
import type { InboxSourceRow } from '../../../../main/core/database';
import { indexOf, queryOf, sourceRow } from './inbox-rows';

/** A fixed-seed generator: the same corpus and keystrokes at every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const int = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  return { int, pick: <T>(values: readonly T[]): T => values[int(values.length)]! };
}

/** Pieces texts are made of: common letters (many matches), digits, punctuation, accents, other scripts, a surrogate pair. */
const PIECES = ['a', 'at', 'atl', 'no', 'nor', 'q-', '20', '25', '00', '-', '.', '/', '#', 'É', 'é', 'ß', 'ø', 'Ü', 'ñ', 'œ', '東京', 'αβ', '😀', 'x', 'z', '7', 'Kes', 'em', 'ea', ' ', ' ', '\t'];

function textOf(random: ReturnType<typeof generator>): string {
  return Array.from({ length: 1 + random.int(7) }, () => random.pick(PIECES)).join('');
}

/** A scope's bits holding one text, at slot 0. */
function maskOf(text: string): LetterMasks {
  const masks = new LetterMasks();
  masks.write(0, text, 0, text.length);
  return masks;
}

describe('letter bits', () => {
  it('a text holding a word holds its bits; for one letter or digit the bits say exactly whether it is there', () => {
    const random = generator(11);
    for (let round = 0; round < 3000; round += 1) {
      const text = foldForSearch(textOf(random) + textOf(random));
      const mask = maskOf(text);
      const from = random.int(text.length);
      const word = text.slice(from, from + 1 + random.int(4)).split(/\s+/)[0]!;
      if (word) expect(mask.holds(0, maskOfWords([word])), `"${word}" in "${text}"`).toBe(true);
      const letter = foldForSearch(random.pick([...'abcdeqtxz0123456789-éß東']));
      if (maskIsExact(letter)) expect(mask.holds(0, maskOfWords([letter])), `"${letter}" in "${text}"`).toBe(text.includes(letter));
    }
  });

  it('lets few quotes through for a word they do not hold', () => {
    const mask = maskOf('spring campaign q1\nq-2025-000123\nnorthwind outdoor ltd\nnor-1234');
    expect(mask.holds(0, maskOfWords(['kestrel']))).toBe(false);
    expect(mask.holds(0, maskOfWords(['q-2025-00']))).toBe(true);
    // Pairs of letters it holds, which it does not hold side by side: the pair bits let (nearly) none of them through.
    const absent = ['rn', 'ds', 'po', 'ra', 'ol', 'ir', 'ww', 'ld', 'tr', 'ot'];
    expect(absent.filter((word) => !'spring campaign q1 q-2025-000123 northwind outdoor ltd nor-1234'.includes(word))).toEqual(absent);
    expect(absent.filter((word) => mask.holds(0, maskOfWords([word]))).length).toBeLessThanOrEqual(1);
  });
});

describe('search at each keystroke on a varied corpus', () => {
  it('a quote renamed, added or gone is found, or not, by the letters of its new text alone', () => {
    const all = Array.from({ length: 1100 }, (_, n) =>
      sourceRow({ quoteId: `q-${n}`, projectName: 'plain', companyName: null, quoteNumber: null, quoteDate: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString() }),
    );
    const index = indexOf(all, { 'internal-acc': { access: 'internal' } });
    const ids = (search: string) => index.query(queryOf({ search, limit: 5000 })).rows.map((row) => row.quoteId);
    expect(ids('z')).toEqual([]);
    expect(ids('7')).toEqual([]);
    index.put({ ...all[700]!, projectName: 'Zebra 7' });
    index.put(sourceRow({ quoteId: 'new', projectName: 'zulu', companyName: null, quoteNumber: null, quoteDate: '2026-01-01T00:00:00Z' }));
    expect(ids('a')).toHaveLength(1100);
    // Each a new search (not narrowing "a"): answered from the bits of the changed quotes.
    expect(ids('z')).toEqual(['new', 'q-700']);
    expect(ids('7')).toEqual(['q-700']);
    expect(ids('ze')).toEqual(['q-700']);
    index.put({ ...all[700]!, projectName: 'plain' });
    expect(ids('p')).toHaveLength(1100);
    expect(ids('z')).toEqual(['new']);
    expect(ids('7')).toEqual([]);
  });

  it('every keystroke, deletion and change between them gives the quotes a plain includes finds, in every scope', () => {
    const random = generator(2026);
    const accounts = { one: { access: 'internal' }, two: { access: 'client' } } as const;
    let made = 0;
    const quote = (accountId: string): InboxSourceRow =>
      sourceRow({
        accountId,
        quoteId: `q-${made}`,
        projectName: textOf(random),
        companyName: random.int(5) === 0 ? null : textOf(random),
        quoteNumber: random.int(6) === 0 ? null : `Q-20${random.int(30)}-${String(random.int(100_000)).padStart(6, '0')}`,
        referenceNumber: random.int(3) === 0 ? null : textOf(random),
        quoteDate: new Date(Date.UTC(2025, 0, 1) + made++ * 60_000).toISOString(),
      });
    // More than two blocks of 512 quotes, in two accounts.
    let all = Array.from({ length: 1400 }, (_, n) => quote(n % 3 === 0 ? 'two' : 'one'));
    const index = indexOf(all, accounts);
    const typed = (search: string, accountId?: string) => index.query(queryOf({ search, accountId, limit: 5000 })).rows.map((row) => row.quoteId);
    const scratch = (search: string, accountId?: string) => {
      const words = foldForSearch(search).split(/\s+/).filter(Boolean);
      return all
        .filter((row) => accountId === undefined || row.accountId === accountId)
        .filter((row) => {
          const text = foldForSearch([row.projectName, row.quoteNumber, row.companyName, row.referenceNumber].map((field) => field ?? '').join('\n'));
          return words.every((word) => text.includes(word));
        })
        .sort((a, b) => Date.parse(b.quoteDate!) - Date.parse(a.quoteDate!))
        .map((row) => row.quoteId);
    };
    const change = () => {
      const kind = random.int(10);
      if (kind < 7) {
        const at = random.int(all.length);
        all[at] = { ...all[at]!, projectName: textOf(random), referenceNumber: random.int(2) === 0 ? null : textOf(random) };
        index.put(all[at]!);
      } else if (kind < 9) {
        all.push(quote(random.pick(['one', 'two'])));
        index.put(all.at(-1)!);
      } else {
        // Many at once: more than a search result is patched for, so the next key scans again.
        for (let n = 0; n < 300; n += 1) {
          const at = random.int(all.length);
          all[at] = { ...all[at]!, companyName: textOf(random) };
          index.put(all[at]!);
        }
      }
    };
    let checked = 0;
    for (let round = 0; round < 80; round += 1) {
      const accountId = random.pick([undefined, 'one', 'two']);
      // Something a quote holds (so most keys find some), sometimes with a second word.
      const source = foldForSearch(textOf(random) + textOf(random)).replace(/\s+/g, '');
      const target = `${random.int(4) === 0 ? source.toUpperCase() : source}${random.int(3) === 0 ? ` ${random.pick(PIECES).trim() || 'a'}` : ''}`;
      // The box emptied, then typed key by key (a change now and then), then the last keys deleted.
      expect(typed('', accountId)).toHaveLength(scratch('', accountId).length);
      const lengths = [...Array.from({ length: target.length }, (_, n) => n + 1), target.length - 1, target.length - 2].filter((n) => n > 0);
      for (const length of lengths) {
        if (random.int(5) === 0) change();
        const search = target.slice(0, length);
        expect(typed(search, accountId), `"${search}" in round ${round}, ${accountId ?? 'all accounts'}`).toEqual(scratch(search, accountId));
        checked += 1;
      }
      if (round === 40) {
        // An account goes: its quotes' slots are free, and new quotes take them.
        index.removeAccount('two');
        all = all.filter((row) => row.accountId !== 'two');
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

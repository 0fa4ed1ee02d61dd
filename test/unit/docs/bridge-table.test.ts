// docs/architecture.md's table of bridge methods and events is made from the contract by
// scripts/bridge-table.ts. A method or event added, removed or renamed, or answered from
// another folder, without the table made again, fails here with the command to run.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { briefOf } from '../../../scripts/bridge-table/brief';
import { BridgeTableError } from '../../../scripts/bridge-table/code-facts';
import { DOC, END, RUN, START, differences, makeBridgeTable, tableIn, withTable } from '../../../scripts/bridge-table/table';
import { EVENT_NAMES, METHOD_NAMES } from '../../../preload/contract/plain/names';

let made = '';

// The TypeScript compiler reads core.ts and the contract: seconds on a loaded machine.
beforeAll(() => {
  made = makeBridgeTable();
}, 180_000);

describe("docs/architecture.md's bridge table", () => {
  it('is the table the contract makes', () => {
    const found = differences(tableIn(readFileSync(DOC, 'utf8')), made);
    expect(found, `${DOC}'s bridge table does not match preload/contract (${found.join('; ')}): run \`${RUN}\``).toEqual([]);
  });

  it('has a row for every method and event of the contract, each with where it is answered or pushed from', () => {
    for (const name of [...METHOD_NAMES, ...EVENT_NAMES]) expect(made).toMatch(new RegExp(`^\\| \`${name.replace('.', '\\.')}\` \\| [^|]+ \\|`, 'm'));
    expect(made).toContain('| `inbox.query` | A window of the inbox over the cache, with the accounts\' freshness. |');
    expect(made).toMatch(/^\| `relay\.configure` \|.*\| `main\/core\/webhooks\/` \|$/m);
    expect(made).toMatch(/^\| `selection\.keepOfflineChanged` \|.*\| `main\/core\/inbox\/` \|$/m);
    expect(made).toMatch(/^\| `desktop\.changed` \|.*\| `main\/electron\/` \|$/m);
  });
});

describe('the differences reported', () => {
  it('name a method missing from the page, one the contract no longer has and an event renamed', () => {
    const page = made
      .replace(/^\| `views\.remove` \|.*\n/m, '')
      .replace('| `quotes.logo` |', '| `quotes.icon` |')
      .replace('| `relay.changed` |', '| `relay.moved` |');
    expect(differences(page, made)).toEqual(['quotes.logo is missing', 'views.remove is missing', 'relay.changed is missing', 'quotes.icon is no longer in the contract', 'relay.moved is no longer in the contract']);
  });

  it('name a method answered, or an event pushed, from another folder', () => {
    const page = made
      .replace(/^(\| `quotes\.logo` \|.*)`main\/core\/logos\/` \|$/m, '$1`main/core/inbox/` |')
      .replace(/^(\| `inbox\.changed` \|.*)`main\/core\/inbox\/` \|$/m, '$1`main/core/cache/` |');
    expect(differences(page, made)).toEqual([
      'quotes.logo is now answered in `main/core/logos/` (the table says `main/core/inbox/`)',
      'inbox.changed is now pushed by `main/core/inbox/` (the table says `main/core/cache/`)',
    ]);
  });

  it('say a description or shape changed when only that did, and nothing when the tables agree', () => {
    expect(differences(made.replace('Deletes a saved view.', 'Removes a view.'), made)).toEqual(['a description, a shape or the wording around the tables changed']);
    expect(differences(made, made)).toEqual([]);
    expect(differences(null, made)).toEqual([`${DOC} has no bridge table between its markers`]);
  });
});

describe('writing the table into the page', () => {
  it('replaces only what is between the markers', () => {
    const page = `# Title\n\nbefore\n${START}\nold table\n${END}\nafter\n`;
    expect(withTable(page, 'new table')).toBe(`# Title\n\nbefore\n${START}\nnew table\n${END}\nafter\n`);
    expect(tableIn(withTable(page, 'new table'))).toBe('new table');
  });

  it('refuses a page that lost a marker instead of appending a second table', () => {
    expect(() => withTable(`# Title\n${START}\nold table\n`, 'new table')).toThrow(BridgeTableError);
    expect(tableIn(`# Title\n${END}\n${START}\n`)).toBeNull();
  });
});

describe('a schema in brief', () => {
  it('names the top-level fields, the optional ones marked, and nothing for void', () => {
    expect(briefOf(z.object({ accountId: z.string(), refresh: z.boolean().default(false), note: z.string().optional() }), 'input')).toBe('{ accountId, refresh?, note? }');
    expect(briefOf(z.object({ accountId: z.string(), refresh: z.boolean().default(false) }), 'output')).toBe('{ accountId, refresh }');
    expect(briefOf(z.void(), 'input')).toBe('—');
    expect(briefOf(z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string(), f: z.string() }), 'output')).toBe('{ a, b, c, d, e, … }');
  });

  it('reads lists, nullables, words and tagged unions', () => {
    expect(briefOf(z.array(z.object({ id: z.string(), nested: z.object({ deep: z.string() }) })), 'output')).toBe('{ id, nested }[]');
    expect(briefOf(z.object({ id: z.string() }).nullable(), 'output')).toBe('{ id } | null');
    expect(briefOf(z.array(z.string()), 'output')).toBe('string[]');
    expect(briefOf(z.enum(['csv', 'xlsx']), 'output')).toBe("'csv' | 'xlsx'");
    expect(briefOf(z.enum(['a', 'b', 'c', 'd', 'e']), 'output')).toBe("'a' | 'b' | 'c' | 'd' | … (5 words)");
    const tagged = z.discriminatedUnion('kind', [z.object({ kind: z.literal('saved'), rows: z.number() }), z.object({ kind: z.literal('cancelled') })]);
    expect(briefOf(tagged, 'output')).toBe("{ kind: 'saved' | 'cancelled', … }");
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { physicalCss } from '../../../scripts/i18n-rtl';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the right-to-left CSS check', () => {
  it('finds left/right in margins, paddings, borders, offsets, text-align and float, and leaves logical properties alone', () => {
    root = mkdtempSync(join(tmpdir(), 'quotedesk-rtl-'));
    mkdirSync(join(root, 'renderer', 'src', 'x'), { recursive: true });
    const css = ['.a { margin-left: 1px; }', '.b { padding-inline-start: 2px; }', '.c { right: 0; }', '.d { text-align: left; }', '.e { inset-inline-end: 0; }', '.f { border-right: 1px solid; }', '.g { float: right; }'];
    writeFileSync(join(root, 'renderer', 'src', 'x', 'x.svelte'), `<style>\n${css.join('\n')}\n</style>\n`);
    expect(physicalCss(root).map((use) => use.line)).toEqual([2, 4, 5, 7, 8]);
  });
});

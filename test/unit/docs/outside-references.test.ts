// A clone holds everything its docs, comments, tests and configuration refer to: nothing may
// point at notes or paths of the machine the project was written on, which a reader of the
// repository cannot open. (The patterns are built from parts so this file does not match them.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const outside = [
  new RegExp(['', 'work', ''].join('/')),
  new RegExp(['DESIGN', 'md'].join('\\.')),
  new RegExp(['shared', 'spec'].join('/')),
  new RegExp(['\\.\\.', 'shared'].join('/')),
  new RegExp(['shared', 'material'].join(' '), 'i'),
  new RegExp(['design', 'notes'].join(' '), 'i'),
];
const text = /\.(md|ts|mts|js|mjs|cjs|svelte|json|ya?ml|html|css)$/;

/** What is built, installed or reported is not the repository's own text. */
const notOurs = new Set(['node_modules', '.git', 'out', 'dist', 'reports', 'test-results', 'playwright-report', 'coverage', '.quotedesk-dev']);

function textFiles(folder = '.'): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = folder === '.' ? entry.name : join(folder, entry.name);
    if (entry.isDirectory()) return notOurs.has(entry.name) || path === join('test', 'unit', 'docs') ? [] : textFiles(path);
    return entry.isFile() && text.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

describe('the repository', () => {
  it('refers to no file outside it, in docs, comments, tests or configuration', () => {
    const files = textFiles();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const path of files) {
      readFileSync(path, 'utf8').split('\n').forEach((line, index) => {
        if (outside.some((pattern) => pattern.test(line))) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});

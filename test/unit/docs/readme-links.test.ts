// The README is what a clone shows first: every picture and link in it (and in docs/) must
// lead to a file the clone has, never outside the repository, and the way in (the two
// commands, "open the printed link") must come before the details.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve('.');
const pages = ['README.md', 'CONTRIBUTING.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

/** Markdown links and images with a relative target (web addresses and in-page anchors aside). */
function relativeTargets(page: string): string[] {
  const text = readFileSync(page, 'utf8');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

describe('the README and docs/', () => {
  it('link only to files inside the repository that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const target of relativeTargets(page)) {
        const file = resolve(dirname(page), target);
        if (relative(root, file).startsWith('..') || !existsSync(file)) broken.push(`${page} -> ${target}`);
      }
      expect(readFileSync(page, 'utf8'), page).not.toContain('../shared');
    }
    expect(broken).toEqual([]);
  });

  it('open on what Quotedesk is, its pictures and the two commands, before any internals', () => {
    const readme = readFileSync('README.md', 'utf8');
    const firstSection = readme.indexOf('\n## Using Quotedesk');
    const start = readme.slice(0, firstSection);
    expect(start).toMatch(/!\[[^\]]+\]\(docs\/inbox\.png\)/);
    expect(start).toMatch(/!\[[^\]]+\]\(docs\/quote\.png\)/);
    expect(start).toContain('npm install');
    expect(start).toContain('npm start');
    expect(start).toContain('npm run web');
    expect(start).toMatch(/Open the printed link/i);
    // The internals live in docs/, linked from the README.
    for (const doc of ['docs/architecture.md', 'docs/security.md', 'docs/durability.md', 'docs/offline.md', 'docs/packaging.md']) expect(readme).toContain(`(${doc})`);
    expect(readme).not.toContain('## Desktop security checklist');
  });
});

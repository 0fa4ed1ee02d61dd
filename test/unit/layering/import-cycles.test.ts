import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreImports, cyclesOf, folderOf, graphOf } from './core-imports';

// The lint refuses an import up coreLayers file by file; these read the whole graph, so a
// circle between main/core's folders (or files) fails the tests even where no rule names it.
const config = (await import(pathToFileURL(resolve('eslint.config.js')).href)) as { coreLayers: string[] };
const imports = coreImports(resolve('main/core'));

describe('the import graph of main/core', () => {
  it('reads the real imports', () => {
    expect(imports.length).toBeGreaterThan(300);
    expect(imports).toContainEqual({ from: 'core.ts', to: 'webhooks/feature.ts', specifier: './webhooks/feature' });
  });

  it('finds a planted cycle, and none in a graph that only goes down', () => {
    expect(cyclesOf(graphOf([['inbox', 'cache'], ['cache', 'events'], ['events', 'inbox'], ['sync', 'cache']]))).toEqual([['cache', 'events', 'inbox']]);
    expect(cyclesOf(graphOf([['a', 'a']]))).toEqual([['a']]);
    expect(cyclesOf(graphOf([['inbox', 'cache'], ['cache', 'events'], ['inbox', 'events']]))).toEqual([]);
  });

  it('has no circle between its folders', () => {
    const between = imports.filter((edge) => folderOf(edge.from) !== folderOf(edge.to) && folderOf(edge.from) !== '' && folderOf(edge.to) !== '');
    const folders = graphOf(between.map((edge) => [folderOf(edge.from), folderOf(edge.to)] as const));
    expect(cyclesOf(folders)).toEqual([]);
  });

  it('has no import running back up coreLayers', () => {
    const rank = (folder: string) => config.coreLayers.indexOf(folder);
    const upward = imports
      .filter((edge) => folderOf(edge.from) !== '' && folderOf(edge.to) !== '' && rank(folderOf(edge.to)) > rank(folderOf(edge.from)))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('has no circle between its files', () => {
    expect(cyclesOf(graphOf(imports.map((edge) => [edge.from, edge.to] as const)))).toEqual([]);
  });
});

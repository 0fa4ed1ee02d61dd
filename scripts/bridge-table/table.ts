// The table of every bridge method and event in docs/architecture.md: made from the contract
// (names, schemas, JSDoc) and the code that answers and pushes them, and kept between two
// marker comments so the rest of the page stays hand-written.
import { resolve } from 'node:path';
import type { z } from 'zod';
import { events, methods } from '../../preload/contract/bridge/contract';
import { EVENT_NAMES, METHOD_NAMES } from '../../preload/contract/plain/names';
import { NOTHING, briefOf } from './brief';
import { BridgeTableError, readCodeFacts } from './code-facts';

export const DOC = 'docs/architecture.md';
export const START = '<!-- bridge-table:start (made by `npx tsx scripts/bridge-table.ts --write` from preload/contract: change the contract, not these lines) -->';
export const END = '<!-- bridge-table:end -->';
export const RUN = 'npx tsx scripts/bridge-table.ts --write';

/** The table as the contract and the code hold it now. */
export function makeBridgeTable(root = resolve('.')): string {
  const facts = readCodeFacts(root, { methods: METHOD_NAMES, events: EVENT_NAMES });
  const schemas = methods as Record<string, { input: z.ZodType; output: z.ZodType }>;
  const payloads = events as Record<string, z.ZodType>;
  const methodRows = METHOD_NAMES.map((name) => [
    code(name),
    facts.descriptions.get(name)!,
    code(briefOf(schemas[name]!.input, 'input')),
    code(briefOf(schemas[name]!.output, 'output')),
    code(facts.answeredIn.get(name)!),
  ]);
  const eventRows = EVENT_NAMES.map((name) => [
    code(name),
    facts.descriptions.get(name)!,
    code(briefOf(payloads[name]!, 'output')),
    (facts.pushedBy.get(name) ?? []).map(code).join(', ') || 'no code emits it',
  ]);
  return [
    `${METHOD_NAMES.length} methods. \`${NOTHING}\` is nothing (no input; an answer without a value); \`field?\` may be left out; \`…\` stands for more fields, in the contract.`,
    '',
    table(['method', 'what it does', 'input', 'output', 'answered in'], methodRows),
    '',
    `${EVENT_NAMES.length} events, each pushed from main to every window.`,
    '',
    table(['event', 'what it says', 'payload', 'pushed by'], eventRows),
  ].join('\n');
}

/** The table between the markers of a page, or null when a marker is missing. */
export function tableIn(page: string): string | null {
  const start = page.indexOf(START);
  const end = page.indexOf(END, start);
  if (start < 0 || end < 0) return null;
  return page.slice(start + START.length, end).trim();
}

/** The page with its table replaced; refuses a page without both markers in order. */
export function withTable(page: string, made: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END, start);
  if (start < 0 || end < 0) throw new BridgeTableError(`${DOC} has lost its table's markers: put back the lines\n${START}\n${END}`);
  return `${page.slice(0, start + START.length)}\n${made}\n${page.slice(end)}`;
}

/**
 * Why the table in the page is not the one the contract makes, in words: the methods and events
 * added, removed or answered elsewhere, or else that a description or a shape changed.
 */
export function differences(inPage: string | null, made: string): string[] {
  if (inPage === null) return [`${DOC} has no bridge table between its markers`];
  if (inPage === made) return [];
  const before = rowsByName(inPage);
  const after = rowsByName(made);
  const found: string[] = [];
  for (const name of after.keys()) if (!before.has(name)) found.push(`${name} is missing`);
  for (const name of before.keys()) if (!after.has(name)) found.push(`${name} is no longer in the contract`);
  for (const [name, row] of after) {
    const old = before.get(name);
    if (old && old.at(-1) !== row.at(-1)) found.push(`${name} is now ${row.length === 5 ? 'answered in' : 'pushed by'} ${row.at(-1)} (the table says ${old.at(-1)})`);
  }
  return found.length > 0 ? found : ['a description, a shape or the wording around the tables changed'];
}

function rowsByName(markdown: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of markdown.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
    const name = /^`([\w.]+)`$/.exec(cells[0] ?? '')?.[1];
    if (name !== undefined) rows.set(name, cells);
  }
  return rows;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

function code(text: string): string {
  return `\`${text}\``;
}

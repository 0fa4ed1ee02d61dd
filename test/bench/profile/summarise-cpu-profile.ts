// `tsx test/bench/profile/summarise-cpu-profile.ts FILE.cpuprofile`: where the CPU went.
// Self time by function (top 25) and inclusive time by area (zod, undici, the client's own
// files, JSON, node:http...), as shares of the non-idle samples.
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const AREAS: [string, (node: ProfileNode) => boolean][] = [
  ['zod (all parsing)', (node) => node.callFrame.url.includes('/zod/')],
  ['zod DateTime refine (Date.parse)', (node) => node.callFrame.url.includes('contract/service/primitives') ],
  ['validate.ts (parseBody)', (node) => node.callFrame.url.includes('core/api/validate')],
  ['transport.ts', (node) => node.callFrame.url.includes('core/api/transport')],
  ['readBounded (body read)', (node) => node.callFrame.functionName === 'readBounded'],
  ['body-deadline.ts', (node) => node.callFrame.url.includes('core/api/body-deadline')],
  ['AbortSignal / AbortController', (node) => /abort/i.test(node.callFrame.url) || /AbortSignal|AbortController/.test(node.callFrame.functionName)],
  ['retry.ts', (node) => node.callFrame.url.includes('core/api/retry')],
  ['caller.ts', (node) => node.callFrame.url.includes('core/api/caller')],
  ['undici', (node) => node.callFrame.url.includes('/undici/')],
  ['JSON.parse', (node) => node.callFrame.functionName === 'parse' && node.callFrame.url === ''],
  ['new URL / URLSearchParams', (node) => node.callFrame.url.includes('internal/url')],
  ['node:http (the local server)', (node) => node.callFrame.url.includes('node:_http') || node.callFrame.url.includes('_http_')],
  ['garbage collector', (node) => node.callFrame.functionName === '(garbage collector)'],
];
const IDLE = new Set(['(idle)', '(program)']);
// Paths are shown relative to the repository (or to node_modules).
const ROOT_URL = new URL('../../../', import.meta.url).href;

const file = process.argv[2];
if (!file) throw new Error('usage: summarise-cpu-profile.ts FILE.cpuprofile');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
for (const sample of profile.samples) {
  const node = byId.get(sample);
  if (!node || IDLE.has(node.callFrame.functionName)) continue;
  busy += 1;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(ROOT_URL, '').replace(/^.*\/node_modules\//, '')}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + 1);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id) as ProfileNode;
    for (const [area, matches] of AREAS) if (!seen.has(area) && matches(frame)) seen.add(area);
  }
  for (const area of seen) inclusive.set(area, (inclusive.get(area) ?? 0) + 1);
}
const share = (count: number) => `${((count / busy) * 100).toFixed(1).padStart(5)}%`;
console.log(`${busy} busy samples\n\nInclusive time by area:`);
for (const [area] of AREAS) console.log(`  ${share(inclusive.get(area) ?? 0)}  ${area}`);
console.log('\nSelf time, top 25 functions:');
for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${share(count)}  ${key}`);

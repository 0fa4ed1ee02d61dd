// `tsx test/bench/profile/fast-parse-cost.ts`: what validating one recorded list page and one
// quote detail costs through zod and through the compiled fast path
// (main/core/api/fast-parse.ts), beside JSON.parse for scale. Medians of 15
// round-robin rounds, µs per body.
import { QuoteDetailsResponse, QuoteListResponse } from '../../../preload/contract';
import { NOT_ACCEPTED, compilesFully, fastParserFor } from '../../../main/core/api/fast-parse';
import { recordService } from '../fixtures/recorded-service';

const recording = await recordService({ quotes: 200, limit: 100 });
const page = JSON.parse(recording.pages[0] as string) as unknown;
const detail = JSON.parse(recording.detail) as unknown;
const fastList = fastParserFor(QuoteListResponse);
const fastDetail = fastParserFor(QuoteDetailsResponse);
for (const [label, schema, body, fast] of [['list page', QuoteListResponse, page, fastList], ['detail', QuoteDetailsResponse, detail, fastDetail]] as const) {
  if (!compilesFully(schema)) console.log(`warning: part of the ${label} schema is handed to zod`);
  if (fast(body) === NOT_ACCEPTED) throw new Error(`the fast path refuses the recorded ${label}`);
}

const candidates: [string, () => unknown][] = [
  ['list page: JSON.parse', () => JSON.parse(recording.pages[0] as string)],
  ['list page: zod QuoteListResponse', () => QuoteListResponse.safeParse(page)],
  ['list page: fast path', () => fastList(page)],
  ['detail: JSON.parse', () => JSON.parse(recording.detail)],
  ['detail: zod QuoteDetailsResponse', () => QuoteDetailsResponse.safeParse(detail)],
  ['detail: fast path', () => fastDetail(detail)],
];
const samples = candidates.map(() => [] as number[]);
for (const [, work] of candidates) for (let i = 0; i < 300; i += 1) work();
for (let round = 0; round < 15; round += 1) {
  candidates.forEach(([, work], index) => {
    const started = performance.now();
    for (let i = 0; i < 100; i += 1) work();
    samples[index]?.push(((performance.now() - started) / 100) * 1000);
  });
}
candidates.forEach(([label], index) => {
  const sorted = (samples[index] as number[]).sort((a, b) => a - b);
  console.log(`${(sorted[7] as number).toFixed(1).padStart(7)} µs  ${label}`);
});

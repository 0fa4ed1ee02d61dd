// `tsx test/bench/profile/schema-variants.ts`: what the list page's validation would cost
// with cheaper date-time and uuid checks. The variants copy QuoteListItem with only the two
// primitives swapped; it is an experiment for BENCHMARKS.md, not a second contract.
import { z } from 'zod';
import { QuoteListResponse, QuoteStatus } from '../../../preload/contract';
import { recordService } from '../fixtures/recorded-service';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function listResponse(dateTime: z.ZodType<string>, uuid: z.ZodType<string>) {
  const money = z.object({ amount: z.number(), currency: z.string().min(1) });
  const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
  const item = z.object({
    id: uuid,
    quoteNumber: z.string().nullable(),
    projectName: z.string().nullable(),
    projectDescription: z.string().nullable().optional(),
    status: QuoteStatus,
    companyId: uuid.nullable(),
    companyName: z.string().nullable(),
    totalPrice: money.nullable(),
    quoteDate: dateTime.nullable(),
    deadlineForQuote: dateOnly.nullable(),
    projectDueDate: dateOnly.nullable(),
    referenceNumber: z.string().nullable().optional(),
    validUntil: dateTime.nullable().optional(),
    createdAt: dateTime.optional(),
    updatedAt: dateTime.nullable().optional(),
  });
  const pagination = z.object({
    page: z.number().int().positive(),
    limit: z.number().int().positive().max(100),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  });
  return z.object({ success: z.literal(true), data: z.array(item), pagination });
}

const recording = await recordService({ quotes: 200, limit: 100 });
const page = JSON.parse(recording.pages[0] as string) as unknown;

const variants: [string, z.ZodType][] = [
  ['contract today (DateTime: refine(Date.parse), Uuid: z.guid())', QuoteListResponse],
  ['same shape rebuilt here (control: should match the line above)', listResponse(z.string().refine((value) => !Number.isNaN(Date.parse(value))), z.guid())],
  ['DateTime: regex of the ISO shape, Uuid: z.guid()', listResponse(z.string().regex(ISO_DATE_TIME), z.guid())],
  ['DateTime: regex, Uuid: z.string().length(36)', listResponse(z.string().regex(ISO_DATE_TIME), z.string().length(36))],
  ['DateTime: regex, Uuid: regex without the version nibble rules', listResponse(z.string().regex(ISO_DATE_TIME), z.string().regex(UUID_SHAPE))],
  ['floor: both plain z.string()', listResponse(z.string(), z.string())],
];
for (const [label, schema] of variants) if (!schema.safeParse(page).success) throw new Error(`${label} refuses the recorded page`);

// Round-robin over the variants, so a busy moment of the shared machine hits them all.
const candidates: [string, () => unknown][] = [['JSON.parse of the page (for scale)', () => JSON.parse(recording.pages[0] as string)], ...variants.map(([label, schema]): [string, () => unknown] => [label, () => schema.safeParse(page)])];
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
  console.log(`${(sorted[7] as number).toFixed(0).padStart(5)} µs  ${label}`);
});

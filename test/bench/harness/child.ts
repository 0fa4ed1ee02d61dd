// Runs one benchmark file in its own process (forked by run.ts) and sends back its figures.
// A process per benchmark keeps one benchmark's heap, sockets and timers out of the next,
// and lets the runner kill one that overruns its budget.
import { pathToFileURL } from 'node:url';
import type { Benchmark, Figure } from './types';

export interface ChildRequest {
  file: string;
  quick: boolean;
}

export type ChildReply = { ok: true; figures: Figure[] } | { ok: false; error: string };

function isBenchmark(value: unknown): value is Benchmark {
  const candidate = value as Partial<Benchmark> | undefined;
  return typeof candidate?.name === 'string' && typeof candidate.run === 'function' && typeof candidate.budgetMs?.full === 'number';
}

async function runOne(request: ChildRequest): Promise<ChildReply> {
  const module = (await import(pathToFileURL(request.file).href)) as { default?: unknown };
  if (!isBenchmark(module.default)) return { ok: false, error: `${request.file} does not default-export a benchmark (use defineBenchmark)` };
  const benchmark = module.default;
  const budget = request.quick ? benchmark.budgetMs.quick : benchmark.budgetMs.full;
  const deadline = performance.now() + budget;
  const figures = await benchmark.run({
    quick: request.quick,
    timeLeft: () => Math.max(0, deadline - performance.now()),
    log: (message) => console.error(`  [${benchmark.name}] ${message}`),
  });
  const broken = figures.find((figure) => !Number.isFinite(figure.value));
  if (figures.length === 0) return { ok: false, error: 'produced no figure' };
  if (broken) return { ok: false, error: `figure ${broken.id} is not a number (${broken.value})` };
  return { ok: true, figures };
}

process.once('message', (request: ChildRequest) => {
  runOne(request)
    .catch((error: unknown): ChildReply => ({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
    .then((reply) => process.send?.(reply, () => process.exit(0)));
});

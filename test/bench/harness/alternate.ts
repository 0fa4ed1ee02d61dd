import { median, round, spreadOf } from './stats';
import type { BenchContext, Figure, Target } from './types';

export interface AlternatingComparison {
  id: string;
  label: string;
  /** One batch of the reference work, e.g. 300 bare undici GETs. */
  baseline: () => Promise<void>;
  /** The same batch through the code under test: same pages, parallelism and bodies. */
  subject: () => Promise<void>;
  /** Operations in one batch, to report the absolute time per operation beside the ratio. */
  operations: number;
  /** Rounds in a full run; a quick run does one. The budget may cut a full run short. */
  rounds: number;
  target?: Target;
  details?: Record<string, string | number>;
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function timed(work: () => Promise<void>): Promise<number> {
  // A collection owed by the previous batch would otherwise land in this one.
  collectGarbage?.();
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Baseline, subject, baseline, subject...: each round's ratio compares two batches run
 * back to back, so a noisy neighbour slows both sides of a round rather than one side of
 * the whole run. One unmeasured warm-up batch of each first (JIT, connection pool).
 */
export async function compareAlternating(ctx: BenchContext, comparison: AlternatingComparison): Promise<Figure> {
  await comparison.baseline();
  await comparison.subject();
  const wanted = ctx.quick ? 1 : comparison.rounds;
  const ratios: number[] = [];
  const baselineMs: number[] = [];
  const subjectMs: number[] = [];
  let lastRoundMs = 0;
  while (ratios.length < wanted) {
    // Stop before a round that would overrun the budget, but always measure one.
    if (ratios.length > 0 && ctx.timeLeft() < lastRoundMs * 1.2) {
      ctx.log(`${comparison.id}: budget reached after ${ratios.length} of ${wanted} rounds`);
      break;
    }
    const roundStarted = performance.now();
    const base = await timed(comparison.baseline);
    const subject = await timed(comparison.subject);
    lastRoundMs = performance.now() - roundStarted;
    baselineMs.push(base);
    subjectMs.push(subject);
    ratios.push(subject / base);
  }
  const perOp = (ms: number) => round((ms / comparison.operations) * 1000, 3);
  const spread = spreadOf(ratios);
  return {
    id: comparison.id,
    label: comparison.label,
    unit: 'x',
    value: round(median(ratios)),
    spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) },
    rounds: ratios.length,
    target: comparison.target,
    details: {
      operationsPerBatch: comparison.operations,
      baselineMicrosPerOp: perOp(median(baselineMs)),
      subjectMicrosPerOp: perOp(median(subjectMs)),
      ...comparison.details,
    },
  };
}

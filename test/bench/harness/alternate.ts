import { median, round, spreadOf } from './stats';
import type { BenchContext, Figure, Target } from './types';

export interface AlternatingComparison {
  id: string;
  label: string;
  /** One batch of the reference work, e.g. 300 bare undici GETs. */
  baseline: () => Promise<void>;
  /** The same batch through the code under test: same pages, parallelism and bodies. */
  subject: () => Promise<void>;
  /** Operations in one subject batch: the ratio and the reported times are per operation. */
  operations: number;
  /**
   * Operations in one baseline batch when it differs: a baseline a hundred times cheaper
   * per operation gets more of them, so both batches last long enough for the process's
   * CPU clock (a few ms of granularity) to measure them. Default: `operations`.
   */
  baselineOperations?: number;
  /** Rounds in a full run; a quick run does one. The budget may cut a full run short. */
  rounds: number;
  target?: Target;
  details?: Record<string, string | number>;
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;

interface Timing {
  /** CPU time of this process (user + system, every thread), in ms. */
  cpuMs: number;
  wallMs: number;
}

/**
 * Both the CPU this process spent and the wall-clock time. The client and the baseline run
 * in this one process and a service they call runs in another (fixtures/recorded-process.ts),
 * so this process's CPU time is the cost of the work on the caller's side alone; wall time
 * also counts the moments another process on the shared machine held the core, which is
 * why the ratio is taken on CPU time.
 */
async function timed(work: () => Promise<void>): Promise<Timing> {
  // A collection owed by the previous batch would otherwise land in this one.
  collectGarbage?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

/**
 * The figure is the median over rounds of subject CPU time ÷ baseline CPU time.
 * Baseline, subject, baseline, subject...: each round's ratio compares two batches run
 * back to back, so a noisy neighbour slows both sides of a round rather than one side of
 * the whole run. One unmeasured warm-up batch of each first (JIT, connection pool).
 */
export async function compareAlternating(ctx: BenchContext, comparison: AlternatingComparison): Promise<Figure> {
  return (await compareAlternatingWithTimes(ctx, comparison)).figure;
}

/** The subject's own times per operation, round by round, for an absolute figure beside the ratio. */
export interface SubjectTimes {
  cpuMsPerOp: number[];
  wallMsPerOp: number[];
}

/** As compareAlternating, and also the subject's absolute times (e.g. "cold load at most 100 ms"). */
export async function compareAlternatingWithTimes(ctx: BenchContext, comparison: AlternatingComparison): Promise<{ figure: Figure; subject: SubjectTimes }> {
  await comparison.baseline();
  await comparison.subject();
  const wanted = ctx.quick ? 1 : comparison.rounds;
  const subjectOps = comparison.operations;
  const baselineOps = comparison.baselineOperations ?? comparison.operations;
  const ratios: number[] = [];
  const wallRatios: number[] = [];
  const baselineMs: number[] = [];
  const subjectMs: number[] = [];
  const subjectWallMs: number[] = [];
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
    baselineMs.push(base.cpuMs);
    subjectMs.push(subject.cpuMs);
    subjectWallMs.push(subject.wallMs);
    ratios.push(subject.cpuMs / subjectOps / (base.cpuMs / baselineOps));
    wallRatios.push(subject.wallMs / subjectOps / (base.wallMs / baselineOps));
  }
  const perOp = (ms: number, operations: number) => round((ms / operations) * 1000, 3);
  const spread = spreadOf(ratios);
  const figure: Figure = {
    id: comparison.id,
    label: comparison.label,
    unit: 'x',
    value: round(median(ratios)),
    spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) },
    rounds: ratios.length,
    target: comparison.target,
    details: {
      subjectOperationsPerBatch: subjectOps,
      baselineOperationsPerBatch: baselineOps,
      baselineCpuMicrosPerOp: perOp(median(baselineMs), baselineOps),
      subjectCpuMicrosPerOp: perOp(median(subjectMs), subjectOps),
      wallClockRatio: round(median(wallRatios)),
      ...comparison.details,
    },
  };
  return { figure, subject: { cpuMsPerOp: subjectMs.map((ms) => ms / subjectOps), wallMsPerOp: subjectWallMs.map((ms) => ms / subjectOps) } };
}

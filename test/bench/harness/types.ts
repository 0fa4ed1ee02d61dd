/** How a figure is judged against its target. */
export type Comparison = '<=' | '>=' | '==';

export interface Target {
  op: Comparison;
  value: number;
}

/** Spread of the per-round values: extremes and the interquartile range. */
export interface Spread {
  min: number;
  q1: number;
  q3: number;
  max: number;
}

export type Unit = 'x' | 'MB' | 'ms' | 'count';

/** One reported number: a ratio against its baseline, a count, a size. */
export interface Figure {
  /** Stable key in the JSON, `<benchmark>.<figure>`. */
  id: string;
  label: string;
  unit: Unit;
  /** The median over the rounds (or the single value of a one-shot measurement). */
  value: number;
  spread?: Spread;
  rounds: number;
  /** Absent: reported, not judged. */
  target?: Target;
  /** Context for a reader: the absolute times behind a ratio, the sizes of the work. */
  details?: Record<string, string | number>;
}

export interface BenchContext {
  /** Small sizes and one round: proves the benchmark still runs, says nothing about speed. */
  quick: boolean;
  /** Milliseconds left of this benchmark's budget; work should stop starting rounds at 0. */
  timeLeft(): number;
  log(message: string): void;
}

/** What a file under test/bench/ default-exports: one benchmark, possibly several figures. */
export interface Benchmark {
  /** Selects it on the command line: `npm run bench -- NAME`. */
  name: string;
  title: string;
  /** How long it may take; rounds stop early to stay inside, and the runner kills it beyond. */
  budgetMs: { full: number; quick: number };
  run(ctx: BenchContext): Promise<Figure[]>;
}

export interface BenchmarkResult {
  name: string;
  title: string;
  durationMs: number;
  figures: JudgedFigure[];
  /** Set when the benchmark failed to run or produce a figure: the run then fails. */
  error?: string;
}

export interface JudgedFigure extends Figure {
  /** null when there is no target (report only). */
  met: boolean | null;
}

export function defineBenchmark(benchmark: Benchmark): Benchmark {
  return benchmark;
}

import type { BenchmarkResult, JudgedFigure, Target, Unit } from './types';

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'x':
      return `${value.toFixed(2)}x`;
    case 'MB':
      return `${value.toFixed(1)} MB`;
    case 'ms':
      return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
    case 'count':
      return String(value);
  }
}

export function formatTarget(target: Target | undefined, unit: Unit): string {
  if (!target) return 'report only';
  const op = target.op === '<=' ? '≤' : target.op === '>=' ? '≥' : '=';
  return `${op} ${formatValue(target.value, unit)}`;
}

export function formatSpread(figure: JudgedFigure): string {
  if (!figure.spread || figure.rounds < 2) return '';
  const { min, q1, q3, max } = figure.spread;
  // The unit once, at the end: "1.07–1.56 (IQR 1.30–1.40)", "115.0–117.0 (IQR 115.0–116.0) MB".
  const f = (value: number) => formatValue(value, figure.unit).replace(/\s*(x|MB|ms)$/, '');
  const unit = figure.unit === 'x' || figure.unit === 'count' ? '' : ` ${figure.unit}`;
  return `${f(min)}–${f(max)} (IQR ${f(q1)}–${f(q3)})${unit}`;
}

export function formatVerdict(figure: JudgedFigure): string {
  if (figure.met === null) return '—';
  return figure.met ? 'met' : 'MISSED';
}

interface Row {
  figure: string;
  value: string;
  spread: string;
  rounds: string;
  target: string;
  verdict: string;
}

function rowsOf(results: readonly BenchmarkResult[]): Row[] {
  const rows: Row[] = [];
  for (const result of results) {
    if (result.error) {
      rows.push({ figure: `${result.name}: FAILED TO RUN`, value: '', spread: '', rounds: '', target: '', verdict: 'ERROR' });
      continue;
    }
    for (const figure of result.figures) {
      rows.push({
        figure: figure.label,
        value: formatValue(figure.value, figure.unit),
        spread: formatSpread(figure),
        rounds: String(figure.rounds),
        target: formatTarget(figure.target, figure.unit),
        verdict: formatVerdict(figure),
      });
    }
  }
  return rows;
}

const HEADINGS: Row = { figure: 'figure', value: 'value', spread: 'spread min–max (IQR)', rounds: 'rounds', target: 'target', verdict: 'verdict' };
const COLUMNS = Object.keys(HEADINGS) as (keyof Row)[];

/** A fixed-width table for the terminal. */
export function textTable(results: readonly BenchmarkResult[]): string {
  const rows = [HEADINGS, ...rowsOf(results)];
  const widths = COLUMNS.map((column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: Row) => COLUMNS.map((column, index) => row[column].padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  return [line(HEADINGS), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** The absolute costs behind a ratio, so a reader can tell a slow machine from slow code. */
export function formatBehind(figure: JudgedFigure): string {
  const details = figure.details ?? {};
  const base = details.baselineCpuMicrosPerOp;
  const subject = details.subjectCpuMicrosPerOp;
  if (typeof base !== 'number' || typeof subject !== 'number') return '';
  const wall = typeof details.wallClockRatio === 'number' ? `; wall-clock ratio ${details.wallClockRatio.toFixed(2)}x` : '';
  return `CPU per op: baseline ${base} µs, subject ${subject} µs${wall}`;
}

/** The same table in Markdown, for BENCHMARKS.md, with the absolute costs behind each ratio. */
export function markdownTable(results: readonly BenchmarkResult[]): string {
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const rows = rowsOf(results);
  const behind = results.flatMap((result) => (result.error ? [''] : result.figures.map(formatBehind)));
  return [
    `| ${COLUMNS.map((column) => HEADINGS[column]).join(' | ')} | behind the ratio |`,
    `|${COLUMNS.map(() => '---').join('|')}|---|`,
    ...rows.map((row, index) => `| ${COLUMNS.map((column) => escape(row[column])).join(' | ')} | ${behind[index] ?? ''} |`),
  ].join('\n');
}

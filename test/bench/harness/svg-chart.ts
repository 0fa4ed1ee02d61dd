// A small hand-written SVG bar chart: a dozen rows of bars with whiskers need no library,
// and the output stays a plain, diffable text file that GitHub renders inline.
import { formatSpread, formatTarget, formatValue } from './format';
import { shareOfTarget } from './judge';
import { round } from './stats';
import type { Machine } from './machine';
import type { BenchmarkResult, JudgedFigure } from './types';

const WIDTH = 960;
const PLOT_LEFT = 16;
const PLOT_WIDTH = 560;
const ROW_HEIGHT = 46;
const BAR_HEIGHT = 14;
const COLOURS = { met: '#2e7d32', missed: '#c62828', report: '#546e7a', axis: '#9e9e9e', text: '#212121', muted: '#616161' };

interface Plotted {
  figure: JudgedFigure;
  /** Position on the axis (1 = the target, or parity with the baseline for report-only ratios). */
  at: number;
  low: number;
  high: number;
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function plotted(figure: JudgedFigure): Plotted {
  const lowValue = figure.spread?.min ?? figure.value;
  const highValue = figure.spread?.max ?? figure.value;
  if (!figure.target) return { figure, at: figure.value, low: lowValue, high: highValue };
  const a = shareOfTarget(lowValue, figure.target);
  const b = shareOfTarget(highValue, figure.target);
  return { figure, at: shareOfTarget(figure.value, figure.target), low: Math.min(a, b), high: Math.max(a, b) };
}

/** Tick step giving about five ticks up to `max`. */
function tickStep(max: number): number {
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw);
  return step ?? raw;
}

/**
 * One group of rows: the label above each bar, the bar on a shared axis where 1 is the
 * reference (dashed), whiskers for the min–max of the rounds, the verdict to the right.
 * `capAt` keeps one outlier from flattening the others: bars beyond it are marked off scale.
 */
function section(title: string, axisNote: string, rows: Plotted[], top: number, capAt: number): { svg: string[]; height: number } {
  if (rows.length === 0) return { svg: [], height: 0 };
  const finite = rows.flatMap((row) => [row.at, row.high]).filter(Number.isFinite);
  const scaleMax = Math.min(capAt, Math.max(1.5, ...finite.map((value) => value * 1.1)));
  const x = (value: number) => PLOT_LEFT + (Math.min(value, scaleMax) / scaleMax) * PLOT_WIDTH;
  const svg: string[] = [];
  svg.push(`<text x="${PLOT_LEFT}" y="${top + 16}" font-weight="600" font-size="14">${escapeXml(title)}</text>`);
  svg.push(`<text x="${PLOT_LEFT}" y="${top + 33}" fill="${COLOURS.muted}" font-size="11.5">${escapeXml(axisNote)}</text>`);
  const plotTop = top + 42;
  const plotBottom = plotTop + rows.length * ROW_HEIGHT;
  const step = tickStep(scaleMax);
  const ticks = Array.from({ length: Math.floor(scaleMax / step + 1e-9) + 1 }, (_, index) => round(index * step));
  for (const tick of ticks.includes(1) ? ticks : [...ticks, 1]) {
    const tx = x(tick);
    const isReference = tick === 1;
    svg.push(
      `<line x1="${tx}" y1="${plotTop + 18}" x2="${tx}" y2="${plotBottom}" stroke="${isReference ? COLOURS.text : COLOURS.axis}" stroke-width="${isReference ? 1.5 : 0.5}"${isReference ? ' stroke-dasharray="4 3"' : ''}/>`,
    );
    // The reference line needs no label of its own when a tick label would collide with it.
    const crowded = !ticks.includes(tick) || ticks.some((other) => other !== tick && Math.abs(x(other) - tx) < 18);
    if (!(isReference && crowded)) svg.push(`<text x="${tx}" y="${plotBottom + 14}" text-anchor="middle" fill="${COLOURS.muted}" font-size="11">${tick}</text>`);
  }
  rows.forEach((row, index) => {
    const { figure } = row;
    const labelY = plotTop + index * ROW_HEIGHT + 13;
    const y = labelY + 8;
    const colour = figure.met === null ? COLOURS.report : figure.met ? COLOURS.met : COLOURS.missed;
    const verdict = figure.met === null ? 'report only' : figure.met ? 'met' : 'missed';
    const value = formatValue(figure.value, figure.unit);
    const spread = formatSpread(figure);
    const tooltip = `${figure.label}: ${value}${spread ? `, spread ${spread}` : ''}, target ${formatTarget(figure.target, figure.unit)}, ${verdict}`;
    svg.push(`<g><title>${escapeXml(tooltip)}</title>`);
    svg.push(`<text x="${PLOT_LEFT}" y="${labelY}" fill="${COLOURS.text}">${escapeXml(figure.label)}</text>`);
    const barEnd = Number.isFinite(row.at) ? x(row.at) : x(scaleMax);
    svg.push(`<rect x="${PLOT_LEFT}" y="${y}" width="${Math.max(1, barEnd - PLOT_LEFT).toFixed(1)}" height="${BAR_HEIGHT}" fill="${colour}" opacity="0.85"/>`);
    if (row.at > scaleMax || !Number.isFinite(row.at)) {
      svg.push(`<text x="${x(scaleMax) - 4}" y="${y + BAR_HEIGHT - 3}" text-anchor="end" fill="#fff" font-size="11">off scale ▶</text>`);
    }
    if (figure.rounds > 1 && row.high > row.low) {
      const mid = y + BAR_HEIGHT / 2;
      const lx = x(row.low);
      const hx = x(row.high);
      svg.push(
        `<line x1="${lx}" y1="${mid}" x2="${hx}" y2="${mid}" stroke="${COLOURS.text}" stroke-width="1.2"/>`,
        `<line x1="${lx}" y1="${mid - 5}" x2="${lx}" y2="${mid + 5}" stroke="${COLOURS.text}" stroke-width="1.2"/>`,
        `<line x1="${hx}" y1="${mid - 5}" x2="${hx}" y2="${mid + 5}" stroke="${COLOURS.text}" stroke-width="1.2"/>`,
      );
    }
    const summary = `${value}  ${figure.target ? `target ${formatTarget(figure.target, figure.unit)}: ${verdict}` : 'report only'}`;
    svg.push(`<text x="${PLOT_LEFT + PLOT_WIDTH + 16}" y="${y + BAR_HEIGHT - 2}" fill="${colour}" font-weight="600">${escapeXml(summary)}</text>`);
    svg.push('</g>');
  });
  return { svg, height: plotBottom + 24 - top };
}

/** Renders every figure: judged ones as measured ÷ target, report-only ratios against parity, the rest as text. */
export function renderChart(results: readonly BenchmarkResult[], meta: { machine: Machine; date: string; quick: boolean }): string {
  const figures = results.flatMap((result) => result.figures);
  const failed = results.filter((result) => result.error);
  const judged = figures.filter((figure) => figure.target).map(plotted);
  const ratios = figures.filter((figure) => !figure.target && figure.unit === 'x').map(plotted);
  const plain = figures.filter((figure) => !figure.target && figure.unit !== 'x');

  const body: string[] = [];
  let top = 62;
  const first = section('Against target', 'bar: measured ÷ target (1 = the target: left of the dashed line is better) · whiskers: min–max over the rounds', judged, top, 3);
  body.push(...first.svg);
  top += first.height + (first.height ? 10 : 0);
  const second = section('Reported against the baseline (no target)', 'bar: subject ÷ baseline (1 = as cheap as the baseline) · whiskers: min–max over the rounds', ratios, top, Number.POSITIVE_INFINITY);
  body.push(...second.svg);
  top += second.height + (second.height ? 10 : 0);
  if (plain.length || failed.length) {
    body.push(`<text x="16" y="${top + 16}" font-weight="600" font-size="14">Reported values</text>`);
    top += 24;
    for (const figure of plain) {
      body.push(`<text x="16" y="${top + 14}" fill="${COLOURS.text}">${escapeXml(`${figure.label}: ${formatValue(figure.value, figure.unit)}`)}</text>`);
      top += 22;
    }
    for (const result of failed) {
      body.push(`<text x="16" y="${top + 14}" fill="${COLOURS.missed}">${escapeXml(`${result.title}: failed to run`)}</text>`);
      top += 22;
    }
  }
  const height = top + 16;
  const { machine } = meta;
  const subtitle = `${meta.date} · ${machine.cpu}, ${machine.cores} cores · Node ${machine.node}${meta.quick ? ' · QUICK MODE (sizes too small to mean anything)' : ''} · shared machine: noisy ratios`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="13" role="img" aria-label="Quotedesk benchmark results">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="16" y="26" font-size="18" font-weight="700" fill="${COLOURS.text}">Quotedesk benchmarks</text>`,
    `<text x="16" y="46" fill="${COLOURS.muted}" font-size="12">${escapeXml(subtitle)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

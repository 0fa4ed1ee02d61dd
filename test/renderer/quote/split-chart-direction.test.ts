// The pricing's split chart in a right-to-left window: SVG places text by coordinates, which the
// page's direction does not turn, so the chart mirrors itself. Under Arabic the names stand on the
// right with the bars growing leftwards from them and the shares on the left; nothing is cut off
// the drawing's edge (the Arabic screenshot showed a name drawn left of the picture's edge).
import { render } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { SplitChart } from '../../../renderer/src/components/quote-pricing';
import { switchLocale } from '../../../renderer/src/lib/i18n/locale.svelte';

afterEach(() => switchLocale('en'));

const slices = [
  { label: 'Media Studio', amount: 300, share: 0.75 },
  { label: 'Legal', amount: 100, share: 0.25 },
];

function drawing(container: HTMLElement) {
  const svg = container.querySelector('svg')!;
  const width = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const label = svg.querySelector<SVGTextElement>('text.label')!;
  const value = svg.querySelector<SVGTextElement>('text.value')!;
  const bars = [...svg.querySelectorAll<SVGRectElement>('rect.bar')].map((bar) => ({ x: Number(bar.getAttribute('x')), width: Number(bar.getAttribute('width')) }));
  return { width, label: { x: Number(label.getAttribute('x')), anchor: label.getAttribute('text-anchor') }, value: { x: Number(value.getAttribute('x')), anchor: value.getAttribute('text-anchor') }, bars };
}

describe('the split chart', () => {
  it('reads left to right in English: names on the left, bars growing rightwards from them', () => {
    const { container } = render(SplitChart, { slices, currency: 'EUR', dimension: 'team' });
    const chart = drawing(container);
    expect(chart.label).toEqual({ x: expect.any(Number), anchor: 'end' });
    expect(chart.label.x).toBeLessThan(chart.width / 2);
    expect(chart.bars[0]!.x).toBe(chart.bars[1]!.x);
    expect(chart.value.x).toBeGreaterThan(chart.bars[0]!.x + chart.bars[0]!.width);
  });

  it('mirrors in Arabic: names on the right, bars growing leftwards from them, shares on the left', () => {
    switchLocale('ar');
    const { container } = render(SplitChart, { slices, currency: 'EUR', dimension: 'team' });
    const chart = drawing(container);
    // The name starts right of the bars and runs towards the right edge (a physical start anchor).
    expect(chart.label.anchor).toBe('start');
    expect(chart.label.x).toBeGreaterThan(chart.width / 2);
    // Bars end at the same right-hand line and grow leftwards: the larger one starts further left.
    const ends = chart.bars.map((bar) => bar.x + bar.width);
    expect(ends[0]).toBe(ends[1]);
    expect(ends[0]).toBeLessThan(chart.label.x);
    expect(chart.bars[0]!.x).toBeLessThan(chart.bars[1]!.x);
    expect(chart.value.anchor).toBe('end');
    expect(chart.value.x).toBeLessThan(chart.bars[0]!.x);
    expect(chart.value.x).toBeGreaterThan(0);
  });
});

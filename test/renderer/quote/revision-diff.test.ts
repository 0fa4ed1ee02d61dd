import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { RevisionDiff } from '../../../renderer/src/components/revision-diff';
import { formatMoment } from '../../../renderer/src/lib/format';
import { sampleDiff } from './diff-fixtures';

const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('revision diff view', () => {
  it('says at a glance why the revision costs more, then shows totals, items by impact and other changes', () => {
    render(RevisionDiff, { diff: sampleDiff(), locale: 'en-GB' });
    const region = screen.getByRole('region', { name: `What changed since ${formatMoment('2025-05-01T09:00:00Z', 'en-GB')}` });
    // Versions by when they were seen here, not by a count of the versions kept here.
    expect(text(region)).toContain(`As seen ${formatMoment('2025-05-01T09:00:00Z', 'en-GB')} → Now`);
    expect(text(region)).not.toMatch(/revision \d/i);
    expect(within(region).getByText('+€1,240.00 (+8%), 3 items repriced, 1 added')).toBeTruthy();
    const totals = within(region).getByRole('table', { name: 'Totals before and after' });
    const rows = within(totals).getAllByRole('row').slice(1).map((row) => [...row.children].map(text));
    expect(rows).toEqual([
      ['Quote', '€15,500.00', '€16,740.00', '+€1,240.00'],
      ['Translation team', '€12,000.00', '€13,300.00', '+€1,300.00'],
      ['Audio team', '€3,500.00', '€3,440.00', '-€60.00'],
    ]);
    const items = within(region).getAllByRole('listitem').map(text);
    expect(items[0]).toMatch(/^Added Transcreation .* 10 word × €100.00 \+€1,000.00$/);
    expect(items[1]).toContain('quantity 1,000 → 1,500 word');
    expect(items[2]).toContain('unit price €125.00 → €110.00');
    expect(items[2]).toMatch(/-€60.00$/);
    expect(text(region)).toContain('Valid until 31 May 2025 → 30 Jun 2025');
    // In the inbox's words for the reader's key, not the service's.
    expect(text(region)).toContain('Status Awaiting your decision → Revised');
    expect(text(region)).not.toContain('PO required');
  });

  it("says a status in the inbox's words for the key, not the service's 'Pending'", () => {
    const diff = { ...sampleDiff(), fields: [{ field: 'status' as const, before: 'PENDING', after: 'CHANGED_TO_PROJECT' }] };
    const { unmount } = render(RevisionDiff, { diff, locale: 'en-GB', access: 'client', quoteNumber: 'Q-2026-0091' });
    expect(text(screen.getByRole('region'))).toContain('Status Awaiting your decision → Project started');
    expect(text(screen.getByRole('region'))).not.toContain('Pending');
    unmount();
    render(RevisionDiff, { diff, locale: 'en-GB', access: 'internal', quoteNumber: 'Q-2026-0091' });
    expect(text(screen.getByRole('region'))).toContain('Status In preparation → Project started');
  });

  it('heads a change of status alone as a status change, not a revision, with no totals that did not move', () => {
    // Accepting Q-2026-0107 keeps a new version whose only difference is its status.
    const diff = { ...sampleDiff(), total: { before: 15_500, after: 15_500 }, teams: [], lineItems: [], fields: [{ field: 'status' as const, before: 'SENT', after: 'CHANGED_TO_PROJECT' }] };
    render(RevisionDiff, { diff, locale: 'en-GB', access: 'client', quoteNumber: 'Q-2026-0107' });
    const region = screen.getByRole('region', { name: 'Status changed: Awaiting your decision → Project started' });
    expect(text(region)).toContain(`As seen ${formatMoment('2025-05-01T09:00:00Z', 'en-GB')} → Now`);
    expect(text(region)).toContain('The price, line items and dates did not change.');
    expect(text(region)).not.toMatch(/revision|What changed/i);
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('keeps the full comparison when a date moved beside the status', () => {
    const diff = { ...sampleDiff(), total: { before: 15_500, after: 15_500 }, teams: [], lineItems: [], fields: [{ field: 'status' as const, before: 'SENT', after: 'REVISED' }, { field: 'validUntil' as const, before: '2025-05-31T23:59:00Z', after: '2025-06-30T23:59:00Z' }] };
    render(RevisionDiff, { diff, locale: 'en-GB' });
    const region = screen.getByRole('region', { name: /^What changed since / });
    expect(text(region)).toContain('No change in total, no line item changed');
    expect(text(region)).toContain('Valid until 31 May 2025 → 30 Jun 2025');
  });

  it('says when there is no earlier version to compare with', () => {
    render(RevisionDiff, { diff: null });
    expect(screen.getByText(/first version of the quote seen here/)).toBeTruthy();
  });
});

import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { DecisionReceipts } from '../../../renderer/src/components/decision-receipts';
import { PdfActions } from '../../../renderer/src/components/pdf-actions';
import { formatMoment } from '../../../renderer/src/lib/format';
import type { DecisionReceipt } from '../../../preload/contract/bridge/decisions';

describe('PDF actions', () => {
  it('opens and saves, with the offline and outdated badges', async () => {
    const onopen = vi.fn();
    const onsaveas = vi.fn();
    render(PdfActions, { copy: { available: true, outdated: true, fileName: 'Q-2025-0042.pdf', savedAt: '2025-05-01T10:00:00Z' }, online: true, onopen, onsaveas, locale: 'en-GB' });
    const region = screen.getByRole('region', { name: 'Quote PDF' });
    // Said once: an outdated copy is not also "Available offline".
    expect(within(region).getByText("An older revision's PDF is offline")).toBeTruthy();
    expect(within(region).queryByText('Available offline')).toBeNull();
    expect(region.textContent).toContain('opening it downloads the current version');
    await fireEvent.click(screen.getByRole('button', { name: 'Open PDF' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Save as…' }));
    expect(onopen).toHaveBeenCalledOnce();
    expect(onsaveas).toHaveBeenCalledOnce();
  });

  it('says clearly when it is offline with no copy, and does nothing on click', async () => {
    const onopen = vi.fn();
    render(PdfActions, { copy: null, online: false, onopen, onsaveas: vi.fn() });
    expect(screen.getByRole('status').textContent).toContain('You are offline and this PDF was never downloaded');
    const open = screen.getByRole('button', { name: 'Open PDF' });
    expect(open.getAttribute('aria-disabled')).toBe('true');
    await fireEvent.click(open);
    expect(onopen).not.toHaveBeenCalled();
    expect(screen.queryByText('Available offline')).toBeNull();
  });

  it('shows the download progress and blocks a second download meanwhile', async () => {
    const onopen = vi.fn();
    const { rerender } = render(PdfActions, { copy: null, online: true, downloading: true, progress: 0.42, onopen, onsaveas: vi.fn() });
    const bar = screen.getByRole('progressbar', { name: 'Downloading the PDF' }) as HTMLProgressElement;
    expect(bar.value).toBe(42);
    await fireEvent.click(screen.getByRole('button', { name: 'Open PDF' }));
    expect(onopen).not.toHaveBeenCalled();
    await rerender({ downloading: false, error: 'The PDF link expired; try again.' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The PDF link expired; try again.');
  });
});

describe('decision receipts', () => {
  const receipt: DecisionReceipt = {
    id: 'r1',
    accountId: 'acc-1',
    accountName: 'Northwind (client key)',
    quoteId: 'q1',
    quoteNumber: 'Q-2025-0042',
    version: '3f9a0c1d2e4b5a69',
    total: { amount: 2350, currency: 'EUR' },
    decision: 'decline',
    reason: 'Over budget',
    at: '2025-05-03T14:30:00Z',
    pdfSha256: 'ab'.repeat(32),
    outcome: 'unknown',
    status: 'PENDING',
    settled: { at: '2025-05-03T14:35:00Z', status: 'REJECTED' },
  };

  it('lists who decided, when, the version (by when it was seen) and total shown, the PDF hash and the outcome', () => {
    // The second version was first seen before the decision, the third after it.
    const revisions = [
      { revision: 1, firstSeenAt: Date.parse('2025-05-01T09:00:00Z') },
      { revision: 2, firstSeenAt: Date.parse('2025-05-02T09:00:00Z') },
      { revision: 3, firstSeenAt: Date.parse('2025-05-04T09:00:00Z') },
    ];
    render(DecisionReceipts, {
      receipts: [receipt, { ...receipt, id: 'r2', decision: 'accept', reason: null, pdfSha256: null, outcome: 'done', settled: null }],
      revisions,
      locale: 'en-GB',
    });
    const items = within(screen.getByRole('region', { name: 'Decisions made from this computer' })).getAllByRole('listitem');
    const first = items[0]!.textContent!.replace(/\s+/g, ' ');
    expect(first).toContain('Declined by Northwind (client key), 3 May 2025');
    expect(first).toContain('Outcome unknown');
    // The version a person can tell apart by when it was seen, not the version's hash nor a local count.
    expect(first).toContain(`Q-2025-0042, as seen ${formatMoment('2025-05-02T09:00:00Z', 'en-GB')}`);
    expect(first).not.toMatch(/revision/i);
    expect(first).not.toContain('3f9a0c1d2e4b5a69');
    expect(first).toContain('€2,350.00');
    expect(first).toContain('Over budget');
    expect(first).toContain(`SHA-256 ${'ab'.repeat(32)}`);
    expect(first).toContain('the quote showed Declined');
    expect(items[1]!.textContent).toContain('No PDF was kept at the time');
  });

  it('says when nothing was decided from here', () => {
    render(DecisionReceipts, { receipts: [] });
    expect(screen.getByText('No decision has been sent for this quote from here.')).toBeTruthy();
  });
});

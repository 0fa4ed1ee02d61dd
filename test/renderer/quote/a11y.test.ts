import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, it, vi } from 'vitest';
import { AcceptDialog, DeclineDialog } from '../../../renderer/src/components/decision-dialogs';
import { DecisionReceipts } from '../../../renderer/src/components/decision-receipts';
import { PdfActions } from '../../../renderer/src/components/pdf-actions';
import { QuoteDetail } from '../../../renderer/src/components/quote-detail';
import { QuotePricing } from '../../../renderer/src/components/quote-pricing';
import { RevisionDiff } from '../../../renderer/src/components/revision-diff';
import { expectNoSeriousViolations } from './axe';
import { sampleDiff } from './diff-fixtures';
import { makeDetails, makePricing } from './pricing-fixtures';

const neverChecked = () => Promise.reject(new Error('not expected'));

describe('axe finds no serious or critical problems', () => {
  it('in the quote detail, loaded, loading and failed', async () => {
    const quote = makeDetails();
    quote.company.logo = { url: 'https://cdn.example.com/logo.png' };
    const { rerender } = render(QuoteDetail, { quote, access: 'client', logo: 'data:image/png;base64,iVBORw0KGgo=', cachedAt: '2025-05-02T10:15:00Z', people: [{ name: 'Sam', email: 's@x.test', role: null, isOwner: false }], summary: { revision: 2, lineItemCount: null, teams: [] } });
    await expectNoSeriousViolations();
    await rerender({ quote: null, loading: true });
    await expectNoSeriousViolations();
    await rerender({ quote: null, loading: false, error: 'No answer', onretry: () => undefined });
    await expectNoSeriousViolations();
  });

  it('in the pricing, with the sums warning', async () => {
    const pricing = makePricing();
    pricing.total = 1;
    render(QuotePricing, { pricing, total: { amount: 2350, currency: 'EUR' } });
    await expectNoSeriousViolations();
  });

  it('in the revision diff', async () => {
    render(RevisionDiff, { diff: sampleDiff() });
    await expectNoSeriousViolations();
  });

  it('in the accept dialog, before and after deciding', async () => {
    render(AcceptDialog, { quote: makeDetails(), onconfirm: async () => ({ outcome: 'unknown', message: 'Lost.' }), oncheckagain: neverChecked, onclose: vi.fn() });
    await expectNoSeriousViolations();
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    await screen.findByRole('alert');
    await expectNoSeriousViolations();
  });

  it('in the decline dialog with saved reasons', async () => {
    render(DeclineDialog, { quote: makeDetails(), onconfirm: vi.fn(), oncheckagain: neverChecked, onclose: vi.fn(), savedReasons: ['Over budget'], onsavereasons: vi.fn() });
    await expectNoSeriousViolations();
  });

  it('in the PDF actions and the receipts', async () => {
    render(PdfActions, { copy: null, online: false, downloading: true, progress: null, onopen: vi.fn(), onsaveas: vi.fn() });
    render(DecisionReceipts, {
      receipts: [
        { id: 'r', accountId: 'a', accountName: 'A', quoteId: 'q', quoteNumber: 'Q-1', version: 'v', total: null, decision: 'accept', reason: null, at: '2025-01-01T00:00:00Z', pdfSha256: null, outcome: 'done', status: 'CHANGED_TO_PROJECT', settled: null },
      ],
    });
    await expectNoSeriousViolations();
  });
});

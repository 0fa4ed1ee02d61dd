// What a change costs the page in bridge calls, over the fake bridge whose 'inbox.changed' is
// made by the core's own projection (a decision's echo included, before its answer arrives):
// one accept from confirm to a settled view, and one quote changed on the service while five
// saved views are in the sidebar.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { cachedDetailView } from './quote/detail-view';
import type { QuoteDetails } from '../../preload/contract';
import { ViewQuery } from '../../preload/contract';
import type { DecisionReceipt } from '../../preload/contract/bridge/decisions';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { settledQuoteRows } from './quote-table-rows';
import { renderApp } from './render-app';

/** Longer than the saved views' pause before a recount (500 ms) and the projection's quiet time. */
const SETTLE_MS = 900;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));


function receiptOf(details: QuoteDetails): DecisionReceipt {
  return {
    id: 'r-1', accountId: 'acc-1', accountName: 'Acme', quoteId: details.id, quoteNumber: details.quoteNumber, version: 'v', total: null,
    decision: 'accept', reason: null, at: '2026-03-01T10:00:00Z', pdfSha256: null, outcome: 'done', status: details.status, settled: null,
  };
}

/** The methods called since `from`, by name. */
function callsSince(fake: FakeBridge, from: number): string[] {
  return fake.calls.slice(from).map((call) => call.method);
}

describe('bridge calls a change costs the page', () => {
  it('one accept: the decision, then the list once (rows, then counts), and no re-read of the quote its answer carried', async () => {
    const open = makeQuote({ projectName: 'Website relaunch', status: 'REVISED' });
    const details = makeDetails({ id: open.id, projectName: 'Website relaunch', status: 'REVISED' });
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [open, makeQuote({ projectName: 'Annual report' })] } });
    fake.views.save('Waiting', ViewQuery.parse({ accountId: null, needsAction: true }));
    fake.arrange('quotes.detail', () => cachedDetailView(details));
    fake.arrange('decisions.accept', () => {
      const decided = { ...details, status: 'CHANGED_TO_PROJECT' as const };
      return { outcome: 'done', message: 'The quote was accepted.', quote: decided, receipt: receiptOf(decided), view: cachedDetailView(decided) };
    });
    renderApp(fake);
    await fireEvent.click((await settledQuoteRows()).find((row) => row.textContent?.includes('Website relaunch'))!);
    const dialogOpener = await screen.findByRole('button', { name: 'Accept…' });
    await settle();
    await fireEvent.click(dialogOpener);
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    const from = fake.calls.length;
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(await within(dialog).findByText('The quote was accepted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept…' })).toBeNull());
    await settle();

    const calls = callsSince(fake, from);
    console.info(`one accept, confirm to settled view: ${calls.length} bridge calls (target ≤ 5): ${calls.join(', ')}`);
    expect(calls.filter((method) => ['quotes.detail', 'decisions.receipts', 'quotes.extras'].includes(method))).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(5);
    // The list did show the decided quote: its echo was heard.
    expect(calls).toContain('inbox.query');
  });

  it('one quote changed on the service with five saved views: the rows, their counts and every view counted in one call', async () => {
    const quotes = Array.from({ length: 12 }, (_, index) => makeQuote({ projectName: `Project ${index}`, companyName: index % 2 ? 'Globex' : 'Acme' }));
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': quotes } });
    const searches = ['Project 1', 'Project 2', 'Project', 'Globex', 'Acme'];
    searches.forEach((search, index) => fake.views.save(`View ${index}`, ViewQuery.parse({ accountId: null, search })));
    renderApp(fake);
    await settledQuoteRows();
    await waitFor(() => expect(fake.callsOf('views.counts').length).toBeGreaterThan(0));
    // The view on screen is written down a moment after start: not part of the change.
    await waitFor(() => expect(fake.callsOf('views.remember').length).toBeGreaterThan(0), { timeout: 3_000 });
    await settle();
    const from = fake.calls.length;

    fake.changeQuotes('acc-1', quotes.map((quote, index) => (index === 3 ? { ...quote, status: 'ACCEPTED' as const } : quote)));
    await settle();

    const calls = callsSince(fake, from);
    console.info(`one quote changed, 5 saved views: ${calls.length} bridge calls (target ≤ 3): ${calls.join(', ')}`);
    expect(calls.filter((method) => method === 'views.counts')).toHaveLength(1);
    expect(calls.length).toBeLessThanOrEqual(3);
  });
});

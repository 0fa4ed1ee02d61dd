import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';

describe("exporting a quote's pricing from the quote view", () => {
  it('asks the core for the shown quote in the chosen format and says what was saved', async () => {
    const quote = makeQuote({ projectName: 'Website relaunch', quoteNumber: 'Q-2025-0042' });
    const fake = new FakeBridge({
      accounts: [makeAccount()],
      quotes: { 'acc-1': [quote] },
      details: { [quote.id]: makeDetails({ id: quote.id, quoteNumber: 'Q-2025-0042' }) },
    });
    fake.arrange('pdfs.status', () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }));
    fake.arrange('quotes.exportPricing', () => ({ kind: 'saved', rows: 7, fileName: 'Quote Q-2025-0042 pricing.xlsx' }));
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Website relaunch'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Export pricing' }));
    await fireEvent.click(await screen.findByRole('menuitem', { name: /Excel workbook/ }));
    await screen.findByText('Exported 7 line items to Quote Q-2025-0042 pricing.xlsx.');
    await waitFor(() => expect(fake.callsOf('quotes.exportPricing')).toEqual([{ accountId: 'acc-1', quoteId: quote.id, format: 'xlsx' }]));
  });
});

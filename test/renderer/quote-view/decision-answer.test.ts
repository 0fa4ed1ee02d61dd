// The quote view after a decision shows what the decision's answer carries (the quote as the
// cache stored it, and the receipt) without reading the quote again; and a quote on screen
// follows its inbox row (and the service's summary with it) when a sync pass or a webhook moves it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { cachedDetailView } from '../quote/detail-view';
import type { DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import { QuoteState } from '../../../renderer/src/lib/state/quote.svelte';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';


function receiptFor(quoteId: string, decision: 'accept' | 'decline', status: string): DecisionReceipt {
  return {
    id: `r-${decision}`, accountId: 'acc-1', accountName: 'Acme', quoteId, quoteNumber: 'Q-1', version: 'v', total: null,
    decision, reason: null, at: '2026-03-01T10:00:00Z', pdfSha256: null, outcome: 'done', status, settled: null,
  };
}

function setup() {
  const open = makeQuote({ projectName: 'Website relaunch', status: 'REVISED' });
  const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [open] } });
  const details = makeDetails({ id: open.id, projectName: 'Website relaunch', status: 'REVISED' });
  fake.arrange('quotes.detail', () => cachedDetailView(details));
  return { fake, open, details };
}

describe('the quote view after a decision', () => {
  it('shows the decided quote and its receipt from the answer, without reading the quote again', async () => {
    const { fake, open, details } = setup();
    const decided = { ...details, status: 'CHANGED_TO_PROJECT' as const };
    fake.arrange('decisions.accept', () => ({
      outcome: 'done',
      message: 'The quote was accepted.',
      quote: decided,
      receipt: receiptFor(open.id, 'accept', 'CHANGED_TO_PROJECT'),
      view: cachedDetailView(decided, 2),
    }));
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Website relaunch'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(await within(dialog).findByText('The quote was accepted.')).toBeTruthy();

    // Behind the dialog the view already shows the decided quote: no Accept any more, and the receipt.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept…' })).toBeNull());
    const receipts = screen.getByRole('region', { name: 'Decisions made from this computer' });
    expect(within(receipts).getByText('Accepted')).toBeTruthy();
    expect(receipts.textContent).toContain('You accepted this in Quotedesk, so no notification was sent to you about it.');
    // Read once when opened; the decision's answer did the rest.
    expect(fake.callsOf('quotes.detail')).toHaveLength(1);
    expect(fake.callsOf('quotes.extras')).toHaveLength(1);
    expect(fake.callsOf('decisions.receipts')).toHaveLength(1);
  });

  it('reads the quote again when the answer has no view of it (its re-read failed)', async () => {
    const { fake, open, details } = setup();
    fake.arrange('decisions.decline', () => ({ outcome: 'unknown', message: 'Not known yet.', quote: null, receipt: { ...receiptFor(open.id, 'decline', 'REVISED'), outcome: 'unknown' } }));
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Website relaunch'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Decline…' }));
    const dialog = await screen.findByRole('dialog');
    await fireEvent.click(within(dialog).getByRole('button', { name: /^Decline quote/ }));
    expect(await within(dialog).findByText('Not known yet.')).toBeTruthy();
    await waitFor(() => expect(fake.callsOf('quotes.detail')).toHaveLength(2));
    expect(details.status).toBe('REVISED');
  });
});

describe('a quote on screen when its inbox row moves', () => {
  it('reads the quote again when a change names it with another version, and not when another quote changed', async () => {
    const { fake, open, details } = setup();
    const other = makeQuote({ projectName: 'Annual report' });
    fake.changeQuotes('acc-1', [open, other]);
    const state = new QuoteState(fake.api);
    const stop = state.listen();
    await state.open({ accountId: 'acc-1', quoteId: open.id });
    await waitFor(() => expect(state.seenBy).toHaveLength(1));
    expect(state.view?.details?.status).toBe('REVISED');
    // The cache's copy, then the service's in the background.
    await waitFor(() => expect(fake.callsOf('quotes.detail')).toHaveLength(2));
    await waitFor(() => expect(state.refreshing).toBe(false));

    // Another quote of the account changed: the change names it alone, so nothing is read.
    fake.changeQuotes('acc-1', [open, { ...other, projectName: 'Annual report 2026' }]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fake.callsOf('quotes.detail')).toHaveLength(2);
    expect(fake.callsOf('inbox.query')).toHaveLength(1);

    // The operator revised it and sent it again: the row says so, and the view follows,
    // the service's summary (its revision number) too.
    const revised = { ...details, status: 'SENT' as const, totalPrice: { amount: 1200, currency: 'EUR' } };
    fake.arrange('quotes.detail', () => cachedDetailView(revised, 2));
    fake.arrange('quotes.extras', () => ({ people: [], summary: { revision: 4, lineItemCount: 3, teams: [] } }));
    fake.changeQuotes('acc-1', [{ ...open, status: 'SENT', totalPrice: { amount: 1200, currency: 'EUR' } }, other]);
    await waitFor(() => expect(state.view?.details?.totalPrice?.amount).toBe(1200));
    expect(state.view?.revisions).toHaveLength(2);
    // A list change leaves the cached details behind it (no version named): the core is asked as at an open without `cached`.
    expect(fake.callsOf('quotes.detail').slice(2)).toEqual([{ accountId: 'acc-1', quoteId: open.id }]);
    expect(state.updated).toBe(true);
    await waitFor(() => expect(state.extras?.summary?.revision).toBe(4));
    stop();
  });

  it('reads its row after a change too big to name its quotes, the quote when the row moved, and ignores an event already seen', async () => {
    const { fake, open, details } = setup();
    const state = new QuoteState(fake.api);
    const stop = state.listen();
    await state.open({ accountId: 'acc-1', quoteId: open.id });
    // Its accounts are read once the person stops on it, with the service's copy.
    await waitFor(() => expect(state.seenBy).toHaveLength(1));
    await waitFor(() => expect(state.refreshing).toBe(false));
    const reads = fake.callsOf('quotes.detail').length;

    // The quote moved in the list without a change naming it (an account's whole page at once).
    const revised = { ...details, status: 'SENT' as const, totalPrice: { amount: 900, currency: 'EUR' } };
    fake.arrange('quotes.detail', () => cachedDetailView(revised, 2));
    fake.quotes = { 'acc-1': [{ ...open, status: 'SENT', totalPrice: { amount: 900, currency: 'EUR' } }] };
    fake.emit('inbox.changed', { cacheVersion: 10, accountIds: ['acc-1'], quotes: null });
    await waitFor(() => expect(state.view?.details?.totalPrice?.amount).toBe(900));
    expect(fake.callsOf('inbox.query')).toHaveLength(2);
    expect(fake.callsOf('quotes.detail')).toHaveLength(reads + 1);

    // The same event again (or an older one): nothing is read.
    fake.emit('inbox.changed', { cacheVersion: 10, accountIds: ['acc-1'], quotes: [{ accountId: 'acc-1', quoteId: open.id, version: null }] });
    fake.emit('inbox.changed', { cacheVersion: 9, accountIds: ['acc-1'], quotes: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsOf('inbox.query')).toHaveLength(2);
    expect(fake.callsOf('quotes.detail')).toHaveLength(reads + 1);
    stop();
  });

  it('keeps the quote opened since when the re-read of the one before answers late', async () => {
    const { fake, open, details } = setup();
    const second = makeQuote({ projectName: 'Second' });
    fake.changeQuotes('acc-1', [open, second]);
    const secondDetails = makeDetails({ id: second.id, projectName: 'Second' });
    fake.arrange('quotes.detail', ({ quoteId }) => cachedDetailView(quoteId === open.id ? { ...details, status: 'SENT' } : secondDetails));
    const state = new QuoteState(fake.api);
    const stop = state.listen();
    await state.open({ accountId: 'acc-1', quoteId: open.id });
    await waitFor(() => expect(state.seenBy).toHaveLength(1));
    await waitFor(() => expect(state.refreshing).toBe(false));
    const reads = fake.callsOf('quotes.detail').length;

    const release = fake.holdNext('quotes.detail');
    fake.changeQuotes('acc-1', [{ ...open, status: 'SENT' }, second]);
    await waitFor(() => expect(fake.callsOf('quotes.detail')).toHaveLength(reads + 1));
    await state.open({ accountId: 'acc-1', quoteId: second.id });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.view?.details?.projectName).toBe('Second');
    stop();
  });
});

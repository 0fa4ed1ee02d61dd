import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteDetails } from '../../../preload/contract';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import { decidability } from '../../../main/core/quotes/decidability';
import { QuoteState } from '../../../renderer/src/lib/state/quote.svelte';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';

function detailView(details: QuoteDetails, overrides: Partial<QuoteDetailView> = {}): QuoteDetailView {
  return {
    accountId: 'acc-1',
    quoteId: details.id,
    list: null,
    details,
    source: 'cache',
    fetchedAt: Date.parse('2026-03-01T09:00:00Z'),
    stale: false,
    notice: null,
    revisions: [{ revision: 1, firstSeenAt: Date.parse('2026-03-01T09:00:00Z'), total: details.totalPrice }],
    diff: null,
    pdf: { cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false },
    access: 'client',
    version: `v-${details.id}`,
    cachedAt: '2026-03-01T09:00:00.000Z',
    decidable: decidability(details, 'client', null),
    ...overrides,
  };
}

/** An inbox of two quotes: the first awaits a decision, the second is accepted already. */
function setup() {
  const open = makeQuote({ projectName: 'Website relaunch', status: 'REVISED', quoteDate: '2025-03-02T00:00:00Z' });
  const done = makeQuote({ projectName: 'Annual report', status: 'ACCEPTED', quoteDate: '2025-03-01T00:00:00Z' });
  const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [open, done] } });
  const details: Record<string, QuoteDetails> = {
    [open.id]: makeDetails({ id: open.id, projectName: 'Website relaunch', status: 'REVISED' }),
    [done.id]: makeDetails({ id: done.id, projectName: 'Annual report', status: 'ACCEPTED' }),
  };
  fake.arrange('quotes.detail', ({ quoteId }) => detailView(details[quoteId]!));
  return { fake, open, done, details };
}

/** The keyboard's row: its position among the rows (1 is the header). */
const focusedRowIndex = () => document.activeElement?.getAttribute('aria-rowindex');

async function focusFirstRow() {
  await screen.findByText('Website relaunch');
  await fireEvent.keyDown(window, { key: 'j' });
  await waitFor(() => expect(focusedRowIndex()).toBe('2'));
  return document.activeElement as HTMLElement;
}

describe('the quote view, opened from the inbox', () => {
  it('opens the focused row with Enter, and Escape brings the keyboard back to that row', async () => {
    const { fake, open } = setup();
    renderApp(fake);
    const row = await focusFirstRow();
    await fireEvent.keyDown(row, { key: 'Enter' });

    expect(await screen.findByRole('heading', { name: 'Website relaunch' })).toBeTruthy();
    // The cache's copy at once; the service is asked in the background after it.
    expect(fake.callsOf('quotes.detail')[0]).toEqual({ accountId: 'acc-1', quoteId: open.id, cached: true });
    expect(screen.getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(document.activeElement?.textContent).toContain('Inbox');

    await fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(focusedRowIndex()).toBe('2'));
    expect(screen.queryByRole('heading', { name: 'Pricing' })).toBeNull();
  });

  it('shows the company logo the core kept for the quote, and initials for a company without one', async () => {
    const { fake, open } = setup();
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    fake.logos[open.id] = logo;
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Website relaunch'));
    expect((await screen.findByRole('img', { name: 'Northwind Traders logo' })).getAttribute('src')).toBe(logo);
    expect(fake.callsOf('quotes.logo')).toEqual([{ accountId: 'acc-1', quoteId: open.id }]);

    await fireEvent.keyDown(window, { key: 'Escape' });
    await fireEvent.click(await screen.findByText('Annual report'));
    expect(await screen.findByRole('heading', { name: 'Annual report' })).toBeTruthy();
    await waitFor(() => expect(fake.callsOf('quotes.logo')).toHaveLength(2));
    expect(screen.queryByRole('img', { name: /logo/ })).toBeNull();
    expect(screen.getByText('NT')).toBeTruthy();
  });

  it('opens a quote with a click on its row', async () => {
    const { fake, done } = setup();
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Annual report'));
    expect(await screen.findByRole('heading', { name: 'Annual report' })).toBeTruthy();
    // The cache's copy at once; the service is asked in the background after it.
    expect(fake.callsOf('quotes.detail')[0]).toEqual({ accountId: 'acc-1', quoteId: done.id, cached: true });
    // Accepted already: nothing to decide.
    expect(screen.queryByRole('button', { name: 'Accept…' })).toBeNull();
  });

  it('`a` on an actionable row opens the accept confirmation, sends the version shown, and returns to the inbox when closed', async () => {
    const { fake, open, details } = setup();
    fake.arrange('decisions.accept', () => ({
      outcome: 'refused',
      message: 'This quote was accepted elsewhere meanwhile.',
      quote: { ...details[open.id]!, status: 'ACCEPTED' },
      receipt: null,
    }));
    renderApp(fake);
    const row = await focusFirstRow();
    await fireEvent.keyDown(row, { key: 'a' });

    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(await within(dialog).findByText('This quote was accepted elsewhere meanwhile.')).toBeTruthy();
    expect(fake.callsOf('decisions.accept')).toEqual([{ accountId: 'acc-1', quoteId: open.id, version: `v-${open.id}` }]);
    // The quote is read again after the answer, whatever it was.
    await waitFor(() => expect(fake.callsOf('quotes.detail')).toHaveLength(2));

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focusedRowIndex()).toBe('2'));
  });

  it('`d` does nothing on a quote that cannot be decided', async () => {
    const { fake } = setup();
    renderApp(fake);
    await focusFirstRow();
    await fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(focusedRowIndex()).toBe('3'));
    await fireEvent.keyDown(document.activeElement!, { key: 'd' });
    expect(fake.callsOf('quotes.detail')).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('declines with the reason typed, from the quote view', async () => {
    const { fake, open, details } = setup();
    fake.arrange('decisions.decline', () => ({
      outcome: 'done',
      message: 'Declined.',
      quote: { ...details[open.id]!, status: 'REJECTED' },
      receipt: {
        id: 'r1', accountId: 'acc-1', accountName: 'Acme', quoteId: open.id, quoteNumber: 'Q-1', version: 'v', total: null,
        decision: 'decline', reason: 'Budget cut', at: '2026-03-01T10:00:00Z', pdfSha256: null, outcome: 'done', status: 'REJECTED', settled: null,
      },
    }));
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Website relaunch'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Decline…' }));
    const dialog = await screen.findByRole('dialog');
    await fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: '  Budget cut ' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: /^Decline quote/ }));
    expect(await within(dialog).findByText('Declined.')).toBeTruthy();
    expect(fake.callsOf('decisions.decline')).toEqual([{ accountId: 'acc-1', quoteId: open.id, version: `v-${open.id}`, reason: 'Budget cut' }]);
  });

  it('says why a quote could not be opened and offers the way back', async () => {
    const { fake } = setup();
    fake.failNext('quotes.detail', { code: 'not-found', message: 'This quote is not in the cache yet', retryable: false });
    renderApp(fake);
    await fireEvent.click(await screen.findByText('Website relaunch'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't open this quote");
    await fireEvent.click(within(alert).getByRole('button', { name: 'Back to the inbox' }));
    expect(await screen.findByRole('table', { name: 'Quotes' })).toBeTruthy();
  });
});

describe('QuoteState', () => {
  it('keeps the quote opened last when an older answer arrives after it', async () => {
    const first = makeDetails({ id: 'q-1', projectName: 'First' });
    const second = makeDetails({ id: 'q-2', projectName: 'Second' });
    const fake = new FakeBridge({ accounts: [makeAccount()] });
    fake.arrange('quotes.detail', ({ quoteId }) => detailView(quoteId === 'q-1' ? first : second));
    const state = new QuoteState(fake.api);
    const release = fake.holdNext('quotes.detail');
    const slow = state.open({ accountId: 'acc-1', quoteId: 'q-1' });
    await state.open({ accountId: 'acc-1', quoteId: 'q-2' });
    release();
    await slow;
    expect(state.view?.details?.projectName).toBe('Second');
    expect(state.loading).toBe(false);
  });
});

describe('a link to one quote (a notification, quotedesk://)', () => {
  it('says a revised quote\'s earlier revision is not here, rather than nothing; and keeps the service\'s revision number, not a count of kept versions', async () => {
    const { fake, open, details } = setup();
    fake.arrange('quotes.detail', ({ quoteId }) =>
      detailView(details[quoteId]!, {
        revisions: [
          { revision: 1, firstSeenAt: Date.parse('2026-03-01T09:00:00Z'), total: null },
          { revision: 2, firstSeenAt: Date.parse('2026-03-02T09:00:00Z'), total: null },
        ],
      }),
    );
    fake.arrange('quotes.extras', () => ({ people: [], summary: { revision: 1, lineItemCount: 99, teams: [] } }));
    renderApp(fake);
    await screen.findByText('Website relaunch');
    fake.emit('app.navigate', { view: 'quote', accountId: 'acc-1', quoteId: open.id });
    expect(await screen.findByText('The earlier revision is not on this computer, so what changed cannot be shown.')).toBeTruthy();
    const glance = (await screen.findByRole('heading', { name: 'At a glance' })).closest('section')!;
    // Two versions kept here (a status change is one), revision 1 at the service: the summary's number stands, and no other place names a revision number.
    expect(glance.textContent).toMatch(/Revision 1\s*·\s*99 line items/);
    expect(document.body.textContent).not.toMatch(/Revision 2\b/i);
  });

  it('opens the quote view on it', async () => {
    const { fake, done } = setup();
    renderApp(fake);
    await screen.findByText('Annual report');
    fake.emit('app.navigate', { view: 'quote', accountId: 'acc-1', quoteId: done.id });
    expect(await screen.findByRole('heading', { name: 'Annual report', level: 2 })).toBeTruthy();
    // The cache's copy at once; the service is asked in the background after it.
    expect(fake.callsOf('quotes.detail')[0]).toEqual({ accountId: 'acc-1', quoteId: done.id, cached: true });
  });
});

describe('QuoteState and the PDF', () => {
  function pdfSetup() {
    const details = makeDetails({ id: 'q-1' });
    const fake = new FakeBridge({ accounts: [makeAccount()] });
    fake.arrange('quotes.detail', () => detailView(details));
    fake.arrange('pdfs.status', () => ({ cached: true, outdated: false, bytes: 2048, fetchedAt: Date.parse('2026-03-01T10:00:00Z'), downloading: false }));
    return { fake, state: new QuoteState(fake.api) };
  }

  it('follows the download of the shown quote only, and then shows the new badge', async () => {
    const { fake, state } = pdfSetup();
    fake.arrange('pdfs.open', () => ({ kind: 'download', url: '/downloads/abc', fileName: 'Quote Q-1.pdf', outdated: false, fromCache: false }));
    await state.open({ accountId: 'acc-1', quoteId: 'q-1' });
    // This fake's detail always says "no PDF": the background read of the quote is let end first.
    await waitFor(() => expect(fake.callsOf('quotes.detail')).toHaveLength(2));
    const stop = state.listen();
    const release = fake.holdNext('pdfs.open');
    const opening = state.openPdf('open');
    expect(state.pdf.busy).toBe(true);
    fake.emit('pdfs.progress', { accountId: 'acc-1', quoteId: 'other', bytes: 10, total: 100 });
    expect(state.pdf.progress).toBeNull();
    fake.emit('pdfs.progress', { accountId: 'acc-1', quoteId: 'q-1', bytes: 25, total: 100 });
    expect(state.pdf.progress).toBe(0.25);
    release();
    expect(await opening).toEqual({ kind: 'download', url: '/downloads/abc', fileName: 'Quote Q-1.pdf', outdated: false, fromCache: false });
    expect(state.pdf).toEqual({ busy: false, progress: null, error: null });
    await waitFor(() => expect(state.view?.pdf.cached).toBe(true));
    stop();
  });

  it('says why the PDF could not be had, and a second click while downloading sends nothing', async () => {
    const { fake, state } = pdfSetup();
    await state.open({ accountId: 'acc-1', quoteId: 'q-1' });
    fake.failNext('pdfs.open', { code: 'network', message: 'You are offline and this PDF was never downloaded.' });
    const release = fake.holdNext('pdfs.open');
    const first = state.openPdf('save');
    expect(await state.openPdf('save')).toBeNull();
    release();
    expect(await first).toBeNull();
    expect(state.pdf.error).toBe('You are offline and this PDF was never downloaded.');
    expect(fake.callsOf('pdfs.open')).toEqual([{ accountId: 'acc-1', quoteId: 'q-1', mode: 'save' }]);
  });
});

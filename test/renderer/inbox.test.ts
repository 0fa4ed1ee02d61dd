import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuotesListInput } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, sampleQuotes } from './fixtures';
import { renderApp } from './render-app';

function fakeWith(quotes = sampleQuotes(60), access: 'client' | 'internal' = 'client') {
  return new FakeBridge({ accounts: [makeAccount({ access })], quotes: { 'acc-1': quotes } });
}

/** The quote rows once loading settled (the header row left out). */
async function quoteRows() {
  const table = await waitFor(() => {
    const current = screen.getByRole('table', { name: 'Quotes' });
    expect(current.getAttribute('aria-busy')).toBe('false');
    return current;
  });
  return within(table).getAllByRole('row').slice(1);
}

function lastListInput(fake: FakeBridge): QuotesListInput {
  return fake.callsOf('quotes.list').at(-1) as QuotesListInput;
}

describe('inbox', () => {
  it('shows the quotes with formatted totals, dates and status labels', async () => {
    const fake = fakeWith([
      makeQuote({
        projectName: 'Website relaunch',
        projectDescription: 'Marketing site, 42 pages',
        quoteNumber: 'Q-2025-0042',
        status: 'PENDING',
        companyName: 'Northwind Traders',
        totalPrice: { amount: 12500, currency: 'EUR' },
        quoteDate: '2025-03-05T12:00:00Z',
        deadlineForQuote: '2025-03-10',
        projectDueDate: '2025-04-01',
        validUntil: '2025-04-05T12:00:00Z',
      }),
      makeQuote({ quoteNumber: null, totalPrice: null, status: 'REJECTED', projectDueDate: null }),
    ]);
    renderApp(fake);
    const [first, second] = await quoteRows();
    const cells = within(first!).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim());
    // A client key sees one company: it is named once in the header, not in every row.
    // The project cell carries a copy of the number for narrow windows, where its column gives way.
    expect(cells).toEqual([
      'Website relaunch Q-2025-0042 Marketing site, 42 pages',
      'Q-2025-0042',
      'Pending Action needed',
      '€12,500.00',
      'Mar 5, 2025',
      'Mar 10, 2025',
      'Apr 1, 2025',
      'Apr 5, 2025',
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).parentElement!.textContent).toContain('Company: Northwind Traders');
    expect(second!.textContent).toContain('Not yet numbered');
    expect(second!.textContent).toContain('Not priced yet');
    expect(second!.textContent).toContain('Declined');
    expect(second!.textContent).not.toContain('Action needed');
    expect(fake.callsOf('quotes.list')).toEqual([{ accountId: 'acc-1', page: 1, limit: 25 }]);
  });

  it('shows skeleton rows while the first page loads', async () => {
    const fake = fakeWith();
    const release = fake.holdNext('quotes.list');
    renderApp(fake);
    const table = await screen.findByRole('table', { name: 'Quotes' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).queryAllByRole('cell')).toHaveLength(0);
    release();
    expect(await quoteRows()).toHaveLength(25);
  });

  it('shows the company of each quote to internal keys', async () => {
    renderApp(fakeWith([makeQuote({ companyName: 'Contoso Pharma' })], 'internal'));
    const [row] = await quoteRows();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeTruthy();
    expect(within(row!).getAllByRole('cell')[2]!.textContent).toBe('Contoso Pharma');
  });

  it('says when there are no quotes yet', async () => {
    renderApp(fakeWith([]));
    // Announced: with no quotes there is no pagination summary to read out.
    expect((await screen.findByRole('status')).textContent).toContain('No quotes yet');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows the error with a Retry that loads again', async () => {
    const fake = fakeWith();
    fake.failNext('quotes.list', { code: 'network', message: 'The Quoting Service did not answer.' });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The Quoting Service did not answer.');
    expect(within(alert).queryByRole('button', { name: 'Update credentials' })).toBeNull();
    await fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await quoteRows()).toHaveLength(25);
    expect(fake.callsOf('quotes.list')).toHaveLength(2);
  });

  it('offers to update credentials when the service refused them', async () => {
    const fake = fakeWith();
    fake.failNext('quotes.list', { code: 'authentication', message: 'The API key was refused.', retryable: false });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    await fireEvent.click(within(alert).getByRole('button', { name: 'Update credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Localisation' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('API key', { selector: 'input[type="password"]' }));
  });

  it('leaves the credentials fix to the notice when one is shown', async () => {
    const fake = new FakeBridge({
      accounts: [makeAccount({ status: 'needs-credentials', statusMessage: 'The API key was refused (401).' })],
      quotes: { 'acc-1': sampleQuotes(3) },
    });
    fake.failNext('quotes.list', { code: 'authentication', message: 'The API key was refused (401).', retryable: false });
    renderApp(fake);
    const inboxError = (await screen.findByText("Couldn't load quotes")).closest('[role="alert"]') as HTMLElement;
    expect(inboxError.textContent).toContain('once the credentials are updated');
    expect(screen.getAllByRole('button', { name: 'Update credentials' })).toHaveLength(1);
    expect(screen.getAllByText(/The API key was refused \(401\)\./)).toHaveLength(1);
    // Retrying with the refused credentials would fail the same way.
    expect(within(inboxError).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('disables search, filter and refresh while the account needs new credentials', async () => {
    const fake = new FakeBridge({
      accounts: [makeAccount({ status: 'needs-credentials', statusMessage: 'The API key was refused (401).' })],
      quotes: { 'acc-1': sampleQuotes(3) },
    });
    fake.failNext('quotes.list', { code: 'needs-credentials', message: 'Enter new credentials.', retryable: false });
    renderApp(fake);
    await screen.findByText("Couldn't load quotes");
    expect((screen.getByRole('searchbox', { name: 'Search quotes' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shortens long company names and keeps the whole name in the cell title', async () => {
    const name = 'Globex International Language Services Holding GmbH & Co. KG';
    renderApp(fakeWith([makeQuote({ companyName: name })], 'internal'));
    const [row] = await quoteRows();
    const cell = within(row!).getByText(name);
    expect(cell.getAttribute('title')).toBe(name);
  });

  it('pages through the quotes and changes the page size', async () => {
    const fake = fakeWith(sampleQuotes(132));
    renderApp(fake);
    await quoteRows();
    expect(screen.getByText('Page 1 of 6 · 132 quotes')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await fireEvent.click(previous);
    expect(fake.callsOf('quotes.list')).toHaveLength(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 6 · 132 quotes')).toBeTruthy());
    expect(lastListInput(fake)).toEqual({ accountId: 'acc-1', page: 2, limit: 25 });
    await fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByText('Page 1 of 2 · 132 quotes')).toBeTruthy());
    expect(lastListInput(fake)).toEqual({ accountId: 'acc-1', page: 1, limit: 100 });
    expect(await quoteRows()).toHaveLength(100);
  });

  it('keeps focus on the pager while a page loads, and moves it to Previous on the last page', async () => {
    const fake = fakeWith(sampleQuotes(40));
    renderApp(fake);
    await quoteRows();
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    const release = fake.holdNext('quotes.list');
    await fireEvent.click(next);
    await waitFor(() => expect(next.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(next);
    await fireEvent.click(next);
    release();
    await waitFor(() => expect(screen.getByText('Page 2 of 2 · 40 quotes')).toBeTruthy());
    expect(fake.callsOf('quotes.list')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' })));
  });

  it('goes to the last page that exists when the quotes shrank under the page on screen', async () => {
    const fake = fakeWith(sampleQuotes(60));
    renderApp(fake);
    await quoteRows();
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3 · 60 quotes')).toBeTruthy());
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 3 · 60 quotes')).toBeTruthy());
    fake.quotes['acc-1'] = sampleQuotes(30);
    await fireEvent.keyDown(document.body, { key: 'r' });
    await waitFor(() => expect(screen.getByText('Page 2 of 2 · 30 quotes')).toBeTruthy());
    expect(await quoteRows()).toHaveLength(5);
    expect(screen.queryByText('No quotes yet')).toBeNull();
  });

  it('searches once typing pauses, and Escape clears the search', async () => {
    const fake = fakeWith([makeQuote({ projectName: 'Annual report' }), makeQuote({ projectName: 'Mobile app' })]);
    renderApp(fake);
    await quoteRows();
    const search = screen.getByRole('searchbox', { name: 'Search quotes' });
    for (const text of ['a', 'an', 'ann']) await fireEvent.input(search, { target: { value: text } });
    await waitFor(() => expect(lastListInput(fake).search).toBe('ann'));
    expect(fake.callsOf('quotes.list')).toHaveLength(2);
    expect(await quoteRows()).toHaveLength(1);
    await fireEvent.keyDown(search, { key: 'Escape' });
    await waitFor(() => expect(lastListInput(fake)).toEqual({ accountId: 'acc-1', page: 1, limit: 25 }));
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('says when nothing matches and clears the filters on request', async () => {
    const fake = fakeWith();
    renderApp(fake);
    await quoteRows();
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No quotes match')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await quoteRows()).toHaveLength(25);
    expect(lastListInput(fake).search).toBeUndefined();
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const fake = fakeWith([makeQuote({ projectName: 'Annual report' }), makeQuote({ projectName: 'Mobile app' })]);
    renderApp(fake);
    await quoteRows();
    const releaseSlow = fake.holdNext('quotes.list');
    const search = screen.getByRole('searchbox', { name: 'Search quotes' });
    await fireEvent.input(search, { target: { value: 'annual' } });
    await waitFor(() => expect(fake.callsOf('quotes.list')).toHaveLength(2));
    await fireEvent.input(search, { target: { value: 'mobile' } });
    await waitFor(() => expect(fake.callsOf('quotes.list')).toHaveLength(3));
    await waitFor(() => expect(screen.getByText('Mobile app')).toBeTruthy());
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const rows = await quoteRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Mobile app');
  });

  it('filters by the statuses the key kind can see', async () => {
    const fake = fakeWith(sampleQuotes(40));
    renderApp(fake);
    await quoteRows();
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    const options = Array.from(select.options).map((option) => option.textContent);
    expect(options).toEqual(['All statuses', 'Pending', 'Revised', 'Accepted', 'Declined', 'Expired', 'Cancelled', 'Project started']);
    await fireEvent.change(select, { target: { value: 'ACCEPTED' } });
    await waitFor(() => expect(lastListInput(fake)).toEqual({ accountId: 'acc-1', page: 1, limit: 25, status: 'ACCEPTED' }));
    for (const row of await quoteRows()) expect(row.textContent).toContain('Accepted');
  });

  it('offers all ten statuses to internal keys', async () => {
    renderApp(fakeWith(sampleQuotes(5), 'internal'));
    await quoteRows();
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(select.options).toHaveLength(11);
    expect(Array.from(select.options).map((option) => option.textContent)).toContain('Revised, awaiting client');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteListItem } from '../../preload/contract';
import type { InboxQueryInput } from '../../renderer/src/lib/inbox-bridge';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId, sampleQuotes } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';

function fakeWith(quotes: QuoteListItem[] = sampleQuotes(60), access: 'client' | 'internal' = 'client') {
  return new FakeBridge({ accounts: [makeAccount({ access })], quotes: { 'acc-1': quotes } });
}

function table() {
  return screen.getByRole('table', { name: 'Quotes' });
}

/** The quote rows in the DOM once loading settled (the header row left out). */
async function quoteRows() {
  const current = await waitFor(() => {
    const found = table();
    expect(found.getAttribute('aria-busy')).toBe('false');
    expect(found.querySelector('.placeholder')).toBeNull();
    return found;
  });
  return within(current).getAllByRole('row').slice(1);
}

function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '');
}

function lastQuery(fake: FakeBridge): InboxQueryInput {
  return fake.callsOf('inbox.query').at(-1) as InboxQueryInput;
}

describe('inbox over the cache', () => {
  it('shows the quotes with formatted totals, dates, status words and PDF badges', async () => {
    const fake = fakeWith([
      makeQuote({
        id: quoteId(1),
        projectName: 'Website relaunch',
        quoteNumber: 'Q-2025-0042',
        referenceNumber: 'PO-77',
        status: 'PENDING',
        totalPrice: { amount: 12500, currency: 'EUR' },
        quoteDate: '2025-03-05T12:00:00Z',
        projectDueDate: '2025-04-01',
        validUntil: '2025-04-05T12:00:00Z',
      }),
      makeQuote({ id: quoteId(2), quoteNumber: null, totalPrice: null, status: 'PENDING', quoteDate: '2025-03-01T12:00:00Z' }),
    ]);
    fake.pdfs[quoteId(1)] = 'cached';
    fake.pdfs[quoteId(2)] = 'outdated';
    renderApp(fake);
    const [first, second] = await quoteRows();
    // A client key sees one company: no company column.
    expect(cellsOf(first!)).toEqual([
      'Website relaunch Ref. PO-77',
      'Q-2025-0042',
      'Awaiting your decision Action needed',
      '€12,500.00',
      'Mar 5, 2025',
      'Apr 1, 2025',
      // Valid until: the date, then how far it is from today in words.
      expect.stringMatching(/^Apr 5, 2025(\d+ (years|months) ago|last year)$/),
      'Available offline',
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).closest('header')!.textContent).toContain('Company: Acme Corp');
    const secondCells = cellsOf(second!);
    expect(secondCells[1]).toBe('Not yet numbered');
    expect(secondCells[2]).toBe('In preparation');
    expect(secondCells[3]).toBe('Not priced yet');
    expect(secondCells.at(-1)).toBe('Outdated');
    // The first rows of a new view: those in view, not a whole window (FIRST_ROWS).
    expect(fake.callsOf('inbox.query')).toEqual([{ accountId: 'acc-1', sort: 'newest', offset: 0, limit: 40 }]);
  });

  it('shows internal keys the company of each quote, and whose decision a sent quote awaits', async () => {
    renderApp(fakeWith([makeQuote({ companyName: 'Contoso Pharma', status: 'SENT' })], 'internal'));
    const [row] = await quoteRows();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeTruthy();
    expect(cellsOf(row!)).toContain('Contoso Pharma');
    expect(cellsOf(row!)).toContain('Awaiting the client Action needed');
    const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Awaiting the client');
    expect(options).not.toContain('Awaiting your decision');
  });

  it('says out of how many quotes a search counts, and keeps the company when nothing matches', async () => {
    renderApp(fakeWith([makeQuote({ projectName: 'Website relaunch' }), makeQuote({ projectName: 'Website footer' }), makeQuote({ projectName: 'Catalogue' })]));
    await quoteRows();
    const header = () => screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(header().textContent).not.toContain('out of');
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'website' } });
    await waitFor(() => expect(header().textContent).toContain('2 quotes out of 3'));
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'zzz' } });
    await waitFor(() => expect(header().textContent).toContain('0 quotes out of 3'));
    expect(header().textContent).toContain('Company: Acme Corp');
  });

  it("names both kinds of waiting in All accounts' status filter when client and internal keys are mixed", async () => {
    const client = makeAccount({ id: 'client-key', name: 'Client key', access: 'client' });
    const internal = makeAccount({ id: 'internal-key', name: 'Internal key', access: 'internal' });
    renderApp(new FakeBridge({ accounts: [client, internal], quotes: { 'client-key': [makeQuote({ status: 'PENDING' })], 'internal-key': [makeQuote({ status: 'SENT' })] } }));
    await quoteRows();
    await fireEvent.keyDown(window, { key: '0', ctrlKey: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'All accounts' })).toBeTruthy());
    const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Awaiting you or the client');
  });

  it('says when there are no quotes yet', async () => {
    renderApp(fakeWith([]));
    expect(await screen.findByRole('heading', { name: 'No quotes yet' })).toBeTruthy();
  });

  it('says when nothing matches and clears the filters on request', async () => {
    const fake = fakeWith();
    renderApp(fake);
    await quoteRows();
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'zzz-nothing' } });
    expect(await screen.findByRole('heading', { name: 'No quotes match' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await quoteRows();
    expect(table().getAttribute('aria-rowcount')).toBe('61');
    expect(lastQuery(fake).search).toBeUndefined();
  });

  it('shows a failed query in plain words with a Retry that loads again', async () => {
    const fake = fakeWith();
    fake.failNext('inbox.query', { code: 'internal', message: 'SqliteError: database is locked' });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load quotes");
    expect(alert.textContent).not.toContain('SqliteError');
    await fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await quoteRows()).length).toBeGreaterThan(0);
    expect(screen.getByTestId('quote-count').textContent).toBe('60 quotes');
  });

  it('never leaves the previous rows passing for a search whose query failed', async () => {
    const fake = fakeWith([makeQuote({ projectName: 'Alpha' }), makeQuote({ projectName: 'Beta' })]);
    renderApp(fake);
    await quoteRows();
    fake.failNext('inbox.query', { code: 'internal', message: 'SqliteError: disk I/O error' });
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'alp' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load quotes");
    expect(screen.queryByRole('table', { name: 'Quotes' })).toBeNull();
    await fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['Alpha']));
  });

  it('keeps the rows read before when reading them again fails, and says so with Retry', async () => {
    const fake = fakeWith(sampleQuotes(3));
    renderApp(fake);
    expect(await quoteRows()).toHaveLength(3);
    fake.failNext('inbox.query', { code: 'internal', message: 'SqliteError: database is locked' });
    await fireEvent.keyDown(document.body, { key: 'r' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't read the quotes again");
    expect(await quoteRows()).toHaveLength(3);
    await fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('queries again when the cache says the quotes changed', async () => {
    const fake = fakeWith(sampleQuotes(3));
    renderApp(fake);
    expect(await quoteRows()).toHaveLength(3);
    fake.changeQuotes('acc-1', sampleQuotes(5));
    await waitFor(async () => expect(await quoteRows()).toHaveLength(5));
  });

  it('shows what changed in a quote that stays in its place, and keeps the others as they were', async () => {
    const quotes = sampleQuotes(3);
    const fake = fakeWith(quotes, 'internal');
    renderApp(fake);
    const before = (await quoteRows()).map(cellsOf);
    const changed = quotes.map((quote, index) => (index === 1 ? { ...quote, projectName: 'Renamed project', status: 'ACCEPTED' as const } : quote));
    fake.changeQuotes('acc-1', changed);
    await waitFor(async () => expect(cellsOf((await quoteRows())[1]!)[0]).toBe('Renamed project'));
    const after = (await quoteRows()).map(cellsOf);
    expect(after[1]).toContain('Accepted');
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
  });

  it('sorts by the chosen order', async () => {
    const fake = fakeWith([
      makeQuote({ projectName: 'Small', totalPrice: { amount: 10, currency: 'EUR' } }),
      makeQuote({ projectName: 'Large', totalPrice: { amount: 9000, currency: 'EUR' } }),
    ]);
    renderApp(fake);
    await quoteRows();
    await fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'value' } });
    await waitFor(async () => expect(cellsOf((await quoteRows())[0]!)[0]).toBe('Large'));
    expect(lastQuery(fake).sort).toBe('value');
  });
});

describe('stage filter', () => {
  it("splits a client key's Pending into In preparation and Awaiting your decision", async () => {
    const fake = fakeWith([
      makeQuote({ projectName: 'Being priced', quoteNumber: null, status: 'PENDING' }),
      makeQuote({ projectName: 'Ready to decide', quoteNumber: 'Q-1', status: 'PENDING' }),
      makeQuote({ projectName: 'Done', status: 'ACCEPTED' }),
    ]);
    renderApp(fake);
    await quoteRows();
    const select = screen.getByRole('combobox', { name: 'Status' });
    const options = within(select).getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('In preparation');
    expect(options).toContain('Awaiting your decision');
    expect(options).not.toContain('Pending');

    await fireEvent.change(select, { target: { value: 'in-preparation' } });
    await waitFor(async () => expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['Being priced']));
    expect(lastQuery(fake).stages).toEqual(['in-preparation']);

    await fireEvent.change(select, { target: { value: 'awaiting-decision' } });
    await waitFor(async () => expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['Ready to decide']));
  });

  it('narrows to the quotes needing action', async () => {
    const fake = fakeWith();
    renderApp(fake);
    await quoteRows();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Needs action' }));
    await waitFor(async () => {
      const rows = await quoteRows();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.textContent).toContain('Action needed');
    });
    expect(lastQuery(fake).needsAction).toBe(true);
  });

  it('says how soon "expiring" is, and counts a declined quote\'s validity down no more', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const fake = fakeWith([makeQuote({ projectName: 'Open one', status: 'REVISED', validUntil: soon }), makeQuote({ projectName: 'Declined one', status: 'REJECTED', validUntil: soon })]);
    renderApp(fake);
    const rows = await quoteRows();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Expiring in 7 days' }));
    expect(lastQuery(fake).expiringSoon).toBe(true);
    const byName = (name: string) => rows.find((row) => row.textContent?.includes(name))!;
    expect(byName('Open one').textContent).toContain('in 10 days');
    expect(byName('Declined one').textContent).not.toContain('in 10 days');
  });
});

describe('search at each keystroke', () => {
  it('queries at every keystroke and never lets a late answer overwrite a newer one', async () => {
    const fake = fakeWith([
      makeQuote({ projectName: 'Alpha launch' }),
      makeQuote({ projectName: 'Alps brochure' }),
      makeQuote({ projectName: 'Beta app' }),
    ]);
    renderApp(fake);
    await quoteRows();
    const search = screen.getByRole('searchbox', { name: 'Search quotes' });
    const holdFirst = fake.holdNext('inbox.query');
    await fireEvent.input(search, { target: { value: 'al' } });
    await fireEvent.input(search, { target: { value: 'alp' } });
    await fireEvent.input(search, { target: { value: 'alph' } });
    await waitFor(async () => expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['Alpha launch']));
    // The answer to "al" (two rows) arrives last and is dropped.
    holdFirst();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['Alpha launch']);
    expect(fake.callsOf('inbox.query').map((input) => (input as InboxQueryInput).search)).toEqual([undefined, 'al', 'alp', 'alph']);
  });

  it('searches company and reference too', async () => {
    const fake = fakeWith([
      makeQuote({ projectName: 'One', companyName: 'Northwind' }),
      makeQuote({ projectName: 'Two', referenceNumber: 'PO-991' }),
    ]);
    renderApp(fake);
    await quoteRows();
    const search = screen.getByRole('searchbox', { name: 'Search quotes' });
    await fireEvent.input(search, { target: { value: 'po-99' } });
    await waitFor(async () => expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['Two Ref. PO-991']));
    await fireEvent.input(search, { target: { value: 'northwind' } });
    await waitFor(async () => expect((await quoteRows()).map((row) => cellsOf(row)[0])).toEqual(['One']));
  });
});

describe('virtualized list', () => {
  const many = () => {
    const quotes = Array.from({ length: 10_000 }, (_, index) =>
      makeQuote({ id: quoteId(100_000 + index), projectName: `Project ${index}`, quoteDate: new Date(Date.UTC(2025, 0, 1) - index * 60_000).toISOString() }),
    );
    return fakeWith(quotes);
  };

  it('keeps at most 100 rows in the DOM with 10,000 quotes, and says how many there are', async () => {
    const fake = many();
    renderApp(fake);
    const rows = await quoteRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(100);
    expect(document.querySelectorAll('[role="row"]').length).toBeLessThanOrEqual(101);
    expect(table().getAttribute('aria-rowcount')).toBe('10001');
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(screen.getByTestId('quote-count').textContent).toBe('10,000 quotes');
  });

  /** Scrolls the rendered list (48 px rows) to `row`, once its first rows are in; returns the scroller. */
  async function scrollToRow(row: number) {
    await quoteRows();
    const scroller = table().parentElement!;
    scroller.scrollTop = row * 48;
    await fireEvent.scroll(scroller);
    return scroller;
  }

  it('fetches the window of rows the user scrolls to, and keeps the DOM small there', async () => {
    const fake = many();
    renderApp(fake);
    await scrollToRow(5_000);
    await waitFor(() => expect(fake.callsOf('inbox.query').some((input) => (input as InboxQueryInput).offset === 4_900)).toBe(true));
    const rows = await quoteRows();
    expect(rows.length).toBeLessThanOrEqual(100);
    const shown = rows.map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
    expect(shown).toContain(5_000);
    const row5000 = rows[shown.indexOf(5_000)]!;
    expect(cellsOf(row5000)[0]).toBe('Project 5000');
  });

  it('shows a new search from the top, wherever the list was scrolled', async () => {
    const fake = many();
    renderApp(fake);
    const scroller = await scrollToRow(5_000);
    await waitFor(async () => expect((await quoteRows())[0]!.getAttribute('aria-rowindex')).not.toBe('2'));
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'Project 12' } });
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).not.toBe('10,000 quotes'));
    expect(scroller.scrollTop).toBe(0);
    const rows = await quoteRows();
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    const expected = await fake.api.inbox.query({ search: 'Project 12', offset: 0, limit: 1 });
    expect(cellsOf(rows[0]!)[0]).toBe(expected.ok ? expected.value.rows[0]!.projectName : 'no answer');
  });

  it('moves past the rows on screen with j, scrolling and fetching as it goes', async () => {
    const fake = many();
    renderApp(fake);
    await quoteRows();
    for (let press = 0; press < 130; press += 1) await fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('131'));
    expect(fake.callsOf('inbox.query').some((input) => (input as InboxQueryInput).offset === 100)).toBe(true);
    await waitFor(() => expect(cellsOf(document.activeElement as HTMLElement)[0]).toBe('Project 129'));
    expect(document.querySelectorAll('[role="row"]').length).toBeLessThanOrEqual(101);
    // 130 key presses, each awaited: on a loaded machine this takes longer than the default 5 s.
  }, 30_000);
});

describe('opening a quote', () => {
  it('opens the quote on the keyboard row with Enter, from the cache, and Escape returns to the row', async () => {
    const fake = fakeWith([
      makeQuote({ id: quoteId(1), projectName: 'Website relaunch', quoteDate: '2025-03-02T00:00:00Z' }),
      makeQuote({ id: quoteId(2), projectName: 'Not stored yet', quoteDate: '2025-03-01T00:00:00Z' }),
    ]);
    fake.details[quoteId(1)] = makeDetails({ id: quoteId(1), projectName: 'Website relaunch' });
    renderApp(fake);
    await quoteRows();
    await fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2'));
    await fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Website relaunch' });
    expect(heading.closest('section')?.textContent).toContain('Northwind Traders');
    // From the cache first, without waiting on the service (its background read follows).
    expect(fake.callsOf('quotes.detail').at(0)).toEqual({ accountId: 'acc-1', quoteId: quoteId(1), cached: true });
    await fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Website relaunch' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2'));

    await fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('3'));
    await fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(await screen.findByText(/has not stored this quote/)).toBeTruthy();
    // Its row at once (the cache's summary), saying the pricing is not here yet.
    expect(await screen.findByText(/The pricing and details are not here yet/)).toBeTruthy();
  });
});

describe('all accounts', () => {
  it('shows every account\'s quotes, each row naming its account', async () => {
    const fake = new FakeBridge({
      accounts: [makeAccount({ id: 'acc-1', name: 'Acme Localisation' }), makeAccount({ id: 'acc-2', name: 'Globex' })],
      quotes: {
        'acc-1': [makeQuote({ projectName: 'From Acme', quoteDate: '2025-03-02T00:00:00Z' })],
        'acc-2': [makeQuote({ projectName: 'From Globex', quoteDate: '2025-03-01T00:00:00Z' })],
      },
    });
    renderApp(fake);
    await quoteRows();
    const nav = screen.getByRole('navigation', { name: 'Accounts' });
    await fireEvent.click(within(nav).getByRole('button', { name: 'All accounts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All accounts' })).toBeTruthy();
    await waitFor(async () => expect(await quoteRows()).toHaveLength(2));
    const rows = await quoteRows();
    expect(cellsOf(rows[0]!).slice(0, 2)).toEqual(['Acme Localisation', 'From Acme']);
    expect(cellsOf(rows[1]!).slice(0, 2)).toEqual(['Globex', 'From Globex']);
    expect(lastQuery(fake).accountId).toBeUndefined();
  });
});

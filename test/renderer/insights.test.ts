import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

// Two keys of one service: the quote both see is one quote.
const client = makeAccount({ id: 'client', name: 'Acme (client)', baseUrl: 'https://quotes.acme.test' });
const internal = makeAccount({ id: 'internal', name: 'Acme (internal)', access: 'internal', baseUrl: 'https://quotes.acme.test' });
const shared = makeQuote({ id: quoteId(1), status: 'ACCEPTED', companyName: 'Contoso', totalPrice: { amount: 1500, currency: 'EUR' } });

function fake() {
  return new FakeBridge({
    accounts: [client, internal],
    now: Date.UTC(2025, 2, 20, 12),
    quotes: {
      client: [shared],
      internal: [
        shared,
        makeQuote({ id: quoteId(2), status: 'CHANGED_TO_PROJECT', companyName: 'Fabrikam', totalPrice: { amount: 250.5, currency: 'EUR' } }),
        makeQuote({ id: quoteId(3), status: 'ACCEPTED', companyName: 'Contoso', totalPrice: { amount: 90, currency: 'USD' } }),
        makeQuote({ id: quoteId(4), status: 'REJECTED', companyName: 'Contoso', totalPrice: { amount: 70, currency: 'EUR' } }),
        makeQuote({ id: quoteId(5), status: 'SENT', companyName: 'Fabrikam', totalPrice: { amount: 400, currency: 'EUR' }, validUntil: '2025-03-24T12:00:00Z' }),
      ],
    },
  });
}

/** Insights over All accounts. */
async function openInsightsOfAll() {
  await fireEvent.click(await screen.findByRole('button', { name: /^All accounts/ }));
  await fireEvent.click(await screen.findByRole('button', { name: 'Insights' }));
}

/** The table's body rows as the cells' text. */
function rowsOf(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''));
}

describe('Insights', () => {
  it('opens from the sidebar and shows the figures of every account, each quote once and currencies apart', async () => {
    renderApp(fake());
    await openInsightsOfAll();
    await waitFor(() => expect(rowsOf('Per currency')).toEqual([
      ['EUR', '€1,750.50', '2', ''],
      ['USD', '$90.00', '1', ''],
    ]));
    expect(rowsOf('Per company')).toEqual([
      ['Contoso', 'EUR', '€1,500.00', '1', ''],
      ['Fabrikam', 'EUR', '€250.50', '1', ''],
      ['Contoso', 'USD', '$90.00', '1', ''],
    ]);
    expect(rowsOf('Waiting, per currency')).toEqual([['EUR', '€400.00', '1', '']]);
    // One of each: the singular, in words and verb.
    expect(screen.getByText(/of them expires within 7 days/).textContent).toBe('1 quote waits for a decision, 1 of them expires within 7 days.');
    const decisions = screen.getByRole('table', { name: 'Decisions' });
    expect(within(decisions).getByRole('row', { name: /Acceptance rate/ }).textContent).toContain('75%');
  });

  it('counts one account alone, and opens the inbox on the quotes of a row', async () => {
    const bridge = fake();
    renderApp(bridge);
    await fireEvent.click((await screen.findAllByRole('button', { name: /Acme \(client\)/ }))[0]!);
    await fireEvent.click(await screen.findByRole('button', { name: 'Insights' }));
    await waitFor(() => expect(rowsOf('Per currency')).toEqual([['EUR', '€1,500.00', '1', '']]));
    await fireEvent.click(screen.getByRole('button', { name: /Show the 1 quote of Contoso in EUR/ }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Per currency' })).toBeNull());
    const query = bridge.calls.filter((call) => call.method === 'inbox.query').at(-1)?.input;
    expect(query).toMatchObject({ accountId: 'client', stages: ['accepted', 'in-project'], companies: ['Contoso'], currencies: ['EUR'] });
  });

  it('says when a split is from only some of the accepted quotes', async () => {
    renderApp(fake());
    await openInsightsOfAll();
    await screen.findByRole('table', { name: 'Per company' });
    await fireEvent.change(screen.getByRole('combobox', { name: 'Split spend by' }), { target: { value: 'serviceType' } });
    // No quote's details are cached here: nothing is split, and the view says so.
    await waitFor(() => expect(screen.getByText(/From 0 of 3 accepted quotes/)).toBeTruthy());
  });

  it("exports a table as the view counts it, and says where it went", async () => {
    const bridge = fake();
    renderApp(bridge);
    await openInsightsOfAll();
    await screen.findByRole('table', { name: 'Per company' });
    await fireEvent.click(screen.getByRole('button', { name: 'Export spend per company' }));
    await fireEvent.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    const said = await screen.findByText('Exported 3 rows to Quotedesk - Insights Accepted spend per company - 2025-03-20.csv.');
    expect(said.getAttribute('role')).toBe('status');
    expect(bridge.callsOf('insights.export')).toMatchObject([{ range: 'last-12-months', splitBy: 'company', table: 'spend-by-split', format: 'csv' }]);
    expect(bridge.callsOf('insights.export')[0]).not.toHaveProperty('accountId');
  });

  it('opens the inbox on the quotes declined for a reason', async () => {
    renderApp(fake());
    await openInsightsOfAll();
    const reason = within(await screen.findByRole('table', { name: 'Declines by reason' })).getByRole('button', { name: 'Reason not known' });
    expect(reason.getAttribute('title')).toBe('Show the 1 quote declined for “Reason not known”');
    await fireEvent.click(reason);
    await waitFor(async () => expect((await settledQuoteRows()).map((row) => row.textContent)).toEqual([expect.stringContaining('Contoso')]));
    const [row] = await settledQuoteRows();
    expect(within(row!).getByText(/Declined/)).toBeTruthy();
  });
});

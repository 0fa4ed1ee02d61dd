import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { ItemsPricing } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });

/** One line of German translation by the word at `unitPrice` EUR. */
function pricing(unitPrice: number): ItemsPricing {
  return {
    total: unitPrice * 1000,
    calculatedAt: null,
    teams: [
      {
        teamName: 'Translation',
        currency: 'EUR',
        total: unitPrice * 1000,
        clientServices: [
          {
            serviceName: 'Translation',
            serviceType: 'TRANSLATION',
            dueDate: null,
            notes: null,
            total: unitPrice * 1000,
            targetMarkets: [{ targetMarketId: '33333333-3333-4333-8333-333333333333', targetMarketLabel: 'German (Germany)', subTotal: 0, items: [{ itemName: 'Words', unit: 'word', quantity: 1000, unitPrice, totalPrice: unitPrice * 1000 }] }],
          },
        ],
      },
    ],
  };
}

// Hand-computed: 0.10 0.11 0.12 0.12 0.13 0.40 a word: median 0.12, quartiles 0.1125 and 0.1275, fences 0.09 and 0.15: 0.40 (Q-0005) is the outlier.
// A seventh quote has no pricing: in the inbox's scope, behind no unit price.
const PRICES = [0.1, 0.11, 0.12, 0.13, 0.4, 0.12];

function fake() {
  const quotes = Array.from({ length: 7 }, (_, index) =>
    makeQuote({ id: quoteId(index + 1), quoteNumber: `Q-000${index + 1}`, projectName: `Project ${index + 1}`, quoteDate: `2025-05-${String(20 - index).padStart(2, '0')}T09:00:00Z` }),
  );
  return new FakeBridge({
    accounts: [acme],
    now: Date.UTC(2025, 4, 21, 12),
    quotes: { acme: quotes },
    details: Object.fromEntries(
      PRICES.map((price, index) => [quotes[index]!.id, makeDetails({ id: quotes[index]!.id, quoteNumber: quotes[index]!.quoteNumber, quoteDate: quotes[index]!.quoteDate, itemsPricing: pricing(price) })]),
    ),
  });
}

async function openUnitPrices() {
  await fireEvent.click(await screen.findByRole('button', { name: 'Insights' }));
  return waitFor(() => {
    const table = screen.getByRole('table', { name: 'Unit prices per service, language pair and unit' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    return table;
  });
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].slice(0, 8).map((cell) => cell.textContent?.trim());

describe('Insights: unit prices', () => {
  it('shows the median, middle half and range of a service, language pair and unit, and opens the inbox on its quotes', async () => {
    renderApp(fake(), { width: 1280 });
    const table = await openUnitPrices();
    const [, row] = within(table).getAllByRole('row');
    expect(cells(row!)).toEqual(['Translation', 'German (Germany)', 'word', 'EUR', '6', '€0.12', '€0.1125–€0.1275', '€0.10–€0.40']);
    await fireEvent.click(within(row!).getByRole('button', { name: 'Show the 6 quotes of Translation, German (Germany), per word, in EUR' }));
    // The six priced quotes, not the seventh.
    await waitFor(async () => expect((await settledQuoteRows()).map((quote) => within(quote).queryByText(/^Project \d$/)?.textContent).sort()).toEqual(['Project 1', 'Project 2', 'Project 3', 'Project 4', 'Project 5', 'Project 6']));
  });

  it('lists an outlier with its quote, and opens it', async () => {
    renderApp(fake(), { width: 1280 });
    const table = await openUnitPrices();
    const [, row] = within(table).getAllByRole('row');
    await fireEvent.click(within(row!).getByText('1'));
    await fireEvent.click(within(row!).getByRole('button', { name: 'Open quote Q-0005 (€0.40 per word)' }));
    await waitFor(async () => expect((await settledQuoteRows()).map((quote) => within(quote).queryByText(/^Project \d$/)?.textContent)).toEqual(['Project 5']));
  });
});

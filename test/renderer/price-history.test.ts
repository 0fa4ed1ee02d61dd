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
  const total = unitPrice * 1000;
  return {
    total,
    calculatedAt: null,
    teams: [
      {
        teamName: 'Translation',
        currency: 'EUR',
        total,
        clientServices: [
          {
            serviceName: 'Translation',
            serviceType: 'TRANSLATION',
            dueDate: null,
            notes: null,
            total,
            targetMarkets: [{ targetMarketId: '33333333-3333-4333-8333-333333333333', targetMarketLabel: 'German (Germany)', subTotal: total, items: [{ itemName: 'Words', unit: 'word', quantity: 1000, unitPrice, totalPrice: total }] }],
          },
        ],
      },
    ],
  };
}

/** The open quote (newest, first row) at 0.15 a word, after earlier quotes at these prices. */
function fake(earlier: number[]) {
  const prices = [0.15, ...earlier];
  const quotes = prices.map((_, index) => makeQuote({ id: quoteId(index + 1), projectName: `Project ${index + 1}`, quoteDate: `2025-05-${String(20 - index).padStart(2, '0')}T09:00:00Z` }));
  return new FakeBridge({
    accounts: [acme],
    now: Date.UTC(2025, 4, 21, 12),
    quotes: { acme: quotes },
    details: Object.fromEntries(quotes.map((quote, index) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName, quoteDate: quote.quoteDate, itemsPricing: pricing(prices[index]!) })])),
  });
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });

async function openFirst() {
  const [first] = await settledQuoteRows();
  await fireEvent.click(first!);
  await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: 'Project 1' })).toBeTruthy());
}

describe('"Compared with your history" in the reading pane', () => {
  it('says how a line\'s unit price stands against the median of the same service, language and unit', async () => {
    renderApp(fake([0.1, 0.11, 0.12, 0.13, 0.2]), { width: 1280 });
    await openFirst();
    const section = await within(pane()).findByRole('region', { name: 'Compared with your history' });
    // Hand-computed: median of 0.10 0.11 0.12 0.13 0.20 is 0.12; 0.15 is 25% above it.
    expect(within(section).getByRole('listitem').textContent?.replace(/\s+/g, ' ').trim()).toBe('Translation · German (Germany) · Words €0.15 25% above your median of €0.12 per word (5 quotes)');
  });

  it('shows nothing with fewer than five quotes to compare with', async () => {
    const bridge = fake([0.1, 0.11, 0.12, 0.13]);
    renderApp(bridge, { width: 1280 });
    await openFirst();
    await waitFor(() => expect(bridge.calls.some((call) => call.method === 'insights.history')).toBe(true));
    expect(within(pane()).queryByRole('region', { name: 'Compared with your history' })).toBeNull();
  });
});

// The order picker and its direction button: every order reads both ways, the button's name
// says which way it reads now, and "Value" says it groups by currency.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteListItem } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote } from './fixtures';
import { settledQuoteRows } from './quote-table-rows';
import { renderApp } from './render-app';

function fakeWith(quotes: QuoteListItem[]) {
  return new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': quotes } });
}

async function projectNames(): Promise<string[]> {
  return (await settledQuoteRows()).map((row) => within(row).getAllByRole('cell')[0]!.textContent?.trim() ?? '');
}

const QUOTES = [
  makeQuote({ projectName: 'Euro small', companyName: 'Globex', totalPrice: { amount: 10, currency: 'EUR' }, quoteDate: '2025-02-01T00:00:00Z' }),
  makeQuote({ projectName: 'Pound large', companyName: 'Acme', totalPrice: { amount: 5000, currency: 'GBP' }, quoteDate: '2025-01-01T00:00:00Z' }),
  makeQuote({ projectName: 'Euro large', companyName: 'Northwind', totalPrice: { amount: 900, currency: 'EUR' }, quoteDate: '2025-03-01T00:00:00Z' }),
  makeQuote({ projectName: 'Being priced', companyName: 'Brightwell', status: 'PENDING', quoteNumber: null, totalPrice: null, quoteDate: null }),
];

describe('the inbox order', () => {
  it('shows quotes in preparation first when newest first, and turns round with the direction button, whose name says the direction', async () => {
    renderApp(fakeWith(QUOTES));
    expect(await projectNames()).toEqual(['Being priced', 'Euro large', 'Euro small', 'Pound large']);
    const direction = screen.getByRole('button', { name: 'Sort direction: Newest first' });
    direction.focus();
    await fireEvent.click(direction);
    await waitFor(async () => expect(await projectNames()).toEqual(['Pound large', 'Euro small', 'Euro large', 'Being priced']));
    expect(screen.getByRole('button', { name: 'Sort direction: Oldest first' })).toBe(document.activeElement);
  });

  it('orders values within each currency, says so, and reads lowest first the other way round', async () => {
    renderApp(fakeWith(QUOTES));
    await settledQuoteRows();
    const picker = screen.getByRole('combobox', { name: 'Sort by' });
    await fireEvent.change(picker, { target: { value: 'value' } });
    await waitFor(async () => expect(await projectNames()).toEqual(['Euro large', 'Euro small', 'Pound large', 'Being priced']));
    expect(picker.getAttribute('title')).toMatch(/grouped by currency/i);
    await fireEvent.click(screen.getByRole('button', { name: 'Sort direction: Highest value first' }));
    await waitFor(async () => expect(await projectNames()).toEqual(['Euro small', 'Euro large', 'Pound large', 'Being priced']));
    expect(screen.getByRole('button', { name: 'Sort direction: Lowest value first' })).toBeTruthy();
  });

  it('sorts by company A to Z, and a new order starts in its usual direction', async () => {
    renderApp(fakeWith(QUOTES));
    await settledQuoteRows();
    await fireEvent.click(screen.getByRole('button', { name: 'Sort direction: Newest first' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'company' } });
    await waitFor(async () => expect(await projectNames()).toEqual(['Pound large', 'Being priced', 'Euro small', 'Euro large']));
    expect(screen.getByRole('button', { name: 'Sort direction: Company A to Z' })).toBeTruthy();
  });
});

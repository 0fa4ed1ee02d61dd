import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { QuotePricing } from '../../../renderer/src/components/quote-pricing';
import { formatterCount } from '../../../renderer/src/lib/money';
import { makePricing } from './pricing-fixtures';

describe('quote pricing', () => {
  it('lists teams, services, target markets and line items with their totals in the quote currency', () => {
    render(QuotePricing, { pricing: makePricing(), total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    const table = screen.getByRole('table', { name: 'Line items by team, service and target market' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()).join(' '));
    expect(rows).toContain('Translation team €1,850.00');
    expect(rows).toContain('Project management 2 hour €50.00 €100.00');
    expect(rows).toContain('German (Germany) €1,100.00');
    expect(rows.at(-1)).toBe('Total €2,350.00');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('warns when the amounts do not add up, saying where and by how much', () => {
    const pricing = makePricing();
    pricing.teams[1]!.total = 550;
    render(QuotePricing, { pricing, total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    const warning = screen.getByRole('note', { name: 'Some amounts do not add up' });
    const text = warning.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('Audio team (team): stated €550.00, parts add up to €500.00');
    expect(text).toContain('Quote total: stated €2,350.00, parts add up to €2,400.00');
  });

  it('charts the split with a text alternative, switchable with a radio group', async () => {
    render(QuotePricing, { pricing: makePricing(), total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    const group = screen.getByRole('group', { name: 'Split by' });
    expect(within(group).getByRole('radio', { name: 'Team' })).toHaveProperty('checked', true);
    const byTeam = screen.getByRole('table', { name: 'Split of the total by team' });
    expect(within(byTeam).getAllByRole('row').map((row) => row.textContent)).toEqual(['teamAmountShare', 'Translation team€1,850.0079%', 'Audio team€500.0021%']);
    await fireEvent.click(within(group).getByRole('radio', { name: 'Target market' }));
    const byMarket = screen.getByRole('table', { name: 'Split of the total by target market' });
    expect(within(byMarket).getByRole('rowheader', { name: 'German (Germany)' })).toBeTruthy();
    expect(byMarket.textContent).toContain('€1,600.00');
  });

  it('formats hundreds of cells with the formatters it already has', () => {
    render(QuotePricing, { pricing: makePricing(), total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    const before = formatterCount();
    const constructed = vi.spyOn(Intl, 'NumberFormat');
    const big = makePricing();
    const market = big.teams[0]!.clientServices[0]!.targetMarkets[0]!;
    market.items = Array.from({ length: 300 }, (_, index) => ({ itemName: `Item ${index}`, unit: 'word', quantity: index + 1, unitPrice: 1, totalPrice: index + 1 }));
    render(QuotePricing, { pricing: big, total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    expect(screen.getAllByRole('table', { name: 'Line items by team, service and target market' })[1]!.querySelectorAll('tr').length).toBeGreaterThan(300);
    expect(formatterCount()).toBe(before);
    expect(constructed).not.toHaveBeenCalled();
    constructed.mockRestore();
  });

  it('says when nothing is priced yet', () => {
    render(QuotePricing, { pricing: null, total: null });
    expect(screen.getByText('This quote has no priced line items yet.')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/svelte';
import { expect } from 'vitest';

/** The quote list's data rows once it has answered: not busy, no placeholder row left (the header row left out). */
export async function settledQuoteRows(): Promise<HTMLElement[]> {
  const table = await waitFor(() => {
    const current = screen.getByRole('table', { name: 'Quotes' });
    expect(current.getAttribute('aria-busy')).toBe('false');
    expect(current.querySelector('.placeholder')).toBeNull();
    return current;
  });
  return within(table).getAllByRole('row').slice(1);
}

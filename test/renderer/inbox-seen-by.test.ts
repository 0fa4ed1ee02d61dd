import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import QuoteRow from '../../renderer/src/components/quote-table/quote-row.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

/** A client key and the internal key of one service both see quote 1; only the client sees quote 2. */
function twoKeysOfOneService() {
  const shared = makeQuote({ id: quoteId(1), projectName: 'Shared launch', status: 'PENDING', quoteDate: '2025-03-02T00:00:00Z' });
  return new FakeBridge({
    accounts: [makeAccount({ id: 'acc-1', name: 'Acme client' }), makeAccount({ id: 'acc-2', name: 'Acme internal', access: 'internal' })],
    quotes: {
      'acc-1': [shared, makeQuote({ id: quoteId(2), projectName: 'Client only', quoteDate: '2025-03-01T00:00:00Z' })],
      'acc-2': [{ ...shared, status: 'SENT' }],
    },
  });
}

async function allAccountsRows() {
  const nav = await screen.findByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: 'All accounts' }));
  await screen.findByRole('heading', { level: 1, name: 'All accounts' });
  return waitFor(() => {
    const table = screen.getByRole('table', { name: 'Quotes' });
    expect(table.getAttribute('aria-busy')).toBe('false');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    return rows;
  });
}

describe('All accounts, one row per quote', () => {
  it('shows a quote two accounts see once, naming both in the Account column', async () => {
    renderApp(twoKeysOfOneService(), { width: 1400 });
    const [shared, clientOnly] = await allAccountsRows();
    expect(within(shared!).getAllByRole('cell')[0]!.textContent?.trim()).toBe('Acme client, Acme internal');
    expect(within(clientOnly!).getAllByRole('cell')[0]!.textContent?.trim()).toBe('Acme client');
    expect(screen.getByTestId('quote-count').textContent).toBe('2 quotes');
  });

  it('tells a screen reader who sees the quote when the window is too narrow for the Account column', async () => {
    const answer = await twoKeysOfOneService().api.inbox.query({});
    if (!answer.ok) throw new Error(answer.error.message);
    const shared = answer.value.rows.find((row) => row.quoteId === quoteId(1))!;
    const narrow = render(QuoteRow, { props: { row: shared, columns: new Set(['project', 'stage', 'total']), account: 'Acme client, Acme internal', access: 'client', lastKnown: false } });
    expect(narrow.container.textContent).toContain('Seen by Acme client, Acme internal');
    narrow.unmount();
    const wide = render(QuoteRow, { props: { row: shared, columns: new Set(['account', 'project', 'stage', 'total']), account: 'Acme client, Acme internal', access: 'client', lastKnown: false } });
    // The column says it: not twice to a screen reader.
    expect(wide.container.textContent).not.toContain('Seen by');
  });
});

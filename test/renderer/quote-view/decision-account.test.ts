import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import { decidability } from '../../../main/core/quotes/decidability';
import type { AcceptInput } from '../../../preload/contract/bridge/decisions';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';

/** A revised quote a client key and the internal key of one service both see. */
function setup() {
  const shared = makeQuote({ projectName: 'Shared launch', status: 'REVISED' });
  const fake = new FakeBridge({
    accounts: [makeAccount({ id: 'acc-1', name: 'Acme client' }), makeAccount({ id: 'acc-2', name: 'Acme internal', access: 'internal' })],
    quotes: { 'acc-1': [shared], 'acc-2': [shared] },
  });
  const details = makeDetails({ id: shared.id, projectName: 'Shared launch', status: 'REVISED' });
  fake.arrange('quotes.detail', ({ accountId, quoteId }): QuoteDetailView => ({
    accountId,
    quoteId,
    list: null,
    details,
    source: 'cache',
    fetchedAt: Date.parse('2026-03-01T09:00:00Z'),
    stale: false,
    notice: null,
    revisions: [{ revision: 1, firstSeenAt: Date.parse('2026-03-01T09:00:00Z'), total: details.totalPrice }],
    diff: null,
    pdf: { cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false },
    access: accountId === 'acc-2' ? 'internal' : 'client',
    version: `v-${accountId}`,
    cachedAt: '2026-03-01T09:00:00.000Z',
    decidable: decidability(details, accountId === 'acc-2' ? 'internal' : 'client', null),
  }));
  fake.arrange('decisions.accept', () => ({ outcome: 'refused', message: 'Accepted elsewhere meanwhile.', quote: { ...details, status: 'ACCEPTED' }, receipt: null }));
  return fake;
}

async function openSharedQuote() {
  const nav = await screen.findByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: 'All accounts' }));
  await screen.findByRole('heading', { level: 1, name: 'All accounts' });
  const row = await waitFor(() => within(screen.getByRole('table', { name: 'Quotes' })).getByRole('row', { name: /Shared launch/ }));
  await fireEvent.click(row);
}

describe('the account a decision goes through', () => {
  it('is the client account by default, and the one picked when the person chooses another', async () => {
    const fake = setup();
    renderApp(fake);
    await openSharedQuote();
    const picker = await screen.findByRole('combobox', { name: 'Decide as' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Acme client', 'Acme internal']);
    expect((picker as HTMLSelectElement).value).toBe('acc-1');

    await fireEvent.change(picker, { target: { value: 'acc-2' } });
    await waitFor(() => expect((fake.callsOf('quotes.detail').at(-1) as { accountId: string }).accountId).toBe('acc-2'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await within(dialog).findByText('Accepted elsewhere meanwhile.');
    expect(fake.callsOf('decisions.accept') as AcceptInput[]).toEqual([{ accountId: 'acc-2', quoteId: expect.any(String), version: 'v-acc-2' }]);
  });

  it('offers no choice for a quote one account sees', async () => {
    const fake = setup();
    fake.quotes = { 'acc-1': fake.quotes['acc-1']!, 'acc-2': [] };
    renderApp(fake);
    await openSharedQuote();
    await screen.findByRole('button', { name: 'Accept…' });
    expect(screen.queryByRole('combobox', { name: 'Decide as' })).toBeNull();
  });
});

// The inbox's selection as the renderer sends it: the view it was made in and the quotes (or
// "every quote but these"), dropped by a new query; keeping PDFs offline batch by batch with
// the outcome in plain words (the core's side: test/unit/core/handlers/selection.test.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { KeepOfflineInput } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { renderApp } from './render-app';

async function rows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Quotes' });
  return waitFor(() => {
    const found = within(table).getAllByRole('row').filter((row) => row.hasAttribute('data-row-index') && within(row).queryByRole('checkbox'));
    expect(found.length).toBeGreaterThan(3);
    return found;
  });
}

function bar(): HTMLElement {
  return screen.getByRole('group', { name: 'Actions on the selected quotes' });
}

describe('selecting quotes in the inbox', () => {
  it('sends the selected quotes with the view they were selected in, and a new search drops them', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': sampleQuotes(30) } });
    fake.arrange('selection.markRead', (input) => ({ quotes: input.selection.kind === 'quotes' ? input.selection.quoteIds.length : 0, unread: { total: 0, accounts: [] } }));
    renderApp(fake);
    await fireEvent.change(await screen.findByRole('combobox', { name: 'Sort by' }), { target: { value: 'value' } });
    const [first, second, third] = await rows();
    first!.focus();
    await fireEvent.keyDown(first!, { key: 'x' });
    await fireEvent.mouseDown(third!, { ctrlKey: true });
    // Ctrl-click twice: in, then out again.
    await fireEvent.mouseDown(second!, { ctrlKey: true });
    await fireEvent.mouseDown(second!, { ctrlKey: true });
    expect(screen.getAllByRole('status').some((status) => status.textContent === '2 quotes selected')).toBe(true);

    await fireEvent.click(within(bar()).getByRole('button', { name: 'Mark read' }));
    await within(bar()).findByText('Marked 2 quotes read.');
    const [input] = fake.callsOf('selection.markRead') as { sort: string; accountId: string; selection: { kind: string; quoteIds: string[] } }[];
    expect(input).toMatchObject({ accountId: 'acc-1', sort: 'value', selection: { kind: 'quotes' } });
    const ids = (row: HTMLElement) => within(row).getByRole('checkbox').getAttribute('aria-label');
    expect(input!.selection.quoteIds).toHaveLength(2);
    expect(ids(first!)).not.toBe(ids(third!));

    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'a' } });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Actions on the selected quotes' })).toBeNull());
  });

  it('keeps the PDFs of every quote in view offline batch by batch, and says what was kept, what failed and what was not tried', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': sampleQuotes(25) } });
    fake.arrange('selection.keepPdfsOffline', (input) => {
      const { offset = 0, limit = 10 } = input as KeepOfflineInput;
      const size = Math.min(limit, 25 - offset);
      // The network goes in the second batch: one kept, one refused, the rest not tried.
      if (offset === 10) return { total: 25, offset, kept: 1, alreadyOffline: 0, failed: [{ accountId: 'acc-1', quoteId: 'q', label: 'Q-2025-1189', reason: 'The service has no such quote.' }], notTried: size - 2 };
      return { total: 25, offset, kept: size - 1, alreadyOffline: 1, failed: [], notTried: 0 };
    });
    renderApp(fake);
    await rows();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select every quote in view' }));
    await fireEvent.click(within(bar()).getByRole('button', { name: 'Keep PDFs offline' }));

    await within(bar()).findByText(
      "Kept 10 PDFs offline (1 already was). 1 PDF couldn't be downloaded: Q-2025-1189 (The service has no such quote). 13 PDFs not tried: the service can't be reached now. Try again later; nothing was lost.",
    );
    const calls = fake.callsOf('selection.keepPdfsOffline') as KeepOfflineInput[];
    expect(calls.map((call) => call.offset)).toEqual([0, 10]);
    expect(calls.every((call) => call.selection.kind === 'all')).toBe(true);
  });
});

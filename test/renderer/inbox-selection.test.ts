// The inbox's selection as the renderer sends it: the view it was made in and the quotes (or
// "every quote but these"), dropped by a new query; keeping PDFs offline as a job of the core,
// confirmed first when large, stoppable, followed by a page opened meanwhile, its outcome in
// plain words (the core's side: test/unit/core/inbox/selection.test.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { KeepOfflineJob } from '../../preload/contract';
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

  it('keeps a few PDFs offline at once, follows the job and says what was kept, what failed and what was not tried', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': sampleQuotes(25) } });
    fake.arrange('selection.keepPdfsOffline', () => job({ total: 25 }));
    renderApp(fake);
    await rows();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select every quote in view' }));
    await fireEvent.click(within(bar()).getByRole('button', { name: 'Keep PDFs offline' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    await within(bar()).findByText('Keeping PDFs offline: 0 of 25');
    fake.emit('selection.keepOfflineChanged', job({ total: 25, done: 10, kept: 9, alreadyOffline: 1 }));
    await within(bar()).findByText('Keeping PDFs offline: 10 of 25');
    fake.emit(
      'selection.keepOfflineChanged',
      job({ state: 'finished', total: 25, done: 12, kept: 10, alreadyOffline: 1, failedCount: 1, notTried: 13, failed: [{ accountId: 'acc-1', quoteId: 'q', label: 'Q-2025-1189', reason: 'The service has no such quote.' }] }),
    );

    await within(bar()).findByText(
      "Kept 10 PDFs offline (1 already was). 1 PDF couldn't be downloaded: Q-2025-1189 (The service has no such quote). 13 PDFs not tried: the service can't be reached now. Try again later; nothing was lost.",
    );
    const calls = fake.callsOf('selection.keepPdfsOffline') as { selection: { kind: string } }[];
    expect(calls).toHaveLength(1);
    expect(calls[0]!.selection.kind).toBe('all');
    expect(within(bar()).queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('asks first for a large selection, with the PDFs and disk it takes, and goes on only when told', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': sampleQuotes(60) } });
    fake.arrange('selection.keepOfflinePlan', () => ({ quotes: 60, averagePdfBytes: 2 * 1024 * 1024 }));
    fake.arrange('selection.keepPdfsOffline', () => job({ total: 60 }));
    fake.arrange('selection.stopKeepOffline', () => job({ state: 'stopped', total: 60, done: 10, kept: 10, notTried: 50 }));
    renderApp(fake);
    await rows();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select every quote in view' }));
    const keep = within(bar()).getByRole('button', { name: 'Keep PDFs offline' });

    await fireEvent.click(keep);
    const dialog = await screen.findByRole('dialog', { name: 'Keep 60 PDFs offline?' });
    expect(dialog.textContent).toContain('This downloads 60 PDFs, about 120 MB of disk');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('selection.keepPdfsOffline')).toHaveLength(0);

    await fireEvent.click(keep);
    await fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep PDFs offline' }));
    await within(bar()).findByText('Keeping PDFs offline: 0 of 60');
    expect(fake.callsOf('selection.keepPdfsOffline')).toHaveLength(1);
    fake.emit('selection.keepOfflineChanged', job({ total: 60, done: 10, kept: 10 }));
    await within(bar()).findByText('Keeping PDFs offline: 10 of 60');

    await fireEvent.click(within(bar()).getByRole('button', { name: 'Stop' }));

    await within(bar()).findByText('Kept 10 of 60 PDFs offline; stopped.');
    expect(fake.callsOf('selection.stopKeepOffline')).toHaveLength(1);
    expect(within(bar()).queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('shows a page opened while the core keeps PDFs offline its progress and Stop, with nothing selected', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': sampleQuotes(5) } });
    fake.arrange('selection.keepOfflineJob', () => job({ total: 100_000, done: 120, kept: 120 }));
    fake.arrange('selection.stopKeepOffline', () => job({ state: 'stopped', total: 100_000, done: 121, kept: 121, notTried: 99_879 }));
    renderApp(fake);
    await rows();

    await within(bar()).findByText('Keeping PDFs offline: 120 of 100,000');
    fake.emit('selection.keepOfflineChanged', job({ total: 100_000, done: 121, kept: 121 }));
    await within(bar()).findByText('Keeping PDFs offline: 121 of 100,000');
    // Once the core has measured its rate, the time left, rounded as a guess should be.
    fake.emit('selection.keepOfflineChanged', job({ total: 100_000, done: 130, kept: 130, secondsLeft: 12 * 60 + 10 }));
    await within(bar()).findByText('Keeping PDFs offline: 130 of 100,000, about 12 minutes left');
    fake.emit('selection.keepOfflineChanged', job({ total: 100_000, done: 131, kept: 131, secondsLeft: 3.5 * 3600 + 100 }));
    await within(bar()).findByText('Keeping PDFs offline: 131 of 100,000, about 3 hours 30 minutes left');
    await fireEvent.click(within(bar()).getByRole('button', { name: 'Stop' }));
    await within(bar()).findByText('Kept 121 of 100,000 PDFs offline; stopped.');
  });
});

/** The core's keep-offline job: running and untouched unless told otherwise. */
function job(moved: Partial<KeepOfflineJob>): KeepOfflineJob {
  return { state: 'running', total: 0, done: 0, kept: 0, alreadyOffline: 0, failed: [], failedCount: 0, notTried: 0, error: null, secondsLeft: null, ...moved };
}

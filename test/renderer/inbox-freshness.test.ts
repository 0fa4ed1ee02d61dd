import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBridge, type FakeBridgeOptions } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

// 14:05 local time on a fixed day, so the clock words are known.
const NOW = new Date(2025, 5, 2, 14, 5).getTime();

function fakeWith(sync: FakeBridgeOptions['sync'] = {}) {
  return new FakeBridge({
    accounts: [makeAccount({ id: 'acc-1', name: 'Acme Localisation' })],
    quotes: { 'acc-1': sampleQuotes(30) },
    sync,
    now: NOW,
  });
}

function freshness() {
  return screen.getByRole('list', { name: 'How fresh the quotes are' });
}

const rows = settledQuoteRows;

describe('freshness and the last known quotes', () => {
  // Only the date is fixed: timers run for real, so the inbox's answers still arrive.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an offline account\'s quotes on screen, marked as the last known ones', async () => {
    const fake = fakeWith({ 'acc-1': { phase: 'offline', offlineSince: NOW - 30 * 60_000 } });
    renderApp(fake);
    const shown = await rows();
    expect(shown.length).toBeGreaterThan(0);
    expect(freshness().textContent).toMatch(/Offline since 1:35\sPM — showing the last known quotes/);
    for (const row of shown) expect(within(row).getByText('Last known')).toBeTruthy();
  });

  it('marks the quotes when the credentials are refused, and unmarks them when sync is back', async () => {
    const fake = fakeWith();
    renderApp(fake);
    const before = await rows();
    expect(within(before[0]!).queryByText('Last known')).toBeNull();
    expect(freshness().textContent).toMatch(/Last synced 1 minute ago/);

    fake.setSync('acc-1', { phase: 'needs-credentials' });
    await waitFor(() => expect(freshness().textContent).toContain('Needs new credentials — showing the last known quotes'));
    expect(within((await rows())[0]!).getByText('Last known')).toBeTruthy();

    fake.setSync('acc-1', { phase: 'online', lastSyncedAt: NOW });
    await waitFor(async () => expect(within((await rows())[0]!).queryByText('Last known')).toBeNull());
  });

  it('stays offline, marks kept, while main tries the service again, until a pass succeeds', async () => {
    const offlineSince = NOW - 30 * 60_000;
    const fake = fakeWith({ 'acc-1': { phase: 'offline', offlineSince } });
    renderApp(fake);
    expect(within((await rows())[0]!).getByText('Last known')).toBeTruthy();

    // A retry is a pass like any other: nothing fresh has come yet.
    fake.setSync('acc-1', { phase: 'syncing', offlineSince, progress: null });
    await waitFor(() => expect(freshness().textContent).toMatch(/Offline since 1:35\sPM — trying again, showing the last known quotes/));
    expect(freshness().textContent).not.toContain('Syncing…');
    for (const row of await rows()) expect(within(row).getByText('Last known')).toBeTruthy();

    fake.setSync('acc-1', { phase: 'online', offlineSince: null, lastSyncedAt: NOW });
    await waitFor(async () => expect(within((await rows())[0]!).queryByText('Last known')).toBeNull());
  });

  it('shows sync progress and when a rate limit ends', async () => {
    const fake = fakeWith({ 'acc-1': { phase: 'syncing', progress: { pagesDone: 34, pagesTotal: 100, quotesSeen: 3_400 } } });
    renderApp(fake);
    await rows();
    expect(freshness().textContent).toContain('Syncing 3,400 quotes (page 34 of 100)');
    fake.setSync('acc-1', { phase: 'syncing', progress: { pagesDone: 100, pagesTotal: 100, quotesSeen: 10_000, details: { done: 340, total: 1_867 } } });
    await waitFor(() => expect(freshness().textContent).toContain('Saving quote details for offline use (340 of 1,867)'));
    fake.setSync('acc-1', { phase: 'rate-limited', rateLimitedUntil: NOW + 27 * 60_000 });
    await waitFor(() => expect(freshness().textContent).toMatch(/Rate limited until 2:32\sPM/));
  });

  it('says "Syncing…" until a quote has been counted, never "Syncing 0 quotes…"', async () => {
    const fake = fakeWith({ 'acc-1': { phase: 'syncing', progress: { pagesDone: 0, pagesTotal: null, quotesSeen: 0 } } });
    renderApp(fake);
    await rows();
    expect(freshness().textContent).toContain('Syncing…');
    expect(freshness().textContent).not.toContain('0 quotes');
  });

  it('in All accounts says once when the accounts that synced fine last did, and names each one in trouble', async () => {
    const fake = new FakeBridge({
      accounts: ['Acme', 'Brightwell', 'Lumen'].map((name, index) => makeAccount({ id: `acc-${index}`, name })),
      quotes: { 'acc-0': sampleQuotes(3), 'acc-1': sampleQuotes(3), 'acc-2': sampleQuotes(3) },
      sync: {
        'acc-0': { phase: 'online', lastSyncedAt: NOW - 60_000 },
        'acc-1': { phase: 'online', lastSyncedAt: NOW - 5 * 60_000 },
        'acc-2': { phase: 'offline', offlineSince: NOW - 30 * 60_000 },
      },
      now: NOW,
    });
    renderApp(fake);
    await rows();
    await fireEvent.click(screen.getByRole('button', { name: /^All accounts/ }));
    await waitFor(() => expect(within(freshness()).getAllByRole('listitem')).toHaveLength(2));
    const [merged, offline] = within(freshness()).getAllByRole('listitem');
    // The older of the two syncs: nothing is claimed fresher than it is.
    expect(merged!.textContent).toBe('2 accounts: Last synced 5 minutes ago');
    expect(offline!.textContent).toMatch(/Lumen:\s*Offline since/);
  });

  it('syncs on request with Sync now, and says in plain words when it could not', async () => {
    const fake = fakeWith({ 'acc-1': { phase: 'offline', offlineSince: NOW - 60_000 } });
    renderApp(fake);
    await rows();
    fake.failNext('sync.refresh', { code: 'internal', message: 'TypeError: x is undefined' });
    await fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sync did not run');
    expect(alert.textContent).not.toContain('TypeError');

    fake.sync.set('acc-1', { ...fake.sync.get('acc-1')!, phase: 'online', offlineSince: null });
    await fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(freshness().textContent).toMatch(/Last synced/));
    expect(fake.callsOf('sync.refresh').at(-1)).toEqual({ accountId: 'acc-1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the accounts could not load in plain words, with Retry', async () => {
    const fake = fakeWith();
    fake.failNext('accounts.list', { code: 'internal', message: 'TypeError: Cannot read properties of undefined (reading "id")\n    at list (core.ts:12:3)' });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load your accounts");
    expect(alert.textContent).toContain('Quotedesk ran into an unexpected problem. The details are in the log.');
    expect(alert.textContent).not.toContain('TypeError');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });

function quotesFor(prefix: number, count: number) {
  return Array.from({ length: count }, (_, index) =>
    makeQuote({
      id: quoteId(prefix + index),
      projectName: `Project ${prefix + index}`,
      quoteDate: `2025-03-${String(20 - index).padStart(2, '0')}T00:00:00Z`,
    }),
  );
}

function fake() {
  return new FakeBridge({ accounts: [acme, north], quotes: { acme: quotesFor(1, 6), north: quotesFor(100, 3) } });
}

const settledRows = settledQuoteRows;

function sidebarButton(name: RegExp) {
  return within(screen.getByRole('navigation', { name: 'Accounts' })).getByRole('button', { name });
}

describe('notification toasts', () => {
  it('shows a notification as a polite toast whose Open button opens the quote and marks it read', async () => {
    const bridge = fake();
    bridge.details[quoteId(3)] = makeDetails({ id: quoteId(3), projectName: 'Project 3' });
    bridge.unread = { acme: [quoteId(3)] };
    renderApp(bridge);
    await settledRows();
    bridge.emit('notifications.shown', {
      title: 'Quote revised',
      body: 'Acme Localisation: Project 3 has a new price.',
      link: `quotedesk://quote/acme/${quoteId(3)}`,
      route: { view: 'quote', accountId: 'acme', quoteId: quoteId(3) },
    });
    const body = await screen.findByText('Acme Localisation: Project 3 has a new price.');
    const toast = body.closest('.toast') as HTMLElement;
    // Read out once, politely: inside the toaster's live region, not an alert.
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(within(toast).getByText('Quote revised')).toBeTruthy();
    await fireEvent.click(within(toast).getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Project 3' })).toBeTruthy();
    // From the cache first, without waiting on the service (its background read follows).
    expect(bridge.callsOf('quotes.detail').at(0)).toEqual({ accountId: 'acme', quoteId: quoteId(3), cached: true });
    expect(bridge.callsOf('notifications.markRead')).toEqual([{ accountId: 'acme', quoteIds: [quoteId(3)] }]);
    expect(screen.queryByText('Quote revised')).toBeNull();
  });

  it('a click on the toast body follows an inbox route: the account, filtered to its quotes, with Show all', async () => {
    const bridge = fake();
    renderApp(bridge);
    expect(await settledRows()).toHaveLength(6);
    bridge.emit('notifications.shown', {
      title: '2 quotes changed',
      body: 'Northwind: 2 quotes changed.',
      link: 'quotedesk://inbox/north',
      route: { view: 'inbox', accountId: 'north', quoteIds: [quoteId(100), quoteId(102)] },
    });
    await fireEvent.click(await screen.findByText('Northwind: 2 quotes changed.'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Northwind'));
    await waitFor(async () => expect(await settledRows()).toHaveLength(2));
    const rows = await settledRows();
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Project 100'), expect.stringContaining('Project 102')]);
    expect(screen.getByText(/Showing 2 quotes from a notification/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(async () => expect(await settledRows()).toHaveLength(3));
    expect(screen.queryByText(/from a notification/)).toBeNull();
  });

  it('shows no toast in Electron, where main shows the system notification', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: quotesFor(1, 2) }, info: { host: 'electron' } });
    renderApp(bridge);
    await settledRows();
    await waitFor(() => expect(bridge.callsOf('app.info')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    bridge.emit('notifications.shown', {
      title: 'Quote accepted',
      body: 'Acme: Project 1 was accepted.',
      link: `quotedesk://quote/acme/${quoteId(1)}`,
      route: { view: 'quote', accountId: 'acme', quoteId: quoteId(1) },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Acme: Project 1 was accepted.')).toBeNull();
  });

  it('follows app.navigate to a quote', async () => {
    const bridge = fake();
    renderApp(bridge);
    await settledRows();
    bridge.details[quoteId(101)] = makeDetails({ id: quoteId(101), projectName: 'Project 101' });
    bridge.emit('app.navigate', { view: 'quote', accountId: 'north', quoteId: quoteId(101) });
    expect(await screen.findByRole('heading', { name: 'Project 101' })).toBeTruthy();
    // From the cache first, without waiting on the service (its background read follows).
    expect(bridge.callsOf('quotes.detail').at(0)).toEqual({ accountId: 'north', quoteId: quoteId(101), cached: true });
  });
});

describe('unread state', () => {
  it('puts the unread count in the title and on the sidebar badges, following unreadChanged', async () => {
    const bridge = fake();
    bridge.unread = { acme: [quoteId(1), quoteId(2)], north: [quoteId(100)] };
    renderApp(bridge);
    await waitFor(() => expect(document.title).toBe('(3) Quotedesk'));
    expect(sidebarButton(/Acme Localisation\s*, 2 unread$/)).toBeTruthy();
    expect(sidebarButton(/Northwind\s*, 1 unread$/)).toBeTruthy();
    expect(sidebarButton(/All accounts\s*, 3 unread$/)).toBeTruthy();
    bridge.emit('notifications.unreadChanged', { total: 1, accounts: [{ accountId: 'north', count: 1, quoteIds: [quoteId(100)] }] });
    await waitFor(() => expect(document.title).toBe('(1) Quotedesk'));
    expect(sidebarButton(/^Connected Acme Localisation$/)).toBeTruthy();
    bridge.emit('notifications.unreadChanged', { total: 0, accounts: [] });
    await waitFor(() => expect(document.title).toBe('Quotedesk'));
  });

  it('counts a quote unread through a client key and the internal key once, alike in the title and the All accounts badge', async () => {
    const internal = makeAccount({ id: 'internal', name: 'All companies', access: 'internal' });
    const shared = quotesFor(1, 2);
    const bridge = new FakeBridge({ accounts: [acme, internal], quotes: { acme: shared, internal: shared } });
    bridge.unread = { acme: [quoteId(1)], internal: [quoteId(1)] };
    renderApp(bridge);
    await waitFor(() => expect(document.title).toBe('(1) Quotedesk'));
    // Each account's badge counts what that account shows unread; All accounts, like the title, counts quotes.
    expect(sidebarButton(/Acme Localisation\s*, 1 unread$/)).toBeTruthy();
    expect(sidebarButton(/All companies\s*, 1 unread$/)).toBeTruthy();
    expect(sidebarButton(/All accounts\s*, 1 unread$/)).toBeTruthy();
    // What main announces is shown as it is, never summed again.
    bridge.emit('notifications.unreadChanged', {
      total: 2,
      accounts: [
        { accountId: 'acme', count: 2, quoteIds: [quoteId(1), quoteId(2)] },
        { accountId: 'internal', count: 2, quoteIds: [quoteId(1), quoteId(2)] },
      ],
    });
    await waitFor(() => expect(document.title).toBe('(2) Quotedesk'));
    expect(sidebarButton(/All accounts\s*, 2 unread$/)).toBeTruthy();
  });

  it('opening a quote lowers the count of every account on the same service that showed it unread', async () => {
    const internal = makeAccount({ id: 'internal', name: 'All companies', access: 'internal' });
    const sandbox = makeAccount({ id: 'sandbox', name: 'Sandbox', baseUrl: 'https://sandbox.acme.test', access: 'internal' });
    const shared = quotesFor(1, 2);
    const bridge = new FakeBridge({ accounts: [acme, internal, sandbox], quotes: { acme: shared, internal: shared, sandbox: shared } });
    bridge.details[quoteId(1)] = makeDetails({ id: quoteId(1), projectName: 'Project 1' });
    bridge.unread = { acme: [quoteId(1)], internal: [quoteId(1), quoteId(2)], sandbox: [quoteId(1)] };
    renderApp(bridge);
    // Quote 1 through the client key and the internal key is one quote; the sandbox's quote 1 is another.
    await waitFor(() => expect(document.title).toBe('(3) Quotedesk'));
    bridge.emit('app.navigate', { view: 'quote', accountId: 'acme', quoteId: quoteId(1) });
    expect(await screen.findByRole('heading', { name: 'Project 1' })).toBeTruthy();
    // The answer to one markRead carries the other accounts' counts too.
    await waitFor(() => expect(document.title).toBe('(2) Quotedesk'));
    expect(sidebarButton(/All companies\s*, 1 unread$/)).toBeTruthy();
    expect(sidebarButton(/Sandbox\s*, 1 unread$/)).toBeTruthy();
    expect(bridge.callsOf('notifications.markRead')).toEqual([{ accountId: 'acme', quoteIds: [quoteId(1)] }]);
  });

  it('marks unread rows, and u on the focused row toggles read and unread', async () => {
    const bridge = fake();
    bridge.unread = { acme: [quoteId(1)] };
    renderApp(bridge);
    let rows = await settledRows();
    await waitFor(() => expect(within(rows[0]!).queryByText('Unread:')).not.toBeNull());
    expect(within(rows[1]!).queryByText('Unread:')).toBeNull();

    await fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2'));
    await fireEvent.keyDown(document.activeElement!, { key: 'u' });
    await waitFor(() => expect(document.title).toBe('Quotedesk'));
    rows = await settledRows();
    expect(within(rows[0]!).queryByText('Unread:')).toBeNull();
    expect(bridge.unread.acme).toEqual([]);

    await fireEvent.keyDown(document.activeElement!, { key: 'u' });
    await waitFor(() => expect(document.title).toBe('(1) Quotedesk'));
    expect(within((await settledRows())[0]!).queryByText('Unread:')).not.toBeNull();
    expect(bridge.callsOf('notifications.markUnread')).toEqual([{ accountId: 'acme', quoteIds: [quoteId(1)] }]);
  });

  it('says so when marking fails, and Mark all read clears the selected account', async () => {
    const bridge = fake();
    bridge.unread = { acme: [quoteId(1), quoteId(2)], north: [quoteId(100)] };
    renderApp(bridge);
    await settledRows();
    bridge.failNext('notifications.markRead', { message: 'The store is busy.' });
    await fireEvent.click(await screen.findByRole('button', { name: 'Mark all read in Acme Localisation' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't mark the quotes read");
    expect(document.title).toBe('(3) Quotedesk');
    await fireEvent.click(screen.getByRole('button', { name: 'Mark all read in Acme Localisation' }));
    await waitFor(() => expect(document.title).toBe('(1) Quotedesk'));
    expect(bridge.callsOf('notifications.markRead').at(-1)).toEqual({ accountId: 'acme' });
    expect(screen.queryByRole('button', { name: /Mark all read/ })).toBeNull();
  });

  it('in All accounts, Mark all read clears every account', async () => {
    const bridge = fake();
    bridge.unread = { acme: [quoteId(1), quoteId(2)], north: [quoteId(100)] };
    renderApp(bridge);
    await settledRows();
    await fireEvent.click(sidebarButton(/All accounts/));
    await fireEvent.click(await screen.findByRole('button', { name: 'Mark all read in every account' }));
    await waitFor(() => expect(document.title).toBe('Quotedesk'));
    expect(bridge.callsOf('notifications.markRead')).toEqual(expect.arrayContaining([{ accountId: 'acme' }, { accountId: 'north' }]));
    expect(sidebarButton(/^All accounts$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark all read/ })).toBeNull();
  });
});

describe('notification settings', () => {
  async function openSettings(bridge: FakeBridge) {
    renderApp(bridge);
    await settledRows();
    await fireEvent.click(screen.getByRole('button', { name: /settings/i }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Notifications' });
    return heading.closest('section') as HTMLElement;
  }

  it('saves each change as the whole preferences object', async () => {
    const bridge = fake();
    const section = await openSettings(bridge);
    const jobs = await within(section).findByRole('switch', { name: 'Jobs' });
    expect((jobs as HTMLInputElement).checked).toBe(false);
    await fireEvent.click(jobs);
    await waitFor(() => expect(bridge.preferences.groups).toEqual({ job: true }));
    await fireEvent.click(within(section).getByRole('switch', { name: 'Mute all notifications' }));
    await waitFor(() => expect(bridge.preferences.muted).toBe(true));
    expect(bridge.preferences.groups).toEqual({ job: true });
    await fireEvent.click(within(section).getByRole('switch', { name: 'Quotes from Northwind' }));
    await waitFor(() => expect(bridge.preferences.accounts).toEqual({ north: { enabled: true, groups: { quote: false }, types: {} } }));
    await fireEvent.click(within(section).getByRole('switch', { name: 'Stay quiet every day' }));
    await fireEvent.change(within(section).getByLabelText('From'), { target: { value: '21:30' } });
    await waitFor(() => expect(bridge.preferences.quietHours).toEqual({ enabled: true, start: '21:30', end: '07:00' }));
    await fireEvent.click(within(section).getByRole('button', { name: 'For 1 hour' }));
    await waitFor(() => expect(bridge.preferences.doNotDisturbUntil).not.toBeNull());
    const until = Date.parse(bridge.preferences.doNotDisturbUntil!);
    expect(until - Date.now()).toBeGreaterThan(3_500_000);
    expect(within(section).getByText(/^On until/)).toBeTruthy();
  });

  it('has a switch per event type under each group; a group switch starts its types over', async () => {
    const bridge = fake();
    const section = await openSettings(bridge);
    const declined = (await within(section).findByRole('switch', { name: 'A quote declined' })) as HTMLInputElement;
    // Folded away until asked for, and on as its group is.
    expect(declined.closest('details')?.open).toBe(false);
    expect(declined.checked).toBe(true);
    await fireEvent.click(declined);
    await waitFor(() => expect(bridge.preferences.types).toEqual({ 'quote.rejected': false }));
    expect(declined.closest('details')!.querySelector('summary')!.textContent).toMatch(/Choose events\s*\(\d+ of \d+ on\)/);
    // Job events are off with their group; one of them can be on alone.
    const delivered = within(section).getByRole('switch', { name: 'A delivery approved' }) as HTMLInputElement;
    expect(delivered.checked).toBe(false);
    await fireEvent.click(delivered);
    await waitFor(() => expect(bridge.preferences.types).toEqual({ 'quote.rejected': false, 'job.delivery_approved': true }));
    await fireEvent.click(within(section).getByRole('switch', { name: 'Quotes' }));
    await waitFor(() => expect(bridge.preferences.types).toEqual({ 'job.delivery_approved': true }));
    expect(bridge.preferences.groups).toEqual({ quote: false });
  });

  it('folds each account\'s switches under its name', async () => {
    const section = await openSettings(fake());
    const own = (await within(section).findByRole('switch', { name: 'Quotes from Northwind' })).closest('details')!;
    expect(own.open).toBe(false);
    expect(own.querySelector('summary')!.textContent).toContain('Northwind');
  });

  it('puts the switch back and says why when a save fails', async () => {
    const bridge = fake();
    const before: NotificationPreferences = structuredClone(bridge.preferences);
    const section = await openSettings(bridge);
    const reminders = (await within(section).findByRole('switch', { name: /Remind me before a quote that waits for my decision expires/ })) as HTMLInputElement;
    expect(reminders.checked).toBe(true);
    bridge.failNext('notifications.setPreferences', { message: 'The settings file is read-only.' });
    const release = bridge.holdNext('notifications.setPreferences');
    await fireEvent.click(reminders);
    // Optimistic: the switch moves at once.
    expect(reminders.checked).toBe(false);
    release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't save the notification settings");
    expect(alert.textContent).toContain('read-only');
    await waitFor(() => expect(reminders.checked).toBe(true));
    expect(bridge.preferences).toEqual(before);
  });
});

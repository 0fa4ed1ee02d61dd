import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { InboxQueryInput } from '../../renderer/src/lib/inbox-bridge';
import App from '../../renderer/src/app.svelte';
import type { ConnectionMonitor, ConnectionState } from '../../renderer/src/lib/bridge';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { memoryStorage, renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind', access: 'internal' });

function twoAccounts(info: ConstructorParameters<typeof FakeBridge>[0] = {}) {
  return new FakeBridge({
    accounts: [acme, north],
    quotes: { acme: sampleQuotes(30), north: sampleQuotes(3) },
    ...info,
  });
}

const settledRows = settledQuoteRows;

describe('app shell', () => {
  it('lists the accounts with their status and a Demo badge, and switches inbox on select', async () => {
    const fake = new FakeBridge({
      accounts: [makeAccount({ id: 'demo', name: 'Demo', demo: true }), makeAccount({ id: 'acme', name: 'Acme', status: 'unreachable' })],
      quotes: { demo: sampleQuotes(3), acme: sampleQuotes(1) },
    });
    const { storage } = renderApp(fake);
    const nav = await screen.findByRole('navigation', { name: 'Accounts' });
    const demo = await within(nav).findByRole('button', { name: /^Connected Demo Demo$/ });
    expect(demo.getAttribute('aria-current')).toBe('true');
    const other = within(nav).getByRole('button', { name: /^Unreachable Acme$/ });
    await fireEvent.click(other);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme'));
    expect(other.getAttribute('aria-current')).toBe('true');
    expect(storage.read()).toBe('acme');
    expect(await settledRows()).toHaveLength(1);
  });

  it('restores the remembered account, or falls back to the first', async () => {
    renderApp(twoAccounts(), { storage: memoryStorage('north') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind' })).toBeTruthy();
    cleanup();
    const storage = memoryStorage('gone');
    renderApp(twoAccounts(), { storage });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Localisation' })).toBeTruthy();
    expect(storage.value).toBe('acme');
  });

  it('shows the demo banner in demo mode, with an Add account action', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount({ demo: true })], info: { demo: true } });
    renderApp(fake);
    const banner = await screen.findByRole('region', { name: 'Demo mode' });
    expect(banner.textContent?.replace(/\s+/g, ' ')).toContain(
      'Demo mode: you are looking at the built-in Quoting Service with sample data, reset each time Quotedesk starts.',
    );
    await fireEvent.click(within(banner).getByRole('button', { name: 'Add account' }));
    expect(await screen.findByRole('dialog', { name: 'Add account' })).toBeTruthy();
  });

  it('says the sample accounts sit beside the user\'s own when demo mode is forced on', async () => {
    const fake = new FakeBridge({
      accounts: [makeAccount({ id: 'demo', name: 'Demo', demo: true }), acme],
      quotes: { demo: sampleQuotes(3), acme: sampleQuotes(3) },
      info: { demo: true },
    });
    renderApp(fake);
    const banner = await screen.findByRole('region', { name: 'Demo mode' });
    expect(banner.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Demo mode is on: the sample accounts are listed beside yours (sample data, reset each time Quotedesk starts).',
    );
  });

  it('shows no demo banner for real accounts', async () => {
    renderApp(twoAccounts());
    await settledRows();
    expect(screen.queryByRole('region', { name: 'Demo mode' })).toBeNull();
  });

  it('shows the demo banner when demo mode comes back after the last account is removed', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    await settledRows();
    expect(screen.queryByRole('region', { name: 'Demo mode' })).toBeNull();
    const sample = makeAccount({ id: 'demo', name: 'Sample Co', demo: true });
    fake.accounts = [sample];
    fake.emit('accounts.changed', { accounts: [sample] });
    const banner = await screen.findByRole('region', { name: 'Demo mode' });
    expect(banner.textContent).toContain('built-in Quoting Service with sample data');
  });

  it('keeps the last known quotes searchable while the credentials are refused', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    await settledRows();
    fake.setStatus(acme.id, 'needs-credentials', 'The service refused this account\'s API key.');
    await waitFor(() => expect(screen.getAllByText(/needs new credentials/i).length).toBeGreaterThan(0));
    const queriesBefore = fake.callsOf('inbox.query').length;
    await fireEvent.keyDown(document.body, { key: 'r' });
    await waitFor(() => expect(fake.callsOf('inbox.query').length).toBe(queriesBefore + 1));
    await fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search quotes' }));
    expect((await settledRows()).length).toBeGreaterThan(0);
  });

  it('refreshes the sidebar when accounts change in main', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    await settledRows();
    fake.emit('accounts.changed', { accounts: [acme, makeAccount({ id: 'new', name: 'Fabrikam' })] });
    const nav = screen.getByRole('navigation', { name: 'Accounts' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /^Connected Fabrikam$/ })).toBeTruthy());
    expect(within(nav).queryByRole('button', { name: /^Connected Northwind$/ })).toBeNull();
  });

  it('tells the user at once when the selected account needs new credentials', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    await settledRows();
    expect(screen.queryByText('Acme Localisation needs new credentials')).toBeNull();
    fake.setStatus('acme', 'needs-credentials', 'The API key was refused (401).');
    const notice = await screen.findByText('Acme Localisation needs new credentials');
    const alert = notice.closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('The API key was refused (401).');
    await fireEvent.click(within(alert).getByRole('button', { name: 'Update credentials' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Acme Localisation' })).toBeTruthy();
  });

  it('tells the user at start which data file could not be read and where the copy is', async () => {
    const fake = twoAccounts({
      info: { dataProblems: [{ file: 'settings', path: '/data/settings.json', keptAt: '/data/settings.json.damaged-1', reason: 'The settings file is not valid JSON.' }] },
    });
    renderApp(fake);
    const alert = await screen.findByRole('alert', { name: 'Data files that could not be read' });
    expect(alert.textContent).toContain('/data/settings.json.damaged-1');
  });

  it('warns in account settings when credential storage is weak', async () => {
    const fake = twoAccounts({
      info: { credentialStorage: { backend: 'basic_text', weak: true, message: 'Secrets are stored as plain text.' } },
    });
    renderApp(fake);
    await settledRows();
    await fireEvent.click(screen.getByRole('button', { name: /^Settings$/ }));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Secrets are stored as plain text.');
  });
});

describe('keyboard shortcuts', () => {
  it('focuses the search with /, moves rows with j/k, refreshes with r and opens help with ?', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    const rows = await settledRows();
    await fireEvent.keyDown(document.body, { key: '/' });
    const search = screen.getByRole('searchbox', { name: 'Search quotes' });
    expect(document.activeElement).toBe(search);

    // Typing in the search box is not a shortcut.
    await fireEvent.keyDown(search, { key: 'j' });
    expect(document.activeElement).toBe(search);
    search.blur();

    await fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    await fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(rows[1]));
    await fireEvent.keyDown(document.activeElement!, { key: 'k' });
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));

    const queries = fake.callsOf('inbox.query').length;
    await fireEvent.keyDown(document.body, { key: 'r' });
    await waitFor(() => expect(fake.callsOf('inbox.query')).toHaveLength(queries + 1));

    await fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain('Open the quote');
    expect(help.textContent).not.toContain('Next page');
    await fireEvent.keyDown(help, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('keyboard shortcuts around the filters', () => {
  it('clears an active search with Escape from the table', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    await settledRows();
    const search = screen.getByRole('searchbox', { name: 'Search quotes' }) as HTMLInputElement;
    await fireEvent.input(search, { target: { value: 'Annual' } });
    await waitFor(() => expect((fake.callsOf('inbox.query').at(-1) as InboxQueryInput).search).toBe('Annual'));
    search.blur();
    const rows = await settledRows();
    rows[0]!.focus();

    await fireEvent.keyDown(rows[0]!, { key: 'Escape' });
    await waitFor(() => expect((fake.callsOf('inbox.query').at(-1) as InboxQueryInput).search).toBeUndefined());
    expect(search.value).toBe('');

    // With no search left, Escape asks for nothing more.
    const calls = fake.callsOf('inbox.query').length;
    await fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(fake.callsOf('inbox.query')).toHaveLength(calls);
  });

  it('lets shortcuts through after a status was chosen, while arrows stay with the select', async () => {
    const fake = twoAccounts();
    renderApp(fake);
    await settledRows();
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    select.focus();
    await fireEvent.change(select, { target: { value: 'accepted' } });
    await waitFor(() => expect((fake.callsOf('inbox.query').at(-1) as InboxQueryInput).stages).toEqual(['accepted']));
    const rows = await settledRows();

    await fireEvent.keyDown(select, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(select);
    expect(rows[0]!.classList.contains('active')).toBe(false);

    await fireEvent.keyDown(select, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));

    select.focus();
    const calls = fake.callsOf('inbox.query').length;
    await fireEvent.keyDown(select, { key: 'r' });
    await waitFor(() => expect(fake.callsOf('inbox.query')).toHaveLength(calls + 1));

    select.focus();
    await fireEvent.keyDown(select, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search quotes' }));
  });
});

describe('keyboard shortcuts stay out of the way', () => {
  it('leaves arrows to the page outside the table, and ignores shortcuts while a menu is open', async () => {
    renderApp(twoAccounts());
    const rows = await settledRows();
    const arrowOnBody = await fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(arrowOnBody).toBe(true);
    expect(document.activeElement).toBe(document.body);

    await fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    await fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rows[1]));

    await fireEvent.click(screen.getByRole('button', { name: 'Actions for Acme Localisation' }));
    const menu = await screen.findByRole('menu');
    await fireEvent.keyDown(document.body, { key: 'j' });
    await fireEvent.keyDown(document.body, { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rows[2]!.classList.contains('active')).toBe(false);
    expect(menu.isConnected).toBe(true);
  });
});

describe('connection to the app host', () => {
  it('shows that it is reconnecting and loads again once the host is back', async () => {
    type Listener = (state: ConnectionState) => void;
    const listeners = new Set<Listener>();
    const connection: ConnectionMonitor = {
      state: 'connected',
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    };
    const setState = (state: ConnectionState) => listeners.forEach((listener) => listener(state));
    const fake = twoAccounts();
    fake.failNext('inbox.query', { code: 'network', message: 'The app host is not answering.' });
    render(App, { props: { api: fake.api, connection, locale: 'en-US', storage: memoryStorage() } });
    expect((await screen.findByRole('alert')).textContent).toContain('The app host is not answering.');

    setState('reconnecting');
    expect(await screen.findByText('Reconnecting to Quotedesk…')).toBeTruthy();
    setState('connected');
    await waitFor(() => expect(screen.queryByText('Reconnecting to Quotedesk…')).toBeNull());
    expect((await settledRows()).length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'Quotes' }).getAttribute('aria-rowcount')).toBe('31');
  });
});

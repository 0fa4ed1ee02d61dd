import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../../renderer/src/app.svelte';
import type { ConnectionMonitor, ConnectionState } from '../../renderer/src/lib/bridge';
import { hostReconnectingMessage } from '../../renderer/src/lib/host-link-words';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { memoryStorage } from './render-app';

function monitor(state: ConnectionState): ConnectionMonitor {
  return { state, subscribe: () => () => undefined };
}

function fakeWithAccount() {
  return new FakeBridge({ accounts: [makeAccount({ id: 'acme', name: 'Acme Localisation' })], quotes: { acme: sampleQuotes(3) } });
}

function controllableMonitorOf() {
  const listeners = new Set<(state: ConnectionState) => void>();
  const connection: ConnectionMonitor = {
    state: 'connected',
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  return { connection, set: (state: ConnectionState) => listeners.forEach((listener) => listener(state)) };
}

describe('a page that cannot reach the app host', () => {
  it('shows only how to get in when it was opened without the launch token', async () => {
    const fake = fakeWithAccount();
    render(App, { props: { api: fake.api, connection: monitor('no-access'), locale: 'en-US', storage: memoryStorage() } });
    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('This page has no access to Quotedesk.');
    expect(message.textContent).toContain('Open the link that npm run web printed in your terminal (it ends with #token=…).');
    // No app behind it: no accounts list, no inbox, no buttons that look like they work.
    expect(screen.queryByRole('navigation', { name: 'Accounts' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Quotes' })).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(fake.calls).toEqual([]);
  });

  it('says the host may have stopped when it never connected, without claiming the link is dead, and claims no account status', async () => {
    const fake = fakeWithAccount();
    render(App, { props: { api: fake.api, connection: monitor('unreachable'), locale: 'en-US', storage: memoryStorage() } });
    const notice = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((element) => element.textContent?.includes("Can't reach Quotedesk."));
      expect(found).toBeDefined();
      return found!;
    });
    expect(notice.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      "Can't reach Quotedesk. Is npm run web still running? This tab keeps trying and picks up where it was once Quotedesk is back. " +
        'Account statuses are unknown until then.',
    );
    expect(screen.queryByText('Connected')).toBeNull();
  });

  it('says only that the link is from an earlier launch when the host refused its token: no empty lists, no Retry', async () => {
    const fake = fakeWithAccount();
    fake.failNext('accounts.list', { code: 'forbidden', message: 'This link is from an earlier launch of Quotedesk.', retryable: false });
    render(App, { props: { api: fake.api, connection: monitor('refused'), locale: 'en-US', storage: memoryStorage() } });
    const message = await screen.findByRole('alert');
    expect(message.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'This link is from an earlier launch of Quotedesk. Quotedesk was started again and gave the new launch a new link. ' +
        'Open the link that npm run web printed in your terminal (it ends with #token=…); you can close this tab.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/No accounts yet/)).toBeNull();
    expect(screen.queryByText(/Couldn't load your accounts/)).toBeNull();
    expect(screen.queryByText("Can't reach Quotedesk.")).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(fake.calls).toEqual([]);
  });
});

describe('a tab whose app host went away after it was connected', () => {
  it('says the link is from an earlier launch once the restarted host refuses its token, replacing the inbox', async () => {
    const fake = fakeWithAccount();
    const link = controllableMonitorOf();
    render(App, { props: { api: fake.api, connection: link.connection, locale: 'en-US', storage: memoryStorage() } });
    await screen.findByRole('navigation', { name: 'Accounts' });
    link.set('reconnecting');
    expect(await screen.findByText('Reconnecting to Quotedesk…')).toBeTruthy();
    link.set('refused');
    expect(await screen.findByText('This link is from an earlier launch of Quotedesk.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Accounts' })).toBeNull();
    expect(screen.queryByText('Reconnecting to Quotedesk…')).toBeNull();
  });

  function controllableMonitor() {
    const listeners = new Set<(state: ConnectionState) => void>();
    const connection: ConnectionMonitor = {
      state: 'connected',
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    };
    return { connection, set: (state: ConnectionState) => listeners.forEach((listener) => listener(state)) };
  }

  it('stops saying "Reconnecting" after a while, says how to get back, and greys out the statuses', async () => {
    const fake = fakeWithAccount();
    const link = controllableMonitor();
    render(App, {
      props: { api: fake.api, connection: link.connection, locale: 'en-US', storage: memoryStorage(), connectionLostAfterMs: 40 },
    });
    const nav = await screen.findByRole('navigation', { name: 'Accounts' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Connected Acme Localisation' })).toBeTruthy());

    // The host stopped: every reconnect attempt fails.
    link.set('reconnecting');
    expect(await screen.findByText('Reconnecting to Quotedesk…')).toBeTruthy();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain("Can't reach Quotedesk.");
    expect(notice.textContent).toContain('Is npm run web still running?');
    expect(screen.queryByText('Reconnecting to Quotedesk…')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Status unknown Acme Localisation' })).toBeTruthy();
    expect(screen.queryByText('Connected')).toBeNull();

    // Back (e.g. the same host after a network hiccup): the statuses and the inbox return.
    link.set('connected');
    await waitFor(() => expect(screen.queryByText("Can't reach Quotedesk.")).toBeNull());
    expect(within(nav).getByRole('button', { name: 'Connected Acme Localisation' })).toBeTruthy();
  });

  it('while reconnecting, an action says what the banner says and the inbox keeps its rows', async () => {
    const fake = fakeWithAccount();
    const link = controllableMonitor();
    render(App, { props: { api: fake.api, connection: link.connection, locale: 'en-US', storage: memoryStorage() } });
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe('3 quotes'));
    const shownRows = within(screen.getByRole('table', { name: 'Quotes' })).getAllByRole('row').length;

    link.set('reconnecting');
    expect(await screen.findByText('Reconnecting to Quotedesk…')).toBeTruthy();
    // What the transport answers while the host is away (lib/bridge.ts).
    fake.failNext('sync.refresh', { code: 'network', message: hostReconnectingMessage(), retryable: true });
    fake.failNext('inbox.query', { code: 'network', message: hostReconnectingMessage(), retryable: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    const alert = await screen.findByText(/Sync did not run/);
    expect(alert.textContent).toBe('Sync did not run: Reconnecting to Quotedesk… Try again once it is back.');
    expect(screen.queryByText(/lost its connection/)).toBeNull();
    expect(screen.getByTestId('quote-count').textContent).toBe('3 quotes');
    expect(within(screen.getByRole('table', { name: 'Quotes' })).getAllByRole('row')).toHaveLength(shownRows);
  });

  it('does not call a short reconnect lost', async () => {
    const fake = fakeWithAccount();
    const link = controllableMonitor();
    render(App, {
      props: { api: fake.api, connection: link.connection, locale: 'en-US', storage: memoryStorage(), connectionLostAfterMs: 80 },
    });
    await screen.findByRole('navigation', { name: 'Accounts' });
    link.set('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 30));
    link.set('connected');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText("Can't reach Quotedesk.")).toBeNull();
  });
});

import { render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AccountStatus, BridgeError } from '../../preload/contract';
import { Inbox } from '../../renderer/src/components/inbox';
import { InboxState } from '../../renderer/src/lib/state/inbox.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { renderApp } from './render-app';

const RAW_503 =
  'The service had an internal problem [GET /api/public/v1/quotes (HTTP 503)]: {"success":false,"error":{"code":"injected_fault","message":"Service temporarily unavailable"}}';

function fakeWith(status: AccountStatus = 'ok') {
  return new FakeBridge({ accounts: [makeAccount({ status })], quotes: { 'acc-1': sampleQuotes(30) } });
}

/** The status words in the inbox header (the badge next to the account's name). */
function headerStatus(): string {
  const badge = document.querySelector('section.inbox header [data-status]');
  return badge?.textContent?.trim() ?? '';
}

describe('inbox errors people can act on', () => {
  it('shows a 503 in plain words with Retry, and the header no longer says Connected', async () => {
    const fake = fakeWith();
    fake.failNext('quotes.list', { code: 'server', message: RAW_503 });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The Quoting Service has a problem');
    expect(alert.textContent).toContain('Service temporarily unavailable.');
    expect(alert.textContent).not.toMatch(/[{}]|HTTP 503|GET \/api/);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(headerStatus()).toBe('Service error');
    const nav = screen.getByRole('navigation', { name: 'Accounts' });
    expect(within(nav).getByRole('button', { name: 'Service error Acme Localisation' })).toBeTruthy();
    expect(screen.queryByText('Connected')).toBeNull();
  });

  it('says when to try again when the service gave a Retry-After', async () => {
    const fake = fakeWith();
    const limited = { code: 'rate-limited', message: 'The service is limiting requests.', retryable: true, retryAfterMs: 120_000 } as BridgeError;
    fake.failNext('quotes.list', limited);
    const before = Date.now();
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    const after = Date.now();
    expect(alert.textContent).toMatch(/The service asked Quotedesk to wait: try again at \d{1,2}:\d{2}\s?[AP]M\./);
    const at = Date.parse(alert.querySelector('time')!.getAttribute('datetime')!);
    expect(at).toBeGreaterThanOrEqual(before + 120_000);
    expect(at).toBeLessThanOrEqual(after + 120_000);
    expect(headerStatus()).toBe('Rate limited');
  });

  it('says nothing about a retry time when the error did not give one', async () => {
    const fake = fakeWith();
    fake.failNext('quotes.list', { code: 'rate-limited', message: 'The service is limiting requests.' });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('try again at');
  });

  it('offers new credentials, not Retry, when the service refused them', async () => {
    const fake = fakeWith();
    fake.failNext('quotes.list', { code: 'authentication', message: 'The API key was refused.', retryable: false });
    renderApp(fake);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Update credentials' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says so when a load keeps the list waiting, and stops saying it once the quotes arrive', async () => {
    const fake = fakeWith();
    const inbox = new InboxState(fake.api, { slowAfterMs: 30 });
    const release = fake.holdNext('quotes.list');
    render(Inbox, { props: { account: makeAccount(), inbox, locale: 'en-US', onupdatecredentials: () => {} } });
    inbox.open('acc-1', 'client');
    const waiting = await screen.findByText(/Still waiting for the Quoting Service/);
    expect(waiting.getAttribute('role')).toBe('status');
    release();
    await waitFor(() => expect(screen.queryByText(/Still waiting for the Quoting Service/)).toBeNull());
    expect(inbox.items).toHaveLength(25);
    inbox.dispose();
  });

  it('keeps a fast load quiet', async () => {
    const fake = fakeWith();
    const inbox = new InboxState(fake.api, { slowAfterMs: 30 });
    render(Inbox, { props: { account: makeAccount(), inbox, locale: 'en-US', onupdatecredentials: () => {} } });
    inbox.open('acc-1', 'client');
    await waitFor(() => expect(inbox.loading).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(screen.queryByText(/Still waiting/)).toBeNull();
    inbox.dispose();
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

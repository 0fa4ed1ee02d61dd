import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AccountDraft, AccountUpdate } from '../../preload/contract';
import { AccountsState } from '../../renderer/src/lib/state/accounts.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });

function setup(options: ConstructorParameters<typeof FakeBridge>[0] = {}) {
  const fake = new FakeBridge({ accounts: [acme], quotes: { acme: sampleQuotes(3) }, ...options });
  renderApp(fake);
  return fake;
}

async function openAddDialog() {
  await screen.findByRole('heading', { level: 1, name: 'Acme Localisation' });
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getAllByRole('button', { name: 'Add account' })[0]!);
  return screen.findByRole('dialog', { name: 'Add account' });
}

function field(dialog: HTMLElement, label: string): HTMLInputElement {
  return within(dialog).getByLabelText(label, { selector: 'input:not([type="radio"])' });
}

async function type(input: HTMLInputElement, value: string) {
  await fireEvent.input(input, { target: { value } });
}

async function fillValidDraft(dialog: HTMLElement) {
  await type(field(dialog, 'Name'), 'Fabrikam');
  await type(field(dialog, 'Base URL'), 'https://quotes.fabrikam.test');
  await type(field(dialog, 'API key'), 'live_0123456789abcdef0123456789abcdef');
}

async function openMenuAction(accountName: string, action: string) {
  await fireEvent.click(await screen.findByRole('button', { name: `Actions for ${accountName}` }));
  await fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('add account', () => {
  it('validates before calling the bridge, with inline errors', async () => {
    const fake = setup();
    const dialog = await openAddDialog();
    await type(field(dialog, 'Base URL'), 'quotes.example.com');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('Give the account a name');
    expect(dialog.textContent).toContain('"quotes.example.com" has no https:// in front: add https:// in front, for example https://quotes.example.com.');
    expect(dialog.textContent).toContain('Enter the API key');
    expect(document.activeElement).toBe(field(dialog, 'Name'));
    expect(fake.callsOf('accounts.add')).toHaveLength(0);
  });

  it('tests the draft and offers to switch to the key kind the service detected', async () => {
    const fake = setup({
      report: { ok: true, diagnosis: 'ok', message: 'Connected to the Quoting Service.', detectedAccess: 'internal', latencyMs: 42 },
    });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const status = await within(dialog).findByText(/Connected to the Quoting Service\./);
    expect(status.textContent).toContain('answered in 42 ms');
    expect(fake.callsOf('accounts.testDraft')).toEqual([
      {
        name: 'Fabrikam',
        environment: 'production',
        baseUrl: 'https://quotes.fabrikam.test',
        access: 'client',
        credentials: { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' },
      },
    ]);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to Internal (admin) key' }));
    const internal = within(dialog).getByRole('radio', { name: 'Internal (admin) key' }) as HTMLInputElement;
    await waitFor(() => expect(internal.checked).toBe(true));
  });

  it('explains a key of the other kind once, in plain grammar', async () => {
    const message =
      'Connected, but this key sees internal statuses such as SENT. This looks like an internal (admin) key, but the account is set up with Key kind "Client key".';
    setup({ report: { ok: false, diagnosis: 'wrong-key-kind', message, detectedAccess: 'internal', latencyMs: 42 } });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const status = await within(dialog).findByRole('status');
    await waitFor(() => expect(status.textContent).toContain(message));
    expect(status.textContent?.match(/looks like|answered like/g)).toEqual(['looks like']);
    expect(status.textContent).not.toMatch(/\ban client\b|\ba internal\b/);
    expect(within(status).getByRole('button', { name: 'Switch to Internal (admin) key' })).toBeTruthy();
  });

  it('saves, announces it, closes and selects the new account', async () => {
    const fake = setup();
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Staging' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const draft = fake.callsOf('accounts.add')[0] as AccountDraft;
    expect(draft).toMatchObject({ name: 'Fabrikam', environment: 'staging', baseUrl: 'https://quotes.fabrikam.test' });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(toasts.textContent).toContain('Account added');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fabrikam' })).toBeTruthy();
  });

  it('keeps everything typed when saving fails, and shows the field errors', async () => {
    const fake = setup();
    fake.failNext('accounts.add', {
      code: 'invalid-input',
      message: 'The input for accounts.add is not valid: baseUrl: The service refused this address.',
      retryable: false,
      issues: [{ path: ['baseUrl'], message: 'The service refused this address' }],
    });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The service refused this address')).toBeTruthy();
    expect(field(dialog, 'Name').value).toBe('Fabrikam');
    expect(field(dialog, 'Base URL').value).toBe('https://quotes.fabrikam.test');
    expect(field(dialog, 'API key').value).toBe('live_0123456789abcdef0123456789abcdef');

    fake.failNext('accounts.add', { code: 'internal', message: 'The settings file could not be written.' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The settings file could not be written.');
    expect(field(dialog, 'Name').value).toBe('Fabrikam');
  });

  it('places each structured issue under its field, whatever the message says', async () => {
    const fake = setup();
    const hint = '"quotes.fabrikam.test" has no https:// in front: add https:// in front, for example https://quotes.fabrikam.test.';
    fake.failNext('accounts.add', {
      code: 'invalid-input',
      message: 'The input for accounts.add is not valid.',
      retryable: false,
      issues: [
        { path: ['baseUrl'], message: hint },
        { path: ['credentials', 'apiKey'], message: 'This key: was refused; try another' },
      ],
    });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const baseUrl = field(dialog, 'Base URL');
    await waitFor(() => expect(baseUrl.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(baseUrl.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(hint);
    const apiKey = field(dialog, 'API key');
    expect(document.getElementById(apiKey.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('This key: was refused; try another');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('tests the connection on Save: a good key is saved at once, without pressing Test first', async () => {
    const fake = setup({ report: { ok: true, diagnosis: 'ok', message: 'Connected.', detectedAccess: 'client', latencyMs: 30 } });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('accounts.testDraft')).toHaveLength(1);
    expect(fake.callsOf('accounts.add')).toHaveLength(1);
  });

  it('does not store a refused key on Save: only "Save anyway" does, and then says the key was refused', async () => {
    const fake = setup({
      report: { ok: false, diagnosis: 'bad-credentials', message: 'The API key was refused.', detectedAccess: null, latencyMs: 30 },
    });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const notSaved = await within(dialog).findByText(/Not saved yet\./);
    expect(notSaved.closest('[role="alert"]')).toBeTruthy();
    // Focus leaves the footer's Save for the note, so "Save anyway" is the next Tab.
    await waitFor(() => expect(document.activeElement).toBe(notSaved.closest('[role="alert"]')));
    const refusal = within(dialog).getByText(/The API key was refused\./);
    // How long the refusal took is no news to the person: not shown beside it.
    expect(refusal.textContent).not.toMatch(/\d\s*ms/);
    expect(fake.callsOf('accounts.add')).toHaveLength(0);
    // Save again on the same input: still refused, still not stored (the test is not run twice).
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('accounts.add')).toHaveLength(0);
    expect(fake.callsOf('accounts.testDraft')).toHaveLength(1);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('accounts.add')).toHaveLength(1);
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    const toast = within(toasts).getByRole('alert');
    expect(toast.textContent).toContain('Account added, but its credentials were refused: The API key was refused.');
    expect(within(toasts).queryByText('Account added')).toBeNull();
  });

  it('closes on Escape without saving', async () => {
    const fake = setup();
    const dialog = await openAddDialog();
    await fireEvent.keyDown(field(dialog, 'Name'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('accounts.add')).toHaveLength(0);
  });
});

describe('existing accounts', () => {
  it('edits without sending credentials when they are left empty', async () => {
    const fake = setup();
    await openMenuAction('Acme Localisation', 'Edit account');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Localisation' });
    expect(dialog.textContent).toContain('Credentials are set — leave empty to keep them');
    expect(field(dialog, 'API key').value).toBe('');
    await type(field(dialog, 'Name'), 'Acme EU');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('accounts.update')).toEqual([{ id: 'acme', name: 'Acme EU' } satisfies AccountUpdate]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme EU' })).toBeTruthy();
  });

  it('sends new credentials when they are typed', async () => {
    const fake = setup();
    await openMenuAction('Acme Localisation', 'Edit account');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Localisation' });
    await type(field(dialog, 'API key'), 'live_new');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fake.callsOf('accounts.update')).toHaveLength(1));
    expect(fake.callsOf('accounts.update')[0]).toEqual({ id: 'acme', credentials: { mechanism: 'api-key', apiKey: 'live_new' } });
  });

  it('keeps stored client credentials when both are left empty, and never says "Enter the client ID" under "leave empty to keep"', async () => {
    const fake = setup({ accounts: [makeAccount({ id: 'acme', name: 'Acme Localisation', mechanism: 'client-credentials' })] });
    await openMenuAction('Acme Localisation', 'Edit account');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Localisation' });
    expect(dialog.textContent).toContain('Credentials are set — leave empty to keep them');
    await type(field(dialog, 'Client secret'), 'a-new-secret');
    await fireEvent.blur(field(dialog, 'Client ID'));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(dialog.textContent).not.toContain('Enter the client ID');
    const clientId = field(dialog, 'Client ID');
    expect(clientId.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('Add the client ID that goes with this secret, or clear the secret to keep the stored credentials');
    expect(fake.callsOf('accounts.update')).toHaveLength(0);

    await type(field(dialog, 'Client secret'), '');
    await type(field(dialog, 'Name'), 'Acme EU');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('accounts.update')).toEqual([{ id: 'acme', name: 'Acme EU' }]);
  });

  it('asks for the credentials again, and says why, when the address moves to another host', async () => {
    const fake = setup();
    await openMenuAction('Acme Localisation', 'Edit account');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Localisation' });
    const why = 'Credentials are tied to the address: enter them again for the new address.';
    expect(dialog.textContent).not.toContain(why);
    await type(field(dialog, 'Base URL'), 'https://quotes.elsewhere.test');
    expect(dialog.textContent).toContain(why);
    expect(dialog.textContent).not.toContain('leave empty to keep');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(dialog.textContent).toContain('Enter the API key');
    expect(fake.callsOf('accounts.update')).toHaveLength(0);

    await type(field(dialog, 'API key'), 'live_for_the_new_host');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('accounts.update')).toEqual([
      { id: 'acme', baseUrl: 'https://quotes.elsewhere.test', credentials: { mechanism: 'api-key', apiKey: 'live_for_the_new_host' } },
    ]);
  });

  it('asks for confirmation, naming the account, before removing it', async () => {
    const fake = setup();
    await openMenuAction('Acme Localisation', 'Remove account');
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove Acme Localisation?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsOf('accounts.remove')).toHaveLength(0);

    await openMenuAction('Acme Localisation', 'Remove account');
    confirm = await screen.findByRole('alertdialog', { name: 'Remove Acme Localisation?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsOf('accounts.remove')).toEqual([{ id: 'acme' }]);
    expect(await screen.findByText('Welcome to Quotedesk')).toBeTruthy();
  });

  it('says what the removal could not tidy up (a webhook left at an unreachable service) after saying it removed the account', async () => {
    const fake = setup();
    fake.removeNotes = ['Its webhook registration could not be deleted at the service (connection refused).'];
    await openMenuAction('Acme Localisation', 'Remove account');
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Acme Localisation?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    expect(await screen.findByText('Removed Acme Localisation')).toBeTruthy();
    expect(await screen.findByText('Acme Localisation: Its webhook registration could not be deleted at the service (connection refused).')).toBeTruthy();
  });

  it('moves focus to the next account after a removal, and to Add account when none is left', async () => {
    const north = makeAccount({ id: 'north', name: 'Northwind' });
    const fake = setup({ accounts: [acme, north], quotes: { acme: sampleQuotes(3), north: sampleQuotes(3) } });
    const nav = await screen.findByRole('navigation', { name: 'Accounts' });

    await openMenuAction('Acme Localisation', 'Remove account');
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove Acme Localisation?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(document.activeElement).toBe(within(nav).getByRole('button', { name: /^Connected Northwind$/ })));

    await openMenuAction('Northwind', 'Remove account');
    confirm = await screen.findByRole('alertdialog', { name: 'Remove Northwind?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(document.activeElement).toBe(within(nav).getByText('Add account', { selector: 'button' })));
    expect(fake.callsOf('accounts.remove')).toEqual([{ id: 'acme' }, { id: 'north' }]);
  });

  it('tests an account from its menu and reports the result', async () => {
    const fake = setup();
    await openMenuAction('Acme Localisation', 'Test connection');
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(toasts.textContent).toContain('Connection OK — 42 ms'));
    expect(fake.callsOf('accounts.test')).toEqual([{ id: 'acme' }]);

    fake.report = { ok: false, diagnosis: 'bad-credentials', message: 'The API key was refused.', detectedAccess: null, latencyMs: 30 };
    await openMenuAction('Acme Localisation', 'Test connection');
    await waitFor(() => expect(toasts.textContent).toContain('Acme Localisation: The API key was refused.'));
    // Errors interrupt and stay until dismissed.
    const error = within(toasts).getByRole('alert');
    expect(error.textContent).toContain('The API key was refused.');
    await fireEvent.click(within(error).getByRole('button', { name: 'Dismiss' }));
    expect(within(toasts).queryByRole('alert')).toBeNull();
  });
});

describe('account dialog while busy', () => {
  it('drops a connection test answer once the input it tested changed', async () => {
    const fake = setup({
      report: { ok: false, diagnosis: 'bad-credentials', message: 'The API key was refused.', detectedAccess: null, latencyMs: 30 },
    });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    const release = fake.holdNext('accounts.testDraft');
    const test = within(dialog).getByRole('button', { name: 'Test connection' });
    await fireEvent.click(test);
    expect(test.getAttribute('aria-disabled')).toBe('true');
    expect(test.textContent).toContain('Testing…');
    await type(field(dialog, 'API key'), 'live_the_right_key');
    expect(test.textContent).toContain('Test connection');
    release();
    await waitFor(() => expect(fake.callsOf('accounts.testDraft')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dialog.textContent).not.toContain('The API key was refused.');
  });

  it('clears the test result when the environment changes', async () => {
    const fake = setup();
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText(/Connected\./)).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Staging' }));
    expect(within(dialog).queryByText(/Connected\./)).toBeNull();
    expect(fake.callsOf('accounts.testDraft')).toHaveLength(1);
  });

  it('cannot be closed while saving, and keeps what was typed when the save fails', async () => {
    const fake = setup();
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    fake.failNext('accounts.add', { code: 'internal', message: 'The settings file could not be written.' });
    const release = fake.holdNext('accounts.add');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    save.focus();
    await fireEvent.click(save);
    // The connection test runs first (it passes), then the save itself.
    await waitFor(() => expect(save.textContent).toContain('Saving…'));
    expect(document.activeElement).toBe(save);
    await fireEvent.keyDown(save, { key: 'Escape' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Add account' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).getAttribute('aria-disabled')).toBe('true');
    release();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The settings file could not be written.');
    expect(field(dialog, 'Name').value).toBe('Fabrikam');
    await fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows refusals of fields that have no place of their own as a general error', async () => {
    const fake = setup();
    fake.failNext('accounts.add', {
      code: 'invalid-input',
      message: 'The input for accounts.add is not valid: environment: Choose production, staging or custom.',
      retryable: false,
      issues: [{ path: ['environment'], message: 'Choose production, staging or custom' }],
    });
    const dialog = await openAddDialog();
    await fillValidDraft(dialog);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Environment: Choose production, staging or custom');
  });
});

describe('base URL suggestions', () => {
  const staging = makeAccount({ id: 'stg', name: 'Acme staging', environment: 'staging', baseUrl: 'https://staging.acme.test' });
  const demo = makeAccount({ id: 'demo', name: 'Demo', environment: 'staging', baseUrl: 'http://127.0.0.1:4010', demo: true });

  it("fills in the address another account of the chosen environment uses, until the user types one", async () => {
    setup({ accounts: [acme, staging, demo] });
    const dialog = await openAddDialog();
    const baseUrl = field(dialog, 'Base URL');
    expect(baseUrl.value).toBe('https://quotes.acme.test');
    expect(dialog.textContent).toContain('Used by Acme Localisation');
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Staging' }));
    expect(baseUrl.value).toBe('https://staging.acme.test');
    expect(dialog.textContent).toContain('Used by Acme staging');
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    expect(baseUrl.value).toBe('');
    expect(dialog.textContent).not.toContain('Used by');
    await type(baseUrl, 'https://mine.example.com');
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Production' }));
    expect(baseUrl.value).toBe('https://mine.example.com');
  });
});

describe('testing a saved account', () => {
  it('shows that the test runs and does not start it twice', async () => {
    const fake = setup();
    const release = fake.holdNext('accounts.test');
    await openMenuAction('Acme Localisation', 'Test connection');
    const nav = screen.getByRole('navigation', { name: 'Accounts' });
    expect(within(nav).getByText('Testing…')).toBeTruthy();
    await openMenuAction('Acme Localisation', 'Testing connection…');
    expect(fake.callsOf('accounts.test')).toHaveLength(1);
    release();
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(toasts.textContent).toContain('Connection OK'));
    expect(within(nav).queryByText('Testing…')).toBeNull();
  });
});

describe('account list freshness', () => {
  it('never lets a list answer read before a push overwrite the pushed accounts', async () => {
    const fake = new FakeBridge({ accounts: [acme] });
    const state = new AccountsState(fake.api, { read: () => null, write: () => undefined });
    const stop = state.listen();
    const release = fake.holdNext('accounts.list');
    const loading = state.load();
    const fabrikam = makeAccount({ id: 'fab', name: 'Fabrikam' });
    fake.emit('accounts.changed', { accounts: [acme, fabrikam] });
    release();
    await loading;
    expect(state.accounts.map((account) => account.name)).toEqual(['Acme Localisation', 'Fabrikam']);
    expect(state.loading).toBe(false);
    stop();
  });
});

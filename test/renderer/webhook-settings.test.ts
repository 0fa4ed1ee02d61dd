import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { manualUrlProblem, portProblem } from '../../renderer/src/components/webhook-settings/words';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });

function fake() {
  return new FakeBridge({ accounts: [acme, north], quotes: { acme: [makeQuote({ id: quoteId(1) })], north: [] } });
}

async function openSettings() {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  const heading = await screen.findByRole('heading', { name: 'Live updates (webhooks)' });
  return heading.closest('section') as HTMLElement;
}

function accountCard(section: HTMLElement, accountId: string) {
  return section.querySelector(`[data-webhook-account="${accountId}"]`) as HTMLElement;
}

/** What a screen reader hears after an element's name: the text of what describes it. */
function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((describer) => document.getElementById(describer)?.textContent ?? '').join(' ');
}

function announcement() {
  return document.querySelector('[data-webhook-announcement]') as HTMLElement;
}

describe('tunnel form', () => {
  it('refuses a manual address that is not https before saving, and saves a valid one', async () => {
    const bridge = fake();
    renderApp(bridge);
    const section = await openSettings();
    await fireEvent.click(await within(section).findByRole('radio', { name: /My own tunnel/ }));
    const field = within(section).getByLabelText('Public https address of your tunnel') as HTMLInputElement;
    await fireEvent.input(field, { target: { value: 'http://example.ngrok.app' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save tunnel choice' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(field)).toContain('must start with https://');
    expect(document.activeElement).toBe(field);
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([]);

    await fireEvent.input(field, { target: { value: ' https://desk.example.net ' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await fireEvent.click(within(section).getByRole('button', { name: 'Save tunnel choice' }));
    await waitFor(() => expect(announcement().textContent).toBe('Tunnel choice saved.'));
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([{ mode: 'manual', url: 'https://desk.example.net', port: 4100 }]);
    expect(within(accountCard(section, 'acme')).getByText('https://desk.example.net/hooks/acme')).toBeTruthy();
  });

  it('keeps a half-made choice when a status push changes nothing about the tunnel', async () => {
    const bridge = fake();
    renderApp(bridge);
    const section = await openSettings();
    const manual = (await within(section).findByRole('radio', { name: /My own tunnel/ })) as HTMLInputElement;
    await fireEvent.click(manual);
    const field = within(section).getByLabelText('Public https address of your tunnel') as HTMLInputElement;
    await fireEvent.input(field, { target: { value: 'https://half.example' } });
    const reads = bridge.callsOf('webhooks.status').length;
    bridge.webhooksChanged('acme');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The push carried the overview: nothing was read again.
    expect(bridge.callsOf('webhooks.status')).toHaveLength(reads);
    expect(manual.checked).toBe(true);
    expect((within(section).getByLabelText('Public https address of your tunnel') as HTMLInputElement).value).toBe('https://half.example');
  });

  it('offers cloudflared only when it is on PATH, saying why otherwise', async () => {
    const bridge = fake();
    renderApp(bridge);
    const section = await openSettings();
    const cloudflared = (await within(section).findByRole('radio', { name: /cloudflared/ })) as HTMLInputElement;
    expect(cloudflared.disabled).toBe(true);
    const why = document.getElementById(cloudflared.getAttribute('aria-describedby')!);
    expect(why?.textContent).toContain('cloudflared was not found');
  });

  it('shows the receiver port a manual tunnel forwards to, refuses a bad one and saves a new one', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    renderApp(bridge);
    const section = await openSettings();
    const port = (await within(section).findByLabelText('Local port your tunnel forwards to')) as HTMLInputElement;
    expect(port.value).toBe('4100');
    expect(document.getElementById(port.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain('http://127.0.0.1:4100');
    await fireEvent.input(port, { target: { value: '80' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save tunnel choice' }));
    expect(port.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(port)).toContain('1024 to 65535');
    expect(document.activeElement).toBe(port);
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([]);
    await fireEvent.input(port, { target: { value: '45481' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save tunnel choice' }));
    await waitFor(() => expect(announcement().textContent).toBe('Tunnel choice saved.'));
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([{ mode: 'manual', url: 'https://desk.example.net', port: 45481 }]);
    await waitFor(() => expect((within(section).getByLabelText('Local port your tunnel forwards to') as HTMLInputElement).value).toBe('45481'));
  });

  it('says when the remembered port was taken at start, and keeps the stand-in when asked', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    bridge.webhookReceiver = { port: 38211, unavailable: 45481, problem: 'Port 45481 is in use by another program, so the receiver listens on port 38211 for now.' };
    renderApp(bridge);
    const section = await openSettings();
    const alert = await waitFor(() => section.querySelector('[data-port-problem]') as HTMLElement);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('45481');
    await fireEvent.click(within(alert).getByRole('button', { name: 'Keep port 38211' }));
    await waitFor(() => expect(announcement().textContent).toContain('Port 38211 kept'));
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([{ mode: 'manual', url: 'https://desk.example.net', port: 38211 }]);
    await waitFor(() => expect(section.querySelector('[data-port-problem]')).toBeNull());
  });

  it('offers "Save tunnel choice" only once the choice on screen differs from the saved one', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    renderApp(bridge);
    const section = await openSettings();
    const save = () => within(section).getByRole('button', { name: 'Save tunnel choice' }) as HTMLButtonElement;
    await waitFor(() => expect((within(section).getByLabelText('Public https address of your tunnel') as HTMLInputElement).value).toBe('https://desk.example.net'));
    expect(save().disabled).toBe(true);
    expect(save().classList.contains('btn-primary')).toBe(false);
    // Another choice: something to save.
    await fireEvent.click(within(section).getByRole('radio', { name: /No tunnel/ }));
    expect(save().disabled).toBe(false);
    expect(save().classList.contains('btn-primary')).toBe(true);
    // Back to the saved one, then a changed address and port.
    await fireEvent.click(within(section).getByRole('radio', { name: /My own tunnel/ }));
    expect(save().disabled).toBe(true);
    const field = within(section).getByLabelText('Public https address of your tunnel') as HTMLInputElement;
    await fireEvent.input(field, { target: { value: 'https://other.example.net' } });
    expect(save().disabled).toBe(false);
    await fireEvent.input(field, { target: { value: ' https://desk.example.net ' } });
    expect(save().disabled).toBe(true);
    await fireEvent.input(within(section).getByLabelText('Local port your tunnel forwards to'), { target: { value: '45481' } });
    expect(save().disabled).toBe(false);
    await fireEvent.click(save());
    await waitFor(() => expect(announcement().textContent).toBe('Tunnel choice saved.'));
    // Saved: nothing to save again.
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(bridge.callsOf('webhooks.setTunnel')).toHaveLength(1);
  });

  it('checks addresses in plain words', () => {
    expect(manualUrlProblem('')).toContain('Enter');
    expect(manualUrlProblem('desk.example.net')).toContain('not a web address');
    expect(manualUrlProblem('https://user:pw@desk.example.net')).toContain('user name');
    expect(manualUrlProblem(`https://desk.example.net/${'a'.repeat(2000)}`)).toContain('too long');
    expect(manualUrlProblem('https://desk.example.net/hooks')).toBeNull();
    expect(portProblem('forty')).toContain('whole number');
    expect(portProblem('70000')).toContain('1024 to 65535');
    expect(portProblem(' 45481 ')).toBeNull();
  });
});

describe('registration', () => {
  it('registers an account and shows it registered, then unregisters it', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(accountCard(section, 'acme')).toBeTruthy());
    const card = accountCard(section, 'acme');
    expect(within(card).getByText(/^Not registered/)).toBeTruthy();
    expect(within(card).getByText('http://127.0.0.1:4100/hooks/acme')).toBeTruthy();
    await fireEvent.click(within(card).getByRole('button', { name: 'Register Acme Localisation' }));
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Registered:/)).toBeTruthy());
    expect(announcement().textContent).toContain('Acme Localisation registered');
    await fireEvent.click(within(accountCard(section, 'acme')).getByRole('button', { name: 'Unregister Acme Localisation' }));
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Not registered/)).toBeTruthy());
  });

  it('asks before replacing an address another installation set, showing it, and registers only when confirmed', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    bridge.foreignWebhookUrls.acme = 'https://other-laptop.example.org/hooks/x';
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(accountCard(section, 'acme')).toBeTruthy());
    const register = within(accountCard(section, 'acme')).getByRole('button', { name: 'Register Acme Localisation' });
    await fireEvent.click(register);

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('https://other-laptop.example.org/hooks/x');
    expect(dialog.textContent).toContain('replaces it for everyone using this key');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridge.callsOf('webhooks.register')).toEqual([{ accountId: 'acme', confirm: false }]);
    expect(within(accountCard(section, 'acme')).getByText(/^Not registered/)).toBeTruthy();

    await fireEvent.click(within(accountCard(section, 'acme')).getByRole('button', { name: 'Register Acme Localisation' }));
    await fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace and register here' }));
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Registered:/)).toBeTruthy());
    expect(bridge.callsOf('webhooks.register').at(-1)).toEqual({ accountId: 'acme', confirm: true });
  });

  it('says in plain words when another installation took over, offers "Register here again", and follows webhooks.changed', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    bridge.webhooks.registered.acme = 'https://desk.example.net/hooks/acme';
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Registered:/)).toBeTruthy());

    bridge.foreignWebhookUrls.acme = 'https://other-laptop.example.org/hooks/x';
    const reads = bridge.callsOf('webhooks.status').length;
    bridge.webhooksChanged('acme');
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Another installation took over/)).toBeTruthy());
    expect(within(accountCard(section, 'acme')).getByText('https://other-laptop.example.org/hooks/x')).toBeTruthy();
    expect(bridge.callsOf('webhooks.status')).toHaveLength(reads);
    await fireEvent.click(within(accountCard(section, 'acme')).getByRole('button', { name: 'Register here again Acme Localisation' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('https://other-laptop.example.org/hooks/x');
  });
});

describe('a registration that cannot be read', () => {
  const stopped = { code: 'network', message: 'Could not reach the service. Check the network connection and the account’s address', retryable: true } as const;

  it('says why in the error words, keeps Register from a call that cannot work (saying so), and reads again on "Check again"', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    bridge.webhookReadFailures.acme = stopped;
    renderApp(bridge);
    const section = await openSettings();
    const card = await waitFor(() => accountCard(section, 'acme'));
    expect(card.querySelector('[data-registration-state]')!.textContent).toBe('Quotedesk could not read the registration from the Quoting Service.');
    expect(card.querySelector('[data-registration-reason]')!.textContent).toBe(
      'Could not reach the service. Check the network connection and the account’s address.',
    );
    const register = within(card).getByRole('button', { name: 'Register Acme Localisation' });
    expect(register.getAttribute('aria-disabled')).toBe('true');
    expect(register.classList.contains('btn-primary')).toBe(false);
    expect(describedText(register)).toContain('Could not reach the service');
    expect(describedText(register)).toContain('Register needs the Quoting Service to answer: check again once it is back.');
    await fireEvent.click(register);
    expect(bridge.callsOf('webhooks.register')).toEqual([]);

    // Still stopped: checking again says so, with the reason.
    await fireEvent.click(within(card).getByRole('button', { name: 'Check again the registration of Acme Localisation' }));
    await waitFor(() => expect(announcement().textContent).toBe(`Still could not read the registration of Acme Localisation: ${card.querySelector('[data-registration-reason]')!.textContent}`));
    expect(card.querySelector('[data-webhook-check]')!.textContent).toContain("Registration could not be read: Can't reach the Quoting Service.");

    // The service is back: the check reads it, and Register works again.
    delete bridge.webhookReadFailures.acme;
    await fireEvent.click(within(card).getByRole('button', { name: 'Check again the registration of Acme Localisation' }));
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Not registered/)).toBeTruthy());
    const again = within(accountCard(section, 'acme')).getByRole('button', { name: 'Register Acme Localisation' });
    expect(again.getAttribute('aria-disabled')).toBe('false');
    expect(again.getAttribute('aria-describedby')).toBeNull();
    expect(accountCard(section, 'acme').querySelector('[data-registration-reason]')).toBeNull();
    await fireEvent.click(again);
    await waitFor(() => expect(within(accountCard(section, 'acme')).getByText(/^Registered:/)).toBeTruthy());
  });

  it('offers Register only once there is a public address to register, saying so', async () => {
    const bridge = fake();
    renderApp(bridge);
    const section = await openSettings();
    const card = await waitFor(() => accountCard(section, 'north'));
    const register = within(card).getByRole('button', { name: 'Register Northwind' });
    expect(register.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(register)).toBe('Register needs a public address: choose above how deliveries reach this computer.');
    await fireEvent.click(register);
    expect(bridge.callsOf('webhooks.register')).toEqual([]);
  });

  it('says a refusal waits for the person, not for the service', async () => {
    const bridge = fake();
    bridge.webhooks.mode = 'manual';
    bridge.webhooks.manualUrl = 'https://desk.example.net';
    bridge.webhookReadFailures.north = { code: 'authentication', message: 'The service refused the API key', retryable: false };
    renderApp(bridge);
    const section = await openSettings();
    const card = await waitFor(() => accountCard(section, 'north'));
    const register = within(card).getByRole('button', { name: 'Register Northwind' });
    expect(register.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(register)).toBe('The service refused the API key. Register needs the Quoting Service to accept this account: deal with the reason above, then check again.');
  });
});

describe('delivery-path check', () => {
  it('shows what was checked (registration, public address, last real delivery) and says no test event was sent', async () => {
    const bridge = fake();
    bridge.webhooks = { mode: 'manual', manualUrl: 'https://desk.example.net', cloudflaredAvailable: false, registered: { acme: 'https://desk.example.net/hooks/acme' } };
    renderApp(bridge);
    const section = await openSettings();
    const card = accountCard(section, 'acme');
    await fireEvent.click(await within(card).findByRole('button', { name: 'Check delivery path of Acme Localisation' }));
    const check = await waitFor(() => card.querySelector('[data-webhook-check]') as HTMLElement);
    expect(check.textContent).toContain('Registration read again from the Quoting Service: it points at this computer.');
    expect(check.textContent).toContain('The public address reached the receiver on this computer (a GET was answered 405');
    expect(check.textContent).toContain('Last real delivery: none has arrived yet.');
    expect(check.textContent).toContain('No test event was sent: the Quoting Service offers no way to ask for one.');
    expect(bridge.callsOf('webhooks.check')).toEqual([{ accountId: 'acme' }]);
    await waitFor(() => expect(announcement().textContent).toBe('Delivery path of Acme Localisation checked: public address reached this computer.'));
  });

  it('does not claim success when something else answers at the public address', async () => {
    const bridge = fake();
    bridge.webhooks = { mode: 'manual', manualUrl: 'https://desk.example.net', cloudflaredAvailable: false, registered: { acme: 'https://desk.example.net/hooks/acme' } };
    bridge.webhookProbe = { result: 'other', url: 'https://desk.example.net/hooks/acme', detail: 'The public address answered HTTP 502, not as the receiver on this computer does.' };
    renderApp(bridge);
    const section = await openSettings();
    const card = accountCard(section, 'acme');
    await fireEvent.click(await within(card).findByRole('button', { name: 'Check delivery path of Acme Localisation' }));
    const check = await waitFor(() => card.querySelector('[data-webhook-check]') as HTMLElement);
    expect(check.textContent).toContain('answered HTTP 502');
    expect(check.querySelector('.bad')).not.toBeNull();
    await waitFor(() => expect(announcement().textContent).toBe('Delivery path of Acme Localisation checked: public address not confirmed.'));
  });

  it('says why a check could not run', async () => {
    const bridge = fake();
    bridge.failNext('webhooks.check', { code: 'internal', message: 'The webhook receiver is not running.' });
    renderApp(bridge);
    const section = await openSettings();
    await fireEvent.click(await within(accountCard(section, 'north')).findByRole('button', { name: 'Check delivery path of Northwind' }));
    await waitFor(() => expect(announcement().textContent).toContain("Couldn't check the delivery path of Northwind"));
    expect(accountCard(section, 'north').querySelector('[data-webhook-check]')).toBeNull();
  });
});

describe('an own account beside demo accounts', () => {
  it('says it waits for demo mode to end, instead of the demo tunnel’s address and an unread registration', async () => {
    const demo = makeAccount({ id: 'demo-1', name: 'Kestrel Fintech', demo: true });
    const bridge = new FakeBridge({ accounts: [demo, acme], quotes: { 'demo-1': [], acme: [] } });
    bridge.webhooks.mode = 'loopback-https';
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(accountCard(section, 'acme')).not.toBeNull());
    expect(section.textContent).toContain('Your own accounts get live updates once demo mode ends');
    const own = accountCard(section, 'acme');
    expect(own.querySelector('[data-registration-state]')?.textContent).toContain('Not registered while demo mode runs');
    expect(own.textContent).not.toContain('could not read the registration');
    expect(own.textContent).not.toContain('Public address');
    expect(within(own).queryByRole('button', { name: /Register|Check delivery path/ })).toBeNull();
    // The demo account's card is as before.
    expect(accountCard(section, 'demo-1').querySelector('[data-waits-for-demo-end]')).toBeNull();
  });
});

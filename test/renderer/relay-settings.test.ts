import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });

/** Settings → Live updates (webhooks): the section and its choice of how deliveries arrive. */
async function liveUpdates() {
  const heading = await screen.findByRole('heading', { name: 'Live updates (webhooks)' });
  const section = heading.closest('section') as HTMLElement;
  return { section, choices: within(section).getByRole('group', { name: 'How deliveries reach this computer' }) };
}

/** Settings → Team → Team relay: the section (its save button) and the relay's card (its fields). */
async function chooseTeamRelay() {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  const heading = await screen.findByRole('heading', { name: 'Team relay' });
  const section = heading.closest('section') as HTMLElement;
  const group = heading.closest('form') as HTMLElement;
  await within(group).findByLabelText('Relay server');
  return { section, group };
}

const announcement = () => (document.querySelector('[data-relay-announcement]') as HTMLElement).textContent;

describe('Settings → Team → Team relay (Live updates points there)', () => {
  it('is the fourth choice of Live updates, whose server is set in Settings → Team', async () => {
    renderApp(new FakeBridge({ accounts: [acme], quotes: { acme: [] } }));
    const { section: team } = await chooseTeamRelay();
    expect(within(team).getByRole('heading', { level: 2 }).textContent).toBe('Team');
    const { section, choices } = await liveUpdates();
    await fireEvent.click(await within(choices).findByRole('radio', { name: 'Team relay' }));
    expect(within(choices).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim())).toEqual([
      'No tunnel: changes arrive with the regular sync',
      'My own tunnel (ngrok, a reverse proxy…) with a public https address',
      'A cloudflared quick tunnel, run by Quotedesk',
      'Team relay',
    ]);
    // One place for the relay's server: Live updates has no field of it, only the way there.
    expect(within(section).queryByLabelText('Relay server')).toBeNull();
    expect(within(choices).getByText("The relay's server, credentials and stream are set with the team, in Settings → Team.")).toBeTruthy();
    expect(within(choices).getByRole('button', { name: 'Set in Team' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Save tunnel choice' })).toBeNull();
  });

  it('tests with plain words, saves the server, says it is connected, and then registers nothing from here', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const { section, group } = await chooseTeamRelay();

    await fireEvent.input(within(group).getByLabelText('Relay server'), { target: { value: 'tls://nats.example.com:4222' } });
    await fireEvent.input(within(group).getByLabelText('User'), { target: { value: 'alice' } });
    await fireEvent.input(within(group).getByLabelText('Password'), { target: { value: 'alice-secret' } });
    await fireEvent.click(within(group).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(announcement()).toBe("Connected: the team relay's stream QUOTEDESK is there."));
    expect(bridge.callsOf('relay.test')).toEqual([{ url: 'tls://nats.example.com:4222', user: 'alice', password: 'alice-secret', stream: 'QUOTEDESK', accountId: 'acme', consumer: '' }]);
    expect(bridge.callsOf('relay.configure')).toEqual([]);

    await fireEvent.click(within(section).getByRole('button', { name: 'Save and use the team relay' }));
    await waitFor(() => expect(announcement()).toContain('Team relay saved. Connected'));
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([]);
    expect(section.querySelector('[data-relay-state]')?.getAttribute('data-relay-state')).toBe('connected');
    expect((within(group).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    // The account's card offers no registration: the relay holds the key's one registration.
    const live = await liveUpdates();
    const card = live.section.querySelector('[data-webhook-account="acme"]') as HTMLElement;
    await waitFor(() => expect(card.querySelector('[data-relay-note]')).not.toBeNull());
    expect(within(card).queryByRole('button', { name: /^Register/ })).toBeNull();
    await waitFor(() => expect((within(live.choices).getByRole('radio', { name: 'Team relay' }) as HTMLInputElement).checked).toBe(true));
  });

  it('choosing another way and saving stops using the relay, and says its server and password are gone', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const { section, group } = await chooseTeamRelay();
    await fireEvent.input(within(group).getByLabelText('Relay server'), { target: { value: 'nats://127.0.0.1:4222' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save and use the team relay' }));
    await waitFor(() => expect(announcement()).toContain('Team relay saved.'));

    const live = await liveUpdates();
    await fireEvent.click(within(live.choices).getByRole('radio', { name: /No tunnel/ }));
    await fireEvent.click(within(live.section).getByRole('button', { name: 'Save tunnel choice' }));
    await waitFor(() => expect(document.querySelector('[data-webhook-announcement]')?.textContent).toContain('The team relay is no longer used'));
    expect(bridge.callsOf('webhooks.setTunnel')).toEqual([{ mode: 'none' }]);
    expect(bridge.relay.state).toBe('off');
  });

  it('says what is missing before anything is sent', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const { section, group } = await chooseTeamRelay();
    await fireEvent.click(within(section).getByRole('button', { name: 'Save and use the team relay' }));
    expect((await within(group).findByRole('alert')).textContent).toContain('Give the relay’s server');
    expect(document.activeElement).toBe(within(group).getByLabelText('Relay server'));
    expect(bridge.callsOf('relay.configure')).toEqual([]);
  });

  it('shows why the relay cannot be reached, as main pushes it', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const { group } = await chooseTeamRelay();
    const problem = "The team relay's server at tls://nats.example.com:4222 cannot be reached (no answer in time); sync keeps the inbox up to date meanwhile.";
    bridge.emit('relay.changed', { state: 'unreachable', url: 'tls://nats.example.com:4222', user: 'alice', stream: 'QUOTEDESK', accountId: 'acme', consumer: 'alice', lastEventAt: null, problem, source: 'own' });
    await waitFor(() => expect(group.querySelector('[data-relay-problem]')?.textContent).toBe(problem));
    // Said once: not "The team relay cannot be reached." and then the same in more words.
    expect(within(group).queryByText('The team relay cannot be reached.')).toBeNull();
    expect(group.textContent?.match(/cannot be reached/g)).toHaveLength(1);
  });

  it('refuses a plain nats:// server on another computer before anything is sent, and a websocket address too', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const { section, group } = await chooseTeamRelay();
    const server = within(group).getByLabelText('Relay server');
    await fireEvent.input(server, { target: { value: 'nats://10.0.0.5:4222' } });
    await fireEvent.input(within(group).getByLabelText('Password'), { target: { value: 'alice-secret' } });
    await fireEvent.click(within(group).getByRole('button', { name: 'Test connection' }));
    expect((await within(group).findByRole('alert')).textContent).toContain('must use TLS: write tls://10.0.0.5:4222');
    expect(server.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(server);
    await fireEvent.click(within(section).getByRole('button', { name: 'Save and use the team relay' }));
    expect(within(group).getByRole('alert').textContent).toContain('must use TLS');

    await fireEvent.input(server, { target: { value: 'wss://nats.example.com' } });
    await fireEvent.click(within(group).getByRole('button', { name: 'Test connection' }));
    expect((await within(group).findByRole('alert')).textContent).toContain('is a websocket address');
    expect(bridge.callsOf('relay.test')).toEqual([]);
    expect(bridge.callsOf('relay.configure')).toEqual([]);
  });

  it('says in words that the test is running while the server is slow to answer', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    const answer = bridge.holdNext('relay.test');
    bridge.relayTestAnswer = { ok: false, message: "The team relay's server at tls://nats.example.com:4222 cannot be reached (no answer in time)." };
    renderApp(bridge);
    const { group } = await chooseTeamRelay();
    await fireEvent.input(within(group).getByLabelText('Relay server'), { target: { value: 'tls://nats.example.com:4222' } });
    await fireEvent.click(within(group).getByRole('button', { name: 'Test connection' }));
    const status = within(group).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Testing the connection to the relay server'));
    expect(status.classList.contains('sr-only')).toBe(false);
    answer();
    await waitFor(() => expect(status.textContent).toBe("The team relay's server at tls://nats.example.com:4222 cannot be reached (no answer in time)."));
  });
});

// Settings → Team over the fake bridge: creating a team sends the credentials once and shows the
// fingerprint (never a private key); an admin admits a pending member with a role and a limit.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { TeamView } from '../../preload/contract';
import { noTeamView } from '../../main/core/team/bridge';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

const joined: TeamView = {
  ...noTeamView(),
  joined: true,
  team: 'Acme',
  url: 'nats://127.0.0.1:4222',
  name: 'Ada',
  email: 'ada@example.com',
  signer: 'UADA',
  fingerprint: '3f1c 2a9e 5b7d 4e8f',
  role: 'admin',
  online: true,
  members: [
    { signer: 'UADA', name: 'Ada', email: 'ada@example.com', role: 'admin', limits: {}, founder: true },
    { signer: 'UBOB', name: 'Bob', email: 'bob@example.com', role: 'pending', limits: {}, founder: false },
  ],
};

async function teamSection(bridge: FakeBridge): Promise<HTMLElement> {
  renderApp(bridge);
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  return (await screen.findByRole('heading', { name: 'Team' })).closest('section') as HTMLElement;
}

describe('Settings → Team', () => {
  it('creates a team: the password goes to main once and the form then shows who you are, with your key fingerprint', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    bridge.arrange('team.create', () => joined);
    const section = await teamSection(bridge);
    await fireEvent.input(within(section).getByLabelText('Team server'), { target: { value: 'nats://127.0.0.1:4222' } });
    // The setup's own fields: the team relay's card (same section) has a User and Password too.
    const setup = section.querySelector('[data-team-setup]') as HTMLElement;
    await fireEvent.input(within(setup).getByLabelText('User'), { target: { value: 'ada' } });
    await fireEvent.input(within(setup).getByLabelText('Password'), { target: { value: 's3cret' } });
    await fireEvent.input(within(section).getByLabelText('Your name'), { target: { value: 'Ada' } });
    await fireEvent.input(within(section).getByLabelText('Your e-mail'), { target: { value: 'ada@example.com' } });
    await fireEvent.input(within(section).getByLabelText('Team name (when creating)'), { target: { value: 'Acme' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Create the team' }));
    await waitFor(() => expect(bridge.callsOf('team.create')).toEqual([{ url: 'nats://127.0.0.1:4222', user: 'ada', password: 's3cret', creds: '', name: 'Ada', email: 'ada@example.com', team: 'Acme' }]));
    expect(await within(section).findByText('3f1c 2a9e 5b7d 4e8f')).toBeTruthy();
    expect(section.textContent).not.toContain('s3cret');
  });

  it('refuses a plain address to another computer before anything is sent', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    const section = await teamSection(bridge);
    await fireEvent.input(within(section).getByLabelText('Team server'), { target: { value: 'nats://nats.example.com:4222' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Join the team' }));
    expect(await within(section).findByRole('alert')).toBeTruthy();
    expect(bridge.callsOf('team.join')).toEqual([]);
  });

  it('an admin admits a pending member as approver with a limit per currency', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    bridge.arrange('team.state', () => joined);
    bridge.arrange('team.admit', () => ({ outcome: 'sent', reason: null }));
    const section = await teamSection(bridge);
    await within(section).findByRole('table');
    const row = section.querySelector('tr[data-member="bob@example.com"]') as HTMLElement;
    await fireEvent.change(within(row).getByRole('combobox', { name: 'Role of bob@example.com' }), { target: { value: 'approver' } });
    await fireEvent.input(within(row).getByRole('textbox', { name: 'Approval limit of bob@example.com' }), { target: { value: '5000 eur, 800:USD' } });
    await fireEvent.click(within(row).getByRole('button', { name: 'Admit bob@example.com' }));
    await waitFor(() => expect(bridge.callsOf('team.admit')).toEqual([{ email: 'bob@example.com', role: 'approver', limits: { EUR: 5000, USD: 800 } }]));
    expect(await within(section).findByText('bob@example.com is now approver.')).toBeTruthy();
  });

  it('on a team the relay card asks only for its own parts: saving it uses the team’s server, no server or password sent', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    bridge.arrange('team.state', () => joined);
    const section = await teamSection(bridge);
    const card = (await within(section).findByRole('form', { name: 'Team relay' })) as HTMLElement;
    expect(await within(card).findByText("Server and credentials: the team's (nats://127.0.0.1:4222), set above.")).toBeTruthy();
    expect(within(card).queryByLabelText('Relay server')).toBeNull();
    expect(within(card).queryByLabelText('Password')).toBeNull();
    await fireEvent.input(within(card).getByLabelText('Stream'), { target: { value: 'TEAM' } });
    await fireEvent.click(within(card).getByRole('button', { name: 'Save and use the team relay' }));
    await waitFor(() => expect(bridge.callsOf('relay.configure')).toEqual([{ useTeamServer: true, stream: 'TEAM', accountId: 'acc-1', consumer: '' }]));
  });

  it('a relay saved before with a server of its own says so plainly and moves to the team’s in one click', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    bridge.arrange('team.state', () => joined);
    bridge.relay = { state: 'connected', url: 'tls://relay.example.com:4222', user: 'relay-ada', stream: 'TEAM', accountId: 'acc-1', consumer: 'ada-sub', lastEventAt: null, problem: null, source: 'own' };
    const section = await teamSection(bridge);
    const card = (await within(section).findByRole('form', { name: 'Team relay' })) as HTMLElement;
    expect(await within(card).findByText("This relay uses a server of its own, tls://relay.example.com:4222, not the team's (nats://127.0.0.1:4222). It keeps working as it is.")).toBeTruthy();
    expect((within(card).getByLabelText('Relay server') as HTMLInputElement).value).toBe('tls://relay.example.com:4222');
    await fireEvent.click(within(card).getByRole('button', { name: "Use the team's server" }));
    await waitFor(() => expect(bridge.callsOf('relay.configure')).toEqual([{ useTeamServer: true, stream: 'TEAM', accountId: 'acc-1', consumer: '' }]));
    await waitFor(() => expect(within(card).queryByLabelText('Relay server')).toBeNull());
    expect((card.querySelector('[data-relay-announcement]') as HTMLElement).textContent).toMatch(/^The relay now uses the team's server\. Connected/);
  });

  it('changes the team’s server: the credentials go to main once, and the outcome is said', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    bridge.arrange('team.state', () => joined);
    bridge.arrange('team.setServer', () => ({ ...joined, url: 'nats://127.0.0.1:4333' }));
    const section = await teamSection(bridge);
    await fireEvent.click(await within(section).findByRole('button', { name: 'Change the server or credentials…' }));
    const form = within(section).getByRole('form', { name: 'Team server' });
    await fireEvent.input(within(form).getByLabelText('Team server'), { target: { value: 'nats://127.0.0.1:4333' } });
    await fireEvent.input(within(form).getByLabelText('User'), { target: { value: 'ada2' } });
    await fireEvent.input(within(form).getByLabelText('Password'), { target: { value: 'n3w-secret' } });
    await fireEvent.click(within(form).getByRole('button', { name: 'Use this server' }));
    await waitFor(() => expect(bridge.callsOf('team.setServer')).toEqual([{ url: 'nats://127.0.0.1:4333', user: 'ada2', password: 'n3w-secret', creds: '' }]));
    await waitFor(() => expect((section.querySelector('[data-team-server-announcement]') as HTMLElement).textContent).toBe('The team now uses nats://127.0.0.1:4333.'));
    expect(section.textContent).not.toContain('n3w-secret');
  });
});

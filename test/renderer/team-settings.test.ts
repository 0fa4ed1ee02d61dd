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
});

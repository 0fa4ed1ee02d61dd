import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });

async function openRelaySettings() {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /Account settings/ }));
  const heading = await screen.findByRole('heading', { name: 'Team relay' });
  return heading.closest('section') as HTMLElement;
}

const announcement = () => (document.querySelector('[data-relay-announcement]') as HTMLElement).textContent;

describe('Settings → Team relay', () => {
  it('comes after the webhook settings, tests with plain words, saves the server and says it is connected', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const section = await openRelaySettings();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Team relay')).toBe(headings.indexOf('Live updates (webhooks)') + 1);
    expect(within(section).getByText(/Not in use/)).toBeTruthy();

    await fireEvent.input(within(section).getByLabelText('Relay server'), { target: { value: 'tls://nats.example.com:4222' } });
    await fireEvent.input(within(section).getByLabelText('User'), { target: { value: 'alice' } });
    await fireEvent.input(within(section).getByLabelText('Password'), { target: { value: 'alice-secret' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(announcement()).toBe("Connected: the team relay's stream QUOTEDESK is there."));
    expect(bridge.callsOf('relay.test')).toEqual([{ url: 'tls://nats.example.com:4222', user: 'alice', password: 'alice-secret', stream: 'QUOTEDESK', accountId: 'acme', consumer: '' }]);
    expect(bridge.callsOf('relay.configure')).toEqual([]);

    await fireEvent.click(within(section).getByRole('button', { name: 'Save and use the team relay' }));
    await waitFor(() => expect(announcement()).toContain('Team relay saved. Connected'));
    expect(section.querySelector('[data-relay-state]')?.getAttribute('data-relay-state')).toBe('connected');
    expect((within(section).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(within(section).getByRole('button', { name: 'Stop using the team relay' })).toBeTruthy();
  });

  it('says what is missing before anything is sent', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const section = await openRelaySettings();
    await fireEvent.click(within(section).getByRole('button', { name: 'Save and use the team relay' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('Give the relay’s server');
    expect(bridge.callsOf('relay.configure')).toEqual([]);
  });

  it('shows why the relay cannot be reached, as main pushes it', async () => {
    const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    renderApp(bridge);
    const section = await openRelaySettings();
    const problem = "The team relay's server at tls://nats.example.com:4222 cannot be reached (no answer in time); sync keeps the inbox up to date meanwhile.";
    bridge.emit('relay.changed', { state: 'unreachable', url: 'tls://nats.example.com:4222', user: 'alice', stream: 'QUOTEDESK', accountId: 'acme', consumer: 'alice', lastEventAt: null, problem });
    await waitFor(() => expect(section.querySelector('[data-relay-problem]')?.textContent).toBe(problem));
    expect(within(section).getByText('The team relay cannot be reached.')).toBeTruthy();
  });
});

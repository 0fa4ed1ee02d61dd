// The desktop app's own settings and banners, over the fake bridge: shown in Electron only,
// the login offer once, the update's progress and "Restart to update".
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

function desktopBridge(host: 'electron' | 'web' = 'electron') {
  return new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] }, info: { host } });
}

async function openSettings() {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  await screen.findByRole('heading', { name: 'Offline and sync' });
}

describe('desktop settings', () => {
  it('in the desktop app: staying in the tray and starting at login are switches, saved at once', async () => {
    const bridge = desktopBridge();
    renderApp(bridge);
    await openSettings();
    const section = (await screen.findByRole('heading', { name: 'Desktop app' })).closest('section') as HTMLElement;
    const resident = await within(section).findByRole('switch', { name: 'Keep Quotedesk running in the tray when its window is closed' });
    expect((resident as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(resident);
    await waitFor(() => expect(bridge.callsOf('desktop.setPreferences')).toEqual([{ resident: false }]));
    await fireEvent.click(within(section).getByRole('switch', { name: 'Start Quotedesk when I log in' }));
    await waitFor(() => expect(bridge.callsOf('desktop.setPreferences')).toContainEqual({ openAtLogin: true }));
    const channel = within(section).getByRole('combobox', { name: 'Channel' }) as HTMLSelectElement;
    await fireEvent.change(channel, { target: { value: 'beta' } });
    await waitFor(() => expect(bridge.callsOf('desktop.setPreferences')).toContainEqual({ updateChannel: 'beta' }));
  });

  it('in browser mode there is no desktop section and no desktop call', async () => {
    const bridge = desktopBridge('web');
    renderApp(bridge);
    await openSettings();
    expect(screen.queryByRole('heading', { name: 'Desktop app' })).toBeNull();
    expect(bridge.callsOf('desktop.state')).toEqual([]);
  });

  it('shows the download progress, then offers the restart in the window', async () => {
    const bridge = desktopBridge();
    renderApp(bridge);
    await openSettings();
    const section = (await screen.findByRole('heading', { name: 'Desktop app' })).closest('section') as HTMLElement;
    await within(section).findByRole('button', { name: 'Check for updates' });
    bridge.emit('desktop.changed', { ...bridge.desktop, update: { ...bridge.desktop.update, phase: 'downloading', version: '1.1.0', percent: 42 } });
    const progress = await within(section).findByRole('progressbar', { name: 'Update download' });
    expect(progress.getAttribute('value')).toBe('42');
    bridge.desktop = { ...bridge.desktop, update: { ...bridge.desktop.update, phase: 'ready', version: '1.1.0', percent: 100 } };
    bridge.emit('desktop.changed', bridge.desktop);
    const banner = await screen.findByRole('region', { name: 'Update ready' });
    expect(banner.textContent).toContain('Quotedesk 1.1.0 is ready.');
    await fireEvent.click(within(banner).getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(bridge.callsOf('desktop.restartToUpdate')).toHaveLength(1));
    expect(await screen.findByText('Restarting to update…')).toBeTruthy();
  });

  it('a restart during a decision says it waits for it', async () => {
    const bridge = desktopBridge();
    bridge.desktop = { ...bridge.desktop, update: { ...bridge.desktop.update, phase: 'ready', version: '1.1.0', percent: 100 } };
    bridge.arrange('desktop.restartToUpdate', () => ({ restarting: false, reason: 'decision-in-flight', message: 'A decision is being sent: Quotedesk restarts to update as soon as it is answered.' }));
    renderApp(bridge);
    const banner = await screen.findByRole('region', { name: 'Update ready' });
    await fireEvent.click(within(banner).getByRole('button', { name: 'Restart to update' }));
    expect(await screen.findByText(/restarts to update as soon as it is answered/)).toBeTruthy();
  });

  it('offers starting at login once; either answer closes the offer', async () => {
    const bridge = desktopBridge();
    bridge.desktop = { ...bridge.desktop, loginOffer: true };
    renderApp(bridge);
    const offer = await screen.findByRole('region', { name: 'Start at login' });
    await fireEvent.click(within(offer).getByRole('button', { name: 'Start at login' }));
    await waitFor(() => expect(bridge.callsOf('desktop.answerLoginOffer')).toEqual([{ startAtLogin: true }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Start at login' })).toBeNull());
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../renderer/src/components/offline-settings/choices';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

function fake() {
  const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
  bridge.pdfUsage = { files: 37, bytes: 48.2 * 1024 * 1024 };
  return bridge;
}

async function openSettings() {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  const heading = await screen.findByRole('heading', { name: 'Offline and sync' });
  return heading.closest('section') as HTMLElement;
}

const interval = (section: HTMLElement) => within(section).getByRole('combobox', { name: 'Check the service for changes' }) as HTMLSelectElement;
const room = (section: HTMLElement) => within(section).getByRole('combobox', { name: 'Room for PDFs on this computer' }) as HTMLSelectElement;

describe('offline settings', () => {
  it('show how often sync runs, the room for PDFs and what they take now; a change is saved at once', async () => {
    const bridge = fake();
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(interval(section).value).toBe('5'));
    expect(room(section).value).toBe('500');
    expect(within(section).getByTestId('pdf-usage').textContent).toContain('37 PDFs take 48.2 MB');

    await fireEvent.change(interval(section), { target: { value: '60' } });
    await waitFor(() => expect(bridge.callsOf('sync.setSettings')).toEqual([{ intervalMinutes: 60 }]));
    expect(bridge.offline.intervalMinutes).toBe(60);
    await fireEvent.change(room(section), { target: { value: '1024' } });
    await waitFor(() => expect(bridge.offline.pdfLimitMegabytes).toBe(1024));
    expect(room(section).selectedOptions[0]?.textContent).toBe('1 GB');
  });

  it('offers the value in force even when it is not one of the usual choices', async () => {
    const bridge = fake();
    bridge.offline = { intervalMinutes: 7, pdfLimitMegabytes: 750 };
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(interval(section).selectedOptions[0]?.textContent).toBe('Every 7 minutes'));
    expect(room(section).selectedOptions[0]?.textContent).toBe('750 MB');
  });

  it('says why a change was not saved and shows what is still in force', async () => {
    const bridge = fake();
    renderApp(bridge);
    const section = await openSettings();
    await waitFor(() => expect(interval(section).value).toBe('5'));
    bridge.failNext('sync.setSettings', { code: 'internal', message: 'The disk is full' });
    await fireEvent.change(interval(section), { target: { value: '15' } });
    expect((await within(section).findByRole('alert')).textContent).toContain("Couldn't save");
    expect(interval(section).value).toBe('5');
  });
});

describe('formatBytes', () => {
  it('reads as a person would say it', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024 * 1024, 'en-US')).toBe('3 GB');
  });
});

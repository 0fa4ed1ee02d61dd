// The outbox in the window: its count on the sidebar's Activity entry, its list in Activity
// (each entry cancellable), and the undo window in Settings.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../preload/contract/bridge/decisions';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote } from './fixtures';
import { renderApp } from './render-app';

function entry(n: number, overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: `entry-${n}`, accountId: 'acc-1', accountName: 'Acme', quoteId: `q-${n}`, quoteNumber: `Q-${n}`, decision: 'accept', reason: null,
    version: 'v1', decidedAt: '2026-03-01T10:00:00Z', sendAt: 0, state: 'waiting', attempted: false, message: 'Will be sent when Quotedesk can reach the service.',
    ...overrides,
  };
}

function setup() {
  const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [makeQuote({ projectName: 'Website relaunch' })] } });
  fake.outbox = [entry(1, {}), entry(2, { decision: 'decline', state: 'held', message: 'The quote was revised since you decided: look at it again.' })];
  return fake;
}

describe('the outbox in the window', () => {
  it('counts the waiting decisions on Activity and lists them there, each cancellable', async () => {
    const fake = setup();
    renderApp(fake);
    const activity = await screen.findByRole('button', { name: /Activity\s*2\s*decisions waiting to be sent/ }, { timeout: 3_000 });
    await fireEvent.click(activity);
    const list = await screen.findByRole('region', { name: 'Decisions waiting to be sent (2)' });
    expect(list.textContent).toContain('Will be sent when Quotedesk can reach the service');
    expect(list.textContent).toContain('The quote was revised since you decided: look at it again.');
    await fireEvent.click(within(list).getByRole('button', { name: 'Cancel: Accept Q-1 (Acme)' }));
    expect(fake.callsOf('decisions.cancel')).toEqual([{ id: 'entry-1' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Activity\s*1\s*decision waiting to be sent/ })).toBeTruthy());
  });

  it('sets the undo window in Settings', async () => {
    const fake = setup();
    renderApp(fake);
    await fireEvent.click(await screen.findByRole('button', { name: /Settings/ }));
    const select = await screen.findByRole('combobox', { name: 'Time to undo a decision' });
    expect((select as HTMLSelectElement).value).toBe('5');
    await fireEvent.change(select, { target: { value: '10' } });
    expect(fake.callsOf('decisions.setSettings')).toEqual([{ undoSeconds: 10 }]);
  });
});

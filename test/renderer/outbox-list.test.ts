// The outbox in the window: its count on the sidebar's Activity entry, its list in Activity
// (each entry cancellable), and the undo window in Settings.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, StartReport } from '../../preload/contract/bridge/decisions';
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

function report(n: number, overrides: Partial<StartReport>): StartReport {
  return {
    entryId: `entry-${n}`, accountId: 'acc-1', accountName: 'Acme', quoteId: `q-${n}`, quoteNumber: `Q-${n}`, decision: 'accept',
    outcome: 'sent', waited: false, detail: null, at: '2026-03-01T10:00:00Z', ...overrides,
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

  it('words in Activity what became of the decisions left waiting when Quotedesk closed, from the codes the core keeps', async () => {
    const fake = setup();
    fake.startReports = [report(3, { outcome: 'sent' })];
    renderApp(fake);
    await fireEvent.click(await screen.findByRole('button', { name: /Activity/ }, { timeout: 3_000 }));
    const reports = await screen.findByRole('region', { name: 'Decisions left waiting when Quotedesk closed' });
    expect(reports.textContent).toContain('Your acceptance of Q-3 was sent when Quotedesk started.');

    const later = report(4, { outcome: 'sent', waited: true, decision: 'decline' });
    const held = report(2, { outcome: 'held', decision: 'decline', detail: 'The quote changed since you opened it, so nothing was sent. Review the new version, then decide again.' });
    fake.emit('decisions.startReportsChanged', { reports: [...fake.startReports, later, held] });
    await waitFor(() => expect(reports.textContent).toContain('Your decline of Q-2 was not sent.'));
    expect(reports.textContent).toContain('Your decline of Q-4 was sent once the service could be reached again.');
    expect(reports.textContent).toContain('Review the new version, then decide again.');
  });

  it('dismisses one report by its named button, moving the focus to the next, then all of them', async () => {
    const fake = setup();
    fake.startReports = [report(3, { outcome: 'sent' }), report(5, { outcome: 'refused', detail: 'The quote has expired.' }), report(6, { outcome: 'unknown', detail: 'Check it again.' })];
    renderApp(fake);
    await fireEvent.click(await screen.findByRole('button', { name: /Activity/ }, { timeout: 3_000 }));
    const reports = await screen.findByRole('region', { name: 'Decisions left waiting when Quotedesk closed' });
    await fireEvent.click(within(reports).getByRole('button', { name: 'Dismiss: Your acceptance of Q-3 was sent when Quotedesk started.' }));
    expect(fake.callsOf('decisions.dismissStartReport')).toEqual([{ entryId: 'entry-3' }]);
    await waitFor(() => expect(reports.textContent).not.toContain('Q-3'));
    const next = within(reports).getByRole('button', { name: 'Dismiss: The service refused your acceptance of Q-5.' });
    await waitFor(() => expect(document.activeElement).toBe(next));

    await fireEvent.click(within(reports).getByRole('button', { name: 'Dismiss all' }));
    expect(fake.callsOf('decisions.dismissStartReports')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Decisions left waiting when Quotedesk closed' })).toBeNull());
  });

  it('keeps the reports and says why when they could not be dismissed', async () => {
    const fake = setup();
    fake.startReports = [report(3, { outcome: 'sent' })];
    renderApp(fake);
    await fireEvent.click(await screen.findByRole('button', { name: /Activity/ }, { timeout: 3_000 }));
    const reports = await screen.findByRole('region', { name: 'Decisions left waiting when Quotedesk closed' });
    fake.failNext('decisions.dismissStartReport', { code: 'internal', retryable: true, message: 'The reports could not be removed from this computer’s disk, so they are kept. Try again.' });
    await fireEvent.click(within(reports).getByRole('button', { name: /^Dismiss: / }));
    expect((await within(reports).findByRole('alert')).textContent).toContain('so they are kept');
    expect(reports.textContent).toContain('Q-3');
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

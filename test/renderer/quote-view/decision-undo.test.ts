// A decision in its undo window: the dialog's result says it is not sent yet and offers Undo,
// follows it until the service has it, and Ctrl/Cmd+Z undoes the latest one from the window.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { DecisionResult, OutboxEntry } from '../../../preload/contract/bridge/decisions';
import { cachedDetailView } from '../quote/detail-view';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';

function setup() {
  const open = makeQuote({ projectName: 'Website relaunch', status: 'REVISED' });
  const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [open] } });
  const details = makeDetails({ id: open.id, projectName: 'Website relaunch', status: 'REVISED' });
  fake.arrange('quotes.detail', () => cachedDetailView(details));
  const entry: OutboxEntry = {
    id: 'entry-1', accountId: 'acc-1', accountName: 'Acme', quoteId: open.id, quoteNumber: 'Q-1', decision: 'accept', reason: null,
    version: 'v1', decidedAt: '2026-03-01T10:00:00Z', sendAt: Date.parse('2026-03-01T10:00:05Z'), state: 'undo', attempted: false, message: null,
  };
  // As the core does: the entry is in the outbox when the answer comes.
  fake.arrange('decisions.accept', () => {
    fake.outbox = [entry];
    fake.emit('decisions.outboxChanged', { entries: fake.outbox });
    return { outcome: 'waiting', message: 'Sent in 5 seconds unless you undo it.', quote: details, entry };
  });
  return { fake, entry, details };
}

async function accept() {
  await fireEvent.click(await screen.findByText('Website relaunch'));
  await fireEvent.click(await screen.findByRole('button', { name: 'Accept…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
  expect(await within(dialog).findByText('Sent in 5 seconds unless you undo it.')).toBeTruthy();
  return dialog;
}

describe('undoing a decision in its window', () => {
  it("offers Undo in the decision's result, and an undone decision says nothing was sent", async () => {
    const { fake } = setup();
    renderApp(fake);
    const dialog = await accept();
    expect(within(dialog).getByText('Not sent yet')).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(fake.callsOf('decisions.cancel')).toEqual([{ id: 'entry-1' }]);
    expect(await within(dialog).findByText('Undone: nothing was sent.')).toBeTruthy();
  });

  it('follows the decision until the service has it, and offers no Undo then', async () => {
    const { fake, entry, details } = setup();
    renderApp(fake);
    const dialog = await accept();
    const receipt = {
      id: 'r-1', accountId: 'acc-1', accountName: 'Acme', quoteId: entry.quoteId, quoteNumber: 'Q-1', version: 'v1', total: null,
      decision: 'accept' as const, reason: null, at: '2026-03-01T10:00:05Z', pdfSha256: null, outcome: 'done' as const, status: 'CHANGED_TO_PROJECT', settled: null,
    };
    const result: DecisionResult = { outcome: 'done', message: 'The quote was accepted.', quote: { ...details, status: 'CHANGED_TO_PROJECT' }, receipt };
    fake.outbox = [];
    fake.emit('decisions.outboxChanged', { entries: [] });
    fake.emit('decisions.sent', { entryId: 'entry-1', accountId: 'acc-1', quoteId: entry.quoteId, decision: 'accept', result });
    expect(await within(dialog).findByText('The quote was accepted.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it.each([{ ctrlKey: true }, { metaKey: true }])('undoes the latest decision on Ctrl/Cmd+Z (%o), and says so', async (modifier) => {
    const { fake } = setup();
    renderApp(fake);
    const dialog = await accept();
    await fireEvent.keyDown(dialog, { key: 'z', ...modifier });
    await waitFor(() => expect(fake.callsOf('decisions.cancel')).toEqual([{ id: 'entry-1' }]));
    expect(await within(dialog).findByText('Undone: nothing was sent.')).toBeTruthy();
  });
});

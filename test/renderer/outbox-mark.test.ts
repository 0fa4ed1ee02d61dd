// A decision not sent yet is said where the quote is (#27): its row in the list says "Will be
// sent" (in words, not a colour) while the service cannot be reached, and "Not sent yet" in its
// undo window; the reading pane says the whole sentence, with Undo while it can be undone.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../preload/contract/bridge/decisions';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const NAMES = ['Website relaunch', 'App store texts', 'Safety sheets'];

function entry(quote: number, overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: `entry-${quote}`, accountId: 'acme', accountName: acme.name, quoteId: quoteId(quote), quoteNumber: null, decision: 'accept', reason: null,
    version: 'v1', decidedAt: '2026-03-01T10:00:00Z', sendAt: 0, state: 'waiting', attempted: false, message: null,
    ...overrides,
  };
}

function fake() {
  const quotes = NAMES.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, status: 'REVISED', quoteDate: `2025-05-0${5 - index}T09:00:00Z` }));
  return new FakeBridge({
    accounts: [acme],
    quotes: { acme: quotes },
    details: Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName, status: 'REVISED' })])),
  });
}

const rowOf = (rows: HTMLElement[], name: string) => rows.find((row) => row.textContent?.includes(name))!;
/** The words a screen reader reads of an element: what is hidden from it left out. */
function spoken(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}
const pane = () => screen.getByRole('region', { name: 'Selected quote' });

describe('a decision not sent yet, on its row and in the reading pane', () => {
  it('the row says in words that it will be sent when the service can be reached, or that it is not sent yet; other rows say nothing', async () => {
    const bridge = fake();
    bridge.outbox = [entry(1, { state: 'waiting' }), entry(2, { state: 'undo', decision: 'decline' })];
    renderApp(bridge);
    const rows = await settledQuoteRows();
    await waitFor(() => expect(spoken(rowOf(rows, NAMES[0]!))).toContain('Accept: Will be sent when Quotedesk can reach the service'));
    // Seen: the short words (and the whole sentence on hover).
    const mark = within(rowOf(rows, NAMES[0]!)).getByTitle('Accept: Will be sent when Quotedesk can reach the service');
    expect(mark.querySelector('[aria-hidden="true"]')?.textContent).toBe('Will be sent');
    expect(spoken(rowOf(rows, NAMES[1]!))).toContain('Decline: Not sent yet: it can still be undone');
    expect(rowOf(rows, NAMES[2]!).querySelector('[data-outbox-mark]')).toBeNull();

    // Sent: the core's outbox no longer holds it, and the row stops saying so.
    bridge.outbox = [entry(2, { state: 'undo', decision: 'decline' })];
    bridge.emit('decisions.outboxChanged', { entries: bridge.outbox });
    await waitFor(() => expect(rowOf(rows, NAMES[0]!).querySelector('[data-outbox-mark]')).toBeNull());
  });

  it('the pane says "Not sent yet — Undo" in the undo window, and Undo takes the decision back', async () => {
    const bridge = fake();
    bridge.outbox = [entry(2, { state: 'undo' })];
    renderApp(bridge, { width: 1280 });
    const rows = await settledQuoteRows();
    await fireEvent.click(rowOf(rows, NAMES[1]!));
    const status = await waitFor(() => {
      const shown = pane().querySelector<HTMLElement>('[data-outbox-line]')!;
      expect(shown.textContent).toMatch(/Accept: Not sent yet —\s*Undo/);
      return shown;
    }, { timeout: 4000 });
    await fireEvent.click(within(status).getByRole('button', { name: 'Undo' }));
    expect(bridge.callsOf('decisions.cancel')).toEqual([{ id: 'entry-2' }]);
    await waitFor(() => expect(status.textContent?.trim()).toBe(''));
  });

  it('an Undo refused (the decision was being sent) says why on its quote, and not on the next quote shown', async () => {
    const bridge = fake();
    bridge.outbox = [entry(1, { state: 'undo' })];
    bridge.failNext('decisions.cancel', { code: 'invalid-state', retryable: false, message: 'It is being sent and can no longer be undone.' });
    renderApp(bridge, { width: 1280 });
    const rows = await settledQuoteRows();
    await fireEvent.click(rowOf(rows, NAMES[0]!));
    const line = () => pane().querySelector<HTMLElement>('[data-outbox-line]')!;
    await waitFor(() => expect(line().textContent).toMatch(/Not sent yet/), { timeout: 4000 });
    await fireEvent.click(within(line()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(line().textContent).toContain('It is being sent and can no longer be undone.'));
    await fireEvent.click(rowOf(rows, NAMES[1]!));
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[1] })).toBeTruthy(), { timeout: 4000 });
    expect(line().textContent?.trim()).toBe('');
  });

  it('the pane says a waiting decision will be sent when Quotedesk can reach the service', async () => {
    const bridge = fake();
    bridge.outbox = [entry(3, { state: 'waiting', decision: 'decline' })];
    renderApp(bridge, { width: 1280 });
    const rows = await settledQuoteRows();
    await fireEvent.click(rowOf(rows, NAMES[2]!));
    await waitFor(() => expect(pane().querySelector('[data-outbox-line]')?.textContent).toContain('Decline: Will be sent when Quotedesk can reach the service.'), { timeout: 4000 });
    expect(within(pane()).queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});

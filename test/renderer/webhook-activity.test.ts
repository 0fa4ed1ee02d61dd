import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { DetectedChange, WebhookDelivery } from '../../preload/contract';
import { WebhooksState } from '../../renderer/src/lib/state/webhooks.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });

function delivery(overrides: Partial<WebhookDelivery> & { id: number }): WebhookDelivery {
  const event = overrides.event ?? 'quote.updated';
  return {
    source: 'webhook',
    accountId: 'acme',
    receivedAt: Date.UTC(2026, 10, 22, 12, 0, overrides.id),
    event,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': '(verified)' },
    body: JSON.stringify({ event, data: { id: `q-${overrides.id}` } }),
    signature: { ok: true, detail: 'verified' },
    dedupe: 'new',
    status: 200,
    caused: 'quote refreshed: status SENT -> REVISED',
    ...overrides,
  };
}

function found(source: DetectedChange['source'], overrides: Partial<DetectedChange> & { id: number }): DetectedChange {
  return {
    source,
    accountId: 'acme',
    receivedAt: Date.UTC(2026, 10, 22, 12, 0, overrides.id),
    event: 'quote.status',
    quoteId: quoteId(1),
    quoteNumber: 'Q-2026-0042',
    projectName: 'Manuals',
    caused: 'status SENT -> ACCEPTED',
    ...overrides,
  } as DetectedChange;
}

function fake() {
  const bridge = new FakeBridge({ accounts: [acme, north], quotes: { acme: [makeQuote({ id: quoteId(1) })], north: [] } });
  bridge.webhookActivity = [
    delivery({ id: 3, event: 'quote.cancelled', accountId: 'north', caused: 'quote refreshed: status SENT -> CANCELLED' }),
    delivery({ id: 2, event: 'quote.updated', dedupe: 'duplicate', caused: null }),
    delivery({ id: 1, event: 'quote.updated' }),
  ];
  return bridge;
}

async function openActivity() {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(await within(nav).findByRole('button', { name: 'Activity' }));
  return screen.findByRole('list', { name: 'Activity' });
}

function entries(list: HTMLElement) {
  return within(list).getAllByRole('listitem');
}

describe('webhook activity view', () => {
  it('lists deliveries newest first with account, signature, dedupe and what they caused', async () => {
    const bridge = fake();
    renderApp(bridge);
    const list = await openActivity();
    await waitFor(() => expect(entries(list)).toHaveLength(3));
    const [first, second] = entries(list);
    expect(first!.textContent).toContain('quote.cancelled');
    expect(first!.textContent).toContain('Northwind');
    expect(first!.textContent).toContain('Signature verified');
    expect(first!.textContent).toContain('New');
    // Plain words, not the stored jargon (which stays behind the disclosure).
    expect(first!.textContent).toContain('A quote without a number yet moved to Cancelled; inbox updated.');
    expect(first!.textContent).not.toContain('SENT -> CANCELLED');
    await fireEvent.click(within(first!).getByRole('button', { expanded: false }));
    expect(first!.querySelector('[data-activity-recorded]')?.textContent).toBe('As recorded: quote refreshed: status SENT -> CANCELLED');
    expect(second!.textContent).toContain('Duplicate');
    expect(second!.textContent).toContain('Nothing: already processed.');
  });

  it('filters by event type and by account', async () => {
    const bridge = fake();
    renderApp(bridge);
    const list = await openActivity();
    await waitFor(() => expect(entries(list)).toHaveLength(3));
    await fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'quote.updated' } });
    await waitFor(() => expect(entries(screen.getByRole('list', { name: 'Activity' }))).toHaveLength(2));
    expect(bridge.callsOf('webhooks.activity').at(-1)).toMatchObject({ type: 'quote.updated' });
    await fireEvent.change(screen.getByLabelText('Event type'), { target: { value: '' } });
    await fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'north' } });
    await waitFor(() => {
      const shown = entries(screen.getByRole('list', { name: 'Activity' }));
      expect(shown).toHaveLength(1);
      expect(shown[0]!.textContent).toContain('quote.cancelled');
    });
    await fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'quote.updated' } });
    expect(await screen.findByText('Nothing matches this filter.')).toBeTruthy();
  });

  it('marks what a webhook delivered, what sync found, and what a catch-up recovered, each in words', async () => {
    const bridge = fake();
    bridge.webhookActivity = [
      found('recovered', { id: 6, event: 'quote.new', quoteNumber: null, projectName: null, caused: 'new quote' }),
      found('sync', { id: 5 }),
      delivery({ id: 4 }),
    ];
    renderApp(bridge);
    const list = await openActivity();
    await waitFor(() => expect(entries(list)).toHaveLength(3));
    const [recovered, synced, delivered] = entries(list);
    expect(recovered!.textContent).toContain('Recovered by sync');
    expect(recovered!.textContent).toContain('Quote without a number yet: new quote.');
    expect(recovered!.textContent).toContain('missed while the computer slept, was offline or the tunnel was down');
    expect(synced!.textContent).toContain('Found by sync');
    expect(synced!.textContent).toContain('Quote Q-2026-0042 (Manuals): status SENT -> ACCEPTED.');
    expect(synced!.textContent).not.toContain('Recovered');
    expect(delivered!.textContent).toContain('Delivered by webhook');
    // Only a delivery has a raw body to show or replay.
    expect(within(synced!).queryByRole('button')).toBeNull();
    expect(within(recovered!).queryByRole('button')).toBeNull();
    expect(within(delivered!).getByRole('button', { name: /Replay/ })).toBeTruthy();
  });

  it('adds a change sync found, pushed while the view is open, on top', async () => {
    const bridge = fake();
    renderApp(bridge);
    const list = await openActivity();
    await waitFor(() => expect(entries(list)).toHaveLength(3));
    bridge.emit('webhooks.activityChanged', found('recovered', { id: 9, receivedAt: Date.UTC(2026, 10, 22, 14) }));
    await waitFor(() => expect(entries(list)[0]!.textContent).toContain('Recovered by sync'));
    expect(entries(list)).toHaveLength(4);
  });

  it('expands an entry to its headers and raw body, exactly as received', async () => {
    const bridge = fake();
    const raw = '{"event":"quote.updated",  "data":{"id":"q-1"}}';
    bridge.webhookActivity = [delivery({ id: 1, body: raw })];
    renderApp(bridge);
    const list = await openActivity();
    const toggle = await within(list).findByRole('button', { name: /^quote\.updated, Acme Localisation/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const body = list.querySelector('[data-activity-body]');
    expect(body?.textContent).toBe(raw);
    expect(within(list).getByText(/x-webhook-signature: \(verified\)/)).toBeTruthy();
    await fireEvent.click(toggle);
    expect(list.querySelector('[data-activity-body]')).toBeNull();
  });

  it('replays a verified entry and says what it caused in a polite live region; refused entries cannot be replayed', async () => {
    const bridge = fake();
    bridge.webhookActivity = [
      delivery({ id: 2, event: 'quote.expired', signature: { ok: false, detail: 'signature mismatch' }, body: null, dedupe: null, caused: null, status: 401 }),
      delivery({ id: 1, caused: 'quote refreshed: price changed' }),
    ];
    renderApp(bridge);
    const list = await openActivity();
    await waitFor(() => expect(entries(list)).toHaveLength(2));
    const [refused, verified] = entries(list);
    expect(within(refused!).queryByRole('button', { name: /Replay/ })).toBeNull();
    expect(refused!.textContent).toContain('Signature refused: signature mismatch');
    await fireEvent.click(within(verified!).getByRole('button', { name: /Replay/ }));
    const region = document.querySelector('[data-activity-announcement]') as HTMLElement;
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(region.textContent).toBe('Replayed: A quote without a number yet: updated; price changed; inbox updated.'));
    expect(bridge.callsOf('webhooks.replay')).toEqual([{ id: 1 }]);

    bridge.failNext('webhooks.replay', { code: 'invalid-state', message: 'The event log is closed' });
    await fireEvent.click(within(verified!).getByRole('button', { name: /Replay/ }));
    await waitFor(() => expect(region.textContent).toContain("Couldn't replay quote.updated"));
  });

  it('adds a pushed delivery on top and replaces an entry whose processing ended', async () => {
    const bridge = fake();
    renderApp(bridge);
    const list = await openActivity();
    await waitFor(() => expect(entries(list)).toHaveLength(3));
    const arriving = delivery({ id: 4, event: 'quote.accepted', receivedAt: Date.UTC(2026, 10, 22, 13), caused: null });
    bridge.emit('webhooks.activityChanged', arriving);
    await waitFor(() => expect(entries(list)[0]!.textContent).toContain('Processing…'));
    bridge.emit('webhooks.activityChanged', { ...arriving, caused: 'quote refreshed: status SENT -> ACCEPTED' });
    await waitFor(() => expect(entries(list)[0]!.textContent).toContain('moved to Accepted; inbox updated.'));
    expect(entries(list)).toHaveLength(4);
  });

  it('says how changes arrive when there is no tunnel and nothing was delivered', async () => {
    const bridge = fake();
    bridge.webhookActivity = [];
    renderApp(bridge);
    await fireEvent.click(await within(screen.getByRole('navigation', { name: 'Accounts' })).findByRole('button', { name: 'Activity' }));
    expect(await screen.findByText(/No tunnel: changes are found by sync/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Open Live updates settings' }));
    expect(await screen.findByRole('heading', { name: 'Live updates (webhooks)' })).toBeTruthy();
  });

  it('keeps the answer of the newest filter when an older read answers last', async () => {
    const bridge = fake();
    const state = new WebhooksState(bridge.api);
    const release = bridge.holdNext('webhooks.activity');
    const narrowed = state.setFilter({ accountId: 'north' });
    await state.setFilter({ accountId: null });
    expect(state.activity.map((entry) => entry.id)).toEqual([3, 2, 1]);
    release();
    await narrowed;
    expect(state.activity.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });
});

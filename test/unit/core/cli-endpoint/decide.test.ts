// A decision asked for by the command line ends as the app's outbox says it ends: sent after the
// undo window, undone in the app, or waiting for the service. The bridge answers as the
// decisions feature does ('waiting' in the undo window); the events are the real hub's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DecisionResult, OutboxEntry } from '../../../../preload/contract/bridge/decisions';
import { createEventHub } from '../../../../main/core/bridge/events';
import { createEndpointCommands } from '../../../../main/core/cli-endpoint/commands';
import type { AccountsService } from '../../../../main/core/accounts/types';
import type { PdfCache } from '../../../../main/core/cache';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';

const logger = createSilentLogger();
const QUOTE = '3f1c2a9e-5b7d-4e8f-9a01-23456789abcd';

afterEach(() => vi.useRealTimers());

function entry(state: OutboxEntry['state']): OutboxEntry {
  return { id: 'e1', accountId: 'a1', accountName: 'Acme', quoteId: QUOTE, quoteNumber: 'Q-1', decision: 'accept', reason: null, version: 'v1', decidedAt: new Date(0).toISOString(), sendAt: Date.now() + 5_000, state, attempted: false, message: null };
}

function setUp(answer: DecisionResult, accountDemo = false) {
  const hub = createEventHub({ logger });
  const dispatched: Array<{ method: string; input: unknown }> = [];
  const commands = createEndpointCommands({
    accounts: { get: async (id: string) => ({ id, name: 'Acme', demo: accountDemo, access: 'client' }) } as unknown as AccountsService,
    pdfs: {} as PdfCache,
    bus: createEventBus<DomainEvents>({ logger }),
    dispatcher: () => ({
      dispatch: async (method, input) => {
        dispatched.push({ method, input });
        return { ok: true, value: answer };
      },
    }),
    hub: () => hub,
  });
  const decide = () => commands.run({ v: 1, command: 'decide', accountId: 'a1', quoteId: QUOTE, decision: 'accept' });
  return { hub, dispatched, decide };
}

const waitingInUndo = (): DecisionResult => ({ outcome: 'waiting', message: 'Sent in 5 seconds unless you undo it.', quote: null, entry: entry('undo') });

describe('a decision through the app', () => {
  it('goes through the bridge\u2019s decision method and waits for the outbox to send it', async () => {
    const { hub, dispatched, decide } = setUp(waitingInUndo());
    const outcome = decide();
    await vi.waitFor(() => expect(dispatched).toHaveLength(1));
    expect(dispatched[0]).toEqual({ method: 'decisions.accept', input: { accountId: 'a1', quoteId: QUOTE } });
    const done = { outcome: 'refused', message: 'The quote changed.', quote: null, receipt: null } as const;
    // The outbox drops the entry, then says how it ended.
    hub.emit('decisions.outboxChanged', { entries: [] });
    hub.emit('decisions.sent', { entryId: 'e1', accountId: 'a1', quoteId: QUOTE, decision: 'accept', result: done });
    await expect(outcome).resolves.toMatchObject({ outcome: 'refused', message: 'The quote changed.' });
  });

  it('says nothing was sent when the person undid it in the app', async () => {
    const { hub, dispatched, decide } = setUp(waitingInUndo());
    const outcome = decide();
    await vi.waitFor(() => expect(dispatched).toHaveLength(1));
    hub.emit('decisions.outboxChanged', { entries: [] });
    await expect(outcome).rejects.toMatchObject({ code: 'invalid-state', message: 'It was undone in the app before it was sent; nothing was sent.' });
  });

  it('answers at once when the outbox waits for the service', async () => {
    const { hub, dispatched, decide } = setUp(waitingInUndo());
    const outcome = decide();
    await vi.waitFor(() => expect(dispatched).toHaveLength(1));
    hub.emit('decisions.outboxChanged', { entries: [{ ...entry('waiting'), message: 'Will be sent when Quotedesk can reach the service.' }] });
    await expect(outcome).resolves.toMatchObject({ outcome: 'waiting', message: 'Will be sent when Quotedesk can reach the service.' });
  });

  it('never acts on a demo account', async () => {
    const { dispatched, decide } = setUp(waitingInUndo(), true);
    await expect(decide()).rejects.toMatchObject({ code: 'account-not-found' });
    expect(dispatched).toHaveLength(0);
  });
});

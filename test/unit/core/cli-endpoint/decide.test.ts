// A decision asked for by the command line ends as the app's outbox says it ends: sent after the
// undo window, undone in the app, waiting for the service, or held (by the team's approval gate). The bridge answers as the
// decisions feature does ('waiting' in the undo window); the events are the real hub's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DecisionResult, OutboxEntry } from '../../../../preload/contract/bridge/decisions';
import { createEventHub } from '../../../../main/core/bridge/events';
import { createEndpointCommands } from '../../../../main/core/cli-endpoint/commands';
import { EndpointRefusal } from '../../../../main/core/cli-endpoint/protocol';
import type { TeamThread } from '../../../../preload/contract';
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

/** The policy's reason as the quote's team thread gives it. */
const REASON = "the team's policy needs an approval above $1.00 and this quote's total is $6,788.64: nobody has approved it yet";

function setUp(answer: DecisionResult, accountDemo = false, thread: TeamThread['accept'] = { allowed: true, reason: null, needsApproval: false, approvedBy: null }) {
  const hub = createEventHub({ logger });
  const dispatched: Array<{ method: string; input: unknown }> = [];
  const commands = createEndpointCommands({
    accounts: { get: async (id: string) => ({ id, name: 'Acme', demo: accountDemo, access: 'client' }) } as unknown as AccountsService,
    pdfs: {} as PdfCache,
    bus: createEventBus<DomainEvents>({ logger }),
    dispatcher: () => ({
      dispatch: async (method, input) => {
        dispatched.push({ method, input });
        if (method === 'quotes.detail') return { ok: true, value: {} };
        if (method === 'team.thread') return { ok: true, value: { accept: thread } };
        return { ok: true, value: answer };
      },
    }),
    hub: () => hub,
  });
  const decide = () => commands.run({ v: 1, command: 'decide', accountId: 'a1', quoteId: QUOTE, decision: 'accept' });
  const decisions = () => dispatched.filter(({ method }) => method.startsWith('decisions.'));
  return { hub, dispatched, decide, decisions };
}

const waitingInUndo = (): DecisionResult => ({ outcome: 'waiting', message: 'Sent in 5 seconds unless you undo it.', quote: null, entry: entry('undo') });

describe('a decision through the app', () => {
  it('goes through the bridge\u2019s decision method, on the app\u2019s copy read again, and waits for the outbox to send it', async () => {
    const { hub, dispatched, decide } = setUp(waitingInUndo());
    const outcome = decide();
    await vi.waitFor(() => expect(dispatched).toHaveLength(2));
    expect(dispatched).toEqual([
      { method: 'quotes.detail', input: { accountId: 'a1', quoteId: QUOTE, refresh: true } },
      { method: 'decisions.accept', input: { accountId: 'a1', quoteId: QUOTE } },
    ]);
    const done = { outcome: 'refused', message: 'The quote changed.', quote: null, receipt: null } as const;
    // The outbox drops the entry, then says how it ended.
    hub.emit('decisions.outboxChanged', { entries: [] });
    hub.emit('decisions.sent', { entryId: 'e1', accountId: 'a1', quoteId: QUOTE, decision: 'accept', result: done });
    await expect(outcome).resolves.toMatchObject({ outcome: 'refused', message: 'The quote changed.' });
  });

  it('says nothing was sent when the person undid it in the app', async () => {
    const { hub, decisions, decide } = setUp(waitingInUndo());
    const outcome = decide();
    await vi.waitFor(() => expect(decisions()).toHaveLength(1));
    hub.emit('decisions.outboxChanged', { entries: [] });
    await expect(outcome).rejects.toMatchObject({ code: 'invalid-state', message: 'It was undone in the app before it was sent; nothing was sent.' });
  });

  it('answers at once when the outbox waits for the service', async () => {
    const { hub, decisions, decide } = setUp(waitingInUndo());
    const outcome = decide();
    await vi.waitFor(() => expect(decisions()).toHaveLength(1));
    hub.emit('decisions.outboxChanged', { entries: [{ ...entry('waiting'), message: 'Will be sent when Quotedesk can reach the service.' }] });
    await expect(outcome).resolves.toMatchObject({ outcome: 'waiting', message: 'Will be sent when Quotedesk can reach the service.' });
  });

  it('says an accept the team\u2019s gate held when its undo window ended needs an approval, with the policy\u2019s reason alone', async () => {
    const { hub, decisions, decide } = setUp(waitingInUndo(), false, { allowed: false, reason: REASON, needsApproval: true, approvedBy: null });
    const outcome = decide();
    await vi.waitFor(() => expect(decisions()).toHaveLength(1));
    // The outbox holds it for the person, in the app's words, and says no end.
    const held = `It was not sent: This quote cannot be accepted yet: ${REASON}. Request an approval of this revision (Request approval\u2026 in the quote's Team panel), then accept it once it is approved.`;
    hub.emit('decisions.outboxChanged', { entries: [{ ...entry('held'), message: held }] });
    const refusal = await outcome.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EndpointRefusal);
    expect(refusal).toMatchObject({ code: 'approval-needed', message: REASON });
  });

  it('passes on a held accept the gate does not explain, in the app\u2019s words', async () => {
    const { hub, decisions, decide } = setUp(waitingInUndo(), false, { allowed: false, reason: REASON, needsApproval: true, approvedBy: null });
    const outcome = decide();
    await vi.waitFor(() => expect(decisions()).toHaveLength(1));
    hub.emit('decisions.outboxChanged', { entries: [{ ...entry('held'), message: 'It was not sent: the service refused the key.' }] });
    await expect(outcome).rejects.toMatchObject({ code: 'invalid-state', message: 'It was not sent: the service refused the key.' });
  });

  it('never acts on a demo account', async () => {
    const { dispatched, decide } = setUp(waitingInUndo(), true);
    await expect(decide()).rejects.toMatchObject({ code: 'account-not-found' });
    expect(dispatched).toHaveLength(0);
  });
});

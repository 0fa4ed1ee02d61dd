// The outbox in the composed core, over the embedded service: a decision waits out its undo
// window (and an undo sends nothing), waits for a failing service and is sent once when it
// answers again (across a restart too), a crash between the POST and its answer is settled by
// re-reading the quote instead of a second POST, and a quote revised or expired meanwhile
// holds the decision and asks again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitingMessage } from '../../../../main/core/decisions/outbox';
import { OUTBOX_FILE_NAME } from '../../../../main/core/decisions/outbox-file';
import type { Simulator } from '../../../../main/simulator';
import type { DecisionReceipt, DecisionResult, OutboxEntry } from '../../../../preload/contract/bridge/decisions';
import { appliedPosts, call, failDecisions, setupOutboxCore } from './fixtures/outbox-core';
import type { Cleanups } from './fixtures/outbox-core';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const setup = (undoSeconds: number) => setupOutboxCore(undoSeconds, cleanups);

describe('the decision outbox', () => {
  it('sends nothing when the decision is undone inside its window', async () => {
    const { sim, core, ref, version, userData } = await setup(1);
    const result = await call<DecisionResult>(core, 'decisions.accept', { ...ref, version });
    expect(result).toMatchObject({ outcome: 'waiting', entry: { state: 'undo', decision: 'accept', quoteId: ref.quoteId } });
    const entry = (result as Extract<DecisionResult, { outcome: 'waiting' }>).entry;
    // On disk before anything is sent.
    expect(JSON.parse(readFileSync(join(userData, OUTBOX_FILE_NAME), 'utf8'))).toMatchObject({ entries: [{ id: entry.id, state: 'undo' }] });

    expect(await call<OutboxEntry[]>(core, 'decisions.cancel', { id: entry.id })).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(appliedPosts(sim, ref.quoteId)).toEqual([]);
    expect(await call<DecisionReceipt[]>(core, 'decisions.receipts', ref)).toEqual([]);
    expect(await call<OutboxEntry[]>(core, 'decisions.outbox')).toEqual([]);
  });

  it('sends the decision once its window has passed, and counts it made only then', async () => {
    const { sim, core, ref, version, sent } = await setup(1);
    const result = await call<DecisionResult>(core, 'decisions.decline', { ...ref, version, reason: 'Over budget' });
    expect(result.outcome).toBe('waiting');
    expect(await call<DecisionReceipt[]>(core, 'decisions.receipts', ref)).toEqual([]);
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(1);
    expect(sent[0]).toMatchObject({ decision: 'decline', result: { outcome: 'done' } });
    expect(appliedPosts(sim, ref.quoteId)).toHaveLength(1);
    expect(await call<OutboxEntry[]>(core, 'decisions.outbox')).toEqual([]);
    expect(await call<DecisionReceipt[]>(core, 'decisions.receipts', ref)).toMatchObject([{ decision: 'decline', outcome: 'done', reason: 'Over budget' }]);
  });

  it('keeps a decision the failing service did not take, across a restart, and sends it once when the service answers', async () => {
    const { sim, core, close, open, ref, version, sent } = await setup(0);
    const fault = failDecisions(sim);
    const result = await call<DecisionResult>(core, 'decisions.accept', { ...ref, version });
    expect(result).toMatchObject({ outcome: 'waiting', message: waitingMessage(), entry: { state: 'waiting', attempted: true, message: waitingMessage() } });
    await close();

    sim.operator.removeFault(fault);
    const again = open();
    await again.core.ready;
    await expect.poll(() => sent.map((ended) => ended.result.outcome), { timeout: 10_000 }).toEqual(['done']);
    expect(appliedPosts(sim, ref.quoteId)).toHaveLength(1);
    expect(await call<OutboxEntry[]>(again.core, 'decisions.outbox')).toEqual([]);
    expect(await call<DecisionReceipt[]>(again.core, 'decisions.receipts', ref)).toMatchObject([{ decision: 'accept', outcome: 'done' }]);
  });

  it('after a crash between the POST and its answer, re-reads the quote and does not send it again', async () => {
    const { sim, core, close, open, ref, version, userData, sent } = await setup(0);
    const result = await call<DecisionResult>(core, 'decisions.accept', { ...ref, version });
    expect(result.outcome).toBe('done');
    await close();
    sent.length = 0;
    // What a kill right after the POST leaves: the entry marked "sending", its answer never recorded.
    const crashed: OutboxEntry = {
      id: 'crashed-1', accountId: ref.accountId, accountName: 'Client', quoteId: ref.quoteId, quoteNumber: null, decision: 'accept', reason: null,
      version: version!, decidedAt: new Date().toISOString(), sendAt: Date.now(), state: 'sending', attempted: true, message: null,
    };
    writeFileSync(join(userData, OUTBOX_FILE_NAME), JSON.stringify({ entries: [crashed] }));

    const again = open();
    await again.core.ready;
    await expect.poll(() => sent.map((ended) => ended.entryId), { timeout: 10_000 }).toEqual(['crashed-1']);
    expect(sent[0]!.result).toMatchObject({ outcome: 'done' });
    expect(appliedPosts(sim, ref.quoteId)).toHaveLength(1);
    expect(await call<OutboxEntry[]>(again.core, 'decisions.outbox')).toEqual([]);
  });

  it.each([
    ['revised', (sim: Simulator, quoteId: string) => sim.operator.reviseQuote(quoteId), 'changed'],
    ['expired', (sim: Simulator, quoteId: string) => sim.operator.expireQuote(quoteId), 'refused'],
  ] as const)('holds a waiting decision on a quote %s meanwhile and asks again, sending nothing', async (_how, change, outcome) => {
    const { sim, core, ref, version, sent } = await setup(0);
    const fault = failDecisions(sim);
    expect((await call<DecisionResult>(core, 'decisions.accept', { ...ref, version })).outcome).toBe('waiting');
    change(sim, ref.quoteId);
    sim.operator.removeFault(fault);

    await expect.poll(() => sent.map((ended) => ended.result.outcome), { timeout: 10_000 }).toEqual([outcome]);
    expect(sent[0]!.result.message.length).toBeGreaterThan(20);
    expect(appliedPosts(sim, ref.quoteId)).toEqual([]);
    const [held] = await call<OutboxEntry[]>(core, 'decisions.outbox');
    expect(held).toMatchObject({ state: 'held', message: sent[0]!.result.message });
    // Asked again: the person's new decision replaces the held one.
    expect(await call<OutboxEntry[]>(core, 'decisions.cancel', { id: held!.id })).toEqual([]);
  });

  it('refuses to cancel a decision while it is being sent', async () => {
    const { close, open, ref, version, userData } = await setup(0);
    await close();
    const sending: OutboxEntry = {
      id: 'on-the-wire', accountId: ref.accountId, accountName: 'Client', quoteId: ref.quoteId, quoteNumber: null, decision: 'accept', reason: null,
      version: version!, decidedAt: new Date().toISOString(), sendAt: Date.now(), state: 'sending', attempted: true, message: null,
    };
    writeFileSync(join(userData, OUTBOX_FILE_NAME), JSON.stringify({ entries: [sending] }));
    const again = open();
    // Before its start takes the entry up, it is still "sending" on disk.
    await expect(call(again.core, 'decisions.cancel', { id: 'on-the-wire' })).rejects.toMatchObject({ code: 'invalid-state' });
  });
});

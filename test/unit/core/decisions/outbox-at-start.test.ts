// What the last run left in the outbox, taken up at the next start in the composed core: the
// person is told what became of it (the Activity list's report and a native notification),
// sent or held and asked again; and every send the outbox's own timers start counts as a
// decision in flight for the updater, as the person's own sends do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_FILE_NAME } from '../../../../main/core/decisions/outbox-file';
import { changedMessage } from '../../../../main/core/decisions/explain';
import type { DecisionResult, OutboxEntry, StartReport } from '../../../../preload/contract/bridge/decisions';
import type { UnreadSummary } from '../../../../preload/contract';
import { appliedPosts, call, failDecisions, setupOutboxCore } from './fixtures/outbox-core';
import type { Cleanups } from './fixtures/outbox-core';
import { outboxEntry } from './fixtures/outbox-entry';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the outbox at start', () => {
  it('sends a decision left in its undo window when Quotedesk was killed, and says so in Activity and a notification', async () => {
    const { sim, close, open, ref, version, quoteNumber, notified, userData } = await setupOutboxCore(5, cleanups);
    await close();
    // What a kill inside the undo window leaves: the entry on disk, its window still open.
    const inWindow = outboxEntry(1, { accountId: ref.accountId, accountName: 'Client', quoteId: ref.quoteId, quoteNumber, decision: 'accept', reason: null, version: version!, sendAt: Date.now() + 300 });
    writeFileSync(join(userData, OUTBOX_FILE_NAME), JSON.stringify({ entries: [inWindow] }));

    const again = open();
    const told: StartReport[][] = [];
    again.core.hub.subscribe((event) => {
      if (event.name === 'decisions.startReportsChanged') told.push(event.payload.reports);
    });
    await again.core.ready;
    const summary = `Your acceptance of ${quoteNumber} was sent when Quotedesk started.`;
    await expect.poll(() => call<StartReport[]>(again.core, 'decisions.startReports'), { timeout: 10_000 }).toMatchObject([{ outcome: 'sent', waited: false, quoteId: ref.quoteId, detail: null }]);
    expect(told).toMatchObject([[{ outcome: 'sent', entryId: inWindow.id }]]);
    expect(appliedPosts(sim, ref.quoteId)).toHaveLength(1);
    await expect.poll(() => notified.map((notification) => notification.title), { timeout: 5_000 }).toEqual([summary]);
    expect(notified[0]!.body).toContain('Client');
    // The person's own decision: told, but the quote is not made unread for it.
    expect((await call<UnreadSummary>(again.core, 'notifications.unread')).total).toBe(0);
  });

  it('holds a decision whose quote was revised while Quotedesk was closed, says why and asks again, sending nothing', async () => {
    const { sim, core, close, open, ref, version, quoteNumber, notified } = await setupOutboxCore(0, cleanups);
    const fault = failDecisions(sim);
    expect((await call<DecisionResult>(core, 'decisions.accept', { ...ref, version })).outcome).toBe('waiting');
    await close();
    sim.operator.reviseQuote(ref.quoteId);
    sim.operator.removeFault(fault);

    const again = open();
    await again.core.ready;
    const summary = `Your acceptance of ${quoteNumber} was not sent.`;
    await expect.poll(() => call<StartReport[]>(again.core, 'decisions.startReports'), { timeout: 10_000 }).toMatchObject([{ outcome: 'held', detail: changedMessage() }]);
    expect(await call<OutboxEntry[]>(again.core, 'decisions.outbox')).toMatchObject([{ state: 'held', message: changedMessage() }]);
    await expect.poll(() => notified.map((notification) => notification.title), { timeout: 5_000 }).toEqual([summary]);
    expect(notified[0]!.body).toContain(changedMessage());
    expect(appliedPosts(sim, ref.quoteId)).toEqual([]);
  });

  it('keeps the reports across restarts until the person dismisses them, one or all', async () => {
    const { sim, close, open, ref, version, quoteNumber, userData } = await setupOutboxCore(0, cleanups);
    await close();
    const left = [1, 2].map((n) => outboxEntry(n, { accountId: ref.accountId, accountName: 'Client', quoteId: n === 1 ? ref.quoteId : 'gone-quote', quoteNumber: n === 1 ? quoteNumber : 'Q-GONE', decision: 'accept', reason: null, version: version!, sendAt: Date.now() }));
    writeFileSync(join(userData, OUTBOX_FILE_NAME), JSON.stringify({ entries: left }));
    const second = open();
    await second.core.ready;
    await expect.poll(async () => (await call<StartReport[]>(second.core, 'decisions.startReports')).map((report) => report.entryId).sort(), { timeout: 10_000 }).toEqual(['entry-1', 'entry-2']);
    await second.close();
    expect(appliedPosts(sim, ref.quoteId)).toHaveLength(1);

    // A quit right after the start: the next start still tells, and sends nothing again.
    const third = open();
    await third.core.ready;
    const kept = await call<StartReport[]>(third.core, 'decisions.startReports');
    expect(kept.map((report) => report.entryId).sort()).toEqual(['entry-1', 'entry-2']);
    expect(kept.find((report) => report.entryId === 'entry-1')).toMatchObject({ outcome: 'sent' });
    expect(await call<StartReport[]>(third.core, 'decisions.dismissStartReport', { entryId: 'entry-1' })).toMatchObject([{ entryId: 'entry-2' }]);
    await third.close();

    const fourth = open();
    await fourth.core.ready;
    expect(await call<StartReport[]>(fourth.core, 'decisions.startReports')).toMatchObject([{ entryId: 'entry-2' }]);
    expect(await call<StartReport[]>(fourth.core, 'decisions.dismissStartReports')).toEqual([]);
    await fourth.close();
    const fifth = open();
    await fifth.core.ready;
    expect(await call<StartReport[]>(fifth.core, 'decisions.startReports')).toEqual([]);
    expect(appliedPosts(sim, ref.quoteId)).toHaveLength(1);
  });

  it('reports nothing for a decision made and sent in this run', async () => {
    const { core, ref, version, sent, notified } = await setupOutboxCore(0, cleanups);
    expect((await call<DecisionResult>(core, 'decisions.accept', { ...ref, version })).outcome).toBe('done');
    expect(sent).toHaveLength(1);
    expect(await call<StartReport[]>(core, 'decisions.startReports')).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('counts a send its undo window started as a decision in flight: an update waits for its answer', async () => {
    const { sim, core, ref, version, sent } = await setupOutboxCore(1, cleanups);
    sim.operator.addFault({ kind: 'latency', latencyMs: 1_500, match: { method: 'POST', pathPrefix: '/api/public/v1/quotes' } });
    expect((await call<DecisionResult>(core, 'decisions.accept', { ...ref, version })).outcome).toBe('waiting');
    // No call of the person's is under way: only the outbox's timer sends it.
    expect(core.decisionsInFlight.inFlight()).toBe(false);
    await expect.poll(() => core.decisionsInFlight.inFlight(), { timeout: 5_000, interval: 20 }).toBe(true);
    expect(sent).toEqual([]);
    await core.decisionsInFlight.idle();
    expect(sent).toMatchObject([{ result: { outcome: 'done' } }]);
    expect(core.decisionsInFlight.inFlight()).toBe(false);
  });
});

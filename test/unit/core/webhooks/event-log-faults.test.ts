// The event log against a failing disk, injected at its file-system boundary so these run
// without root (test/unit/core/data-files/full-disk.test.ts does the same on a real full tmpfs
// where mount is allowed). Each failure: the delivery is refused (503) or the write rejected,
// nothing acknowledged is lost, and every line on disk stays readable.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { deliveryKey, EventLog } from '../../../../main/core/webhooks/event-log';
import type { LoggedEvent } from '../../../../main/core/webhooks/event-log';
import { eventLine } from '../../../../main/core/webhooks/event-log-file';
import { createFaultyLogFs } from './faulty-log-fs';
import type { FaultyLogFs } from './faulty-log-fs';
import { ACCOUNT, envelope, signed, startHarness } from './harness';

let dir: string;
let fs: FaultyLogFs;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-log-faults-'));
  fs = createFaultyLogFs();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const logger = createSilentLogger();
const reopen = () => EventLog.open({ dir, clock: systemClock, logger });

function logged(note: string, size = 0): LoggedEvent {
  const body = Buffer.from(envelope('quote.created', { note, padding: 'p'.repeat(size) }));
  return { key: deliveryKey(ACCOUNT, body), accountId: ACCOUNT, receivedAt: Date.now(), event: 'quote.created', headers: {}, body };
}

const noteOf = (event: LoggedEvent) => (JSON.parse(event.body.toString()) as { data: { note: string } }).data.note;

function everyLineReadable(file: string): boolean {
  const text = readFileSync(join(dir, file), 'utf8');
  return text.endsWith('\n') && text.trimEnd().split('\n').every((line) => typeof JSON.parse(line) === 'object');
}

describe('the webhook event log on a disk that fills up (injected)', () => {
  it('answers 503 for an event it cannot store, takes the retry once there is room, and every line stays readable', async () => {
    const harness = await startHarness({ dir, fs });
    const created = envelope('quote.created');
    expect((await harness.post(created, signed(created))).status).toBe(200);
    await vi.waitFor(() => expect(readFileSync(join(dir, 'events.jsonl'), 'utf8')).toContain('"t":"done"'));

    // Less room than the line: the write stores part of it, then fails.
    fs.room = 6 * 1024;
    const large = envelope('quote.status_changed', { note: 'x'.repeat(20 * 1024) });
    expect((await harness.post(large, signed(large))).status).toBe(503);
    expect(everyLineReadable('events.jsonl')).toBe(true);
    expect(harness.processed.map((event) => event.event)).toEqual(['quote.created']);

    fs.room = null;
    expect((await harness.post(large, signed(large))).status).toBe(200);
    const expired = envelope('quote.expired');
    expect((await harness.post(expired, signed(expired))).status).toBe(200);
    await harness.receiver.idle();
    expect(harness.processed.map((event) => event.event)).toEqual(['quote.created', 'quote.status_changed', 'quote.expired']);
    await harness.close();

    const reopened = await reopen();
    expect(reopened.skippedLines).toBe(0);
    expect(reopened.recent.map(({ event }) => event.event)).toEqual(['quote.created', 'quote.status_changed', 'quote.expired']);
    expect(reopened.pending).toEqual([]);
    await reopened.log.close();
  });

  it('keeps what was processed when the write carrying that record fails: it goes with the next event', async () => {
    const { log } = await EventLog.open({ dir, clock: systemClock, logger, fs });
    const first = logged('first');
    await log.append(first);

    fs.room = 0;
    log.markProcessedThen(first.key, 'refreshed');
    await expect(log.append(logged('refused', 20 * 1024))).rejects.toThrow(/ENOSPC/);

    fs.room = null;
    const next = logged('next');
    await log.append(next);
    await log.close();

    const reopened = await reopen();
    expect(reopened.skippedLines).toBe(0);
    expect(reopened.pending.map((event) => event.key)).toEqual([next.key]);
    expect(reopened.recent.find(({ event }) => event.key === first.key)?.caused).toBe('refreshed');
    await reopened.log.close();
  });

  it('writes nothing after a torn line while the failed write cannot be cut off, and goes on once it can', async () => {
    const { log } = await EventLog.open({ dir, clock: systemClock, logger, fs });
    await log.append(logged('first'));
    fs.room = 100;
    fs.failTruncate = true;
    await expect(log.append(logged('torn', 4 * 1024))).rejects.toThrow();
    // Room again, but the torn bytes are still there: refused rather than written behind them.
    fs.room = null;
    await expect(log.append(logged('behind the torn line'))).rejects.toThrow(/cut off/);
    fs.failTruncate = false;
    await log.append(logged('last'));
    await log.close();
    expect(everyLineReadable('events.jsonl')).toBe(true);
    const reopened = await reopen();
    expect(reopened.skippedLines).toBe(0);
    expect(reopened.pending.map(noteOf)).toEqual(['first', 'last']);
    await reopened.log.close();
  });

  it('completes writes the disk takes in short pieces', async () => {
    fs.writeChunk = 333;
    const { log } = await EventLog.open({ dir, clock: systemClock, logger, fs });
    const events = Array.from({ length: 10 }, (_, n) => logged(`short ${n}`, 2_000));
    await Promise.all(events.map((event) => log.append(event)));
    await log.close();
    const reopened = await reopen();
    expect(reopened.skippedLines).toBe(0);
    expect(reopened.pending.map((event) => event.key)).toEqual(events.map((event) => event.key));
    await reopened.log.close();
  });

  it('puts a rotation off when its unprocessed events cannot be copied, and loses none of them', async () => {
    const { log } = await EventLog.open({ dir, clock: systemClock, logger, fs, maxFileBytes: 8 * 1024 });
    const events = Array.from({ length: 14 }, (_, n) => logged(`rotating ${n}`, 3 * 1024));
    // Each event's own line fits, but no more: the first rotation that has events to copy forward fails.
    let putOff = -1;
    for (const [index, event] of events.entries()) {
      fs.room = putOff < 0 ? Buffer.byteLength(eventLine(event)) : null;
      fs.calls.length = 0;
      await log.append(event);
      // The rotation (if this write started one) runs after the append resolved.
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (putOff < 0 && fs.calls.includes('open events.next.jsonl') && !fs.calls.some((call) => call.startsWith('rename'))) putOff = index;
    }
    await log.close();
    expect(putOff).toBeGreaterThan(0);
    expect(putOff).toBeLessThan(events.length - 4);
    const reopened = await reopen();
    expect(reopened.skippedLines).toBe(0);
    expect(reopened.pending.map((event) => event.key).sort()).toEqual(events.map((event) => event.key).sort());
    await reopened.log.close();
  });
});

describe('the webhook event log folder', () => {
  it("is fsync'd after the live file is created and after each rotation renamed its files", async () => {
    const { log } = await EventLog.open({ dir, clock: systemClock, logger, fs, maxFileBytes: 4 * 1024 });
    expect(fs.calls).toEqual(['open events.jsonl', 'sync-folder']);
    fs.calls.length = 0;
    await log.append(logged('one', 5 * 1024));
    await log.append(logged('two'));
    await log.close();
    expect(fs.calls).toEqual(['open events.next.jsonl', 'rename events.jsonl events.1.jsonl', 'rename events.next.jsonl events.jsonl', 'sync-folder', 'open events.jsonl']);
  });

  it('finishes a rotation cut short between its two renames: the carried events become the live file', async () => {
    const { log } = await EventLog.open({ dir, clock: systemClock, logger, maxFileBytes: 4 * 1024 });
    await log.append(logged('unprocessed', 5 * 1024));
    const second = logged('second', 5 * 1024);
    await log.append(second);
    await log.append(logged('third'));
    await log.close();
    // As a crash after `events.jsonl -> events.1.jsonl`, before `events.next.jsonl -> events.jsonl`, leaves it.
    copyFileSync(join(dir, 'events.1.jsonl'), join(dir, 'events.next.jsonl'));
    renameSync(join(dir, 'events.jsonl'), join(dir, 'events.1.jsonl'));
    const reopened = await reopen();
    expect(reopened.pending.map(noteOf).sort()).toEqual(['second', 'third', 'unprocessed']);
    expect(readFileSync(join(dir, 'events.jsonl'), 'utf8')).toContain(second.key);
    expect(existsSync(join(dir, 'events.next.jsonl'))).toBe(false);
    await reopened.log.close();
  });
});

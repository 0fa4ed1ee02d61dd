// The event log's bounds, from the audit of issue #31: a caller's `undefined` option must not
// switch rotation (or any other bound) off, a start must not hold the whole history in memory,
// and the live file is opened for durable writes.
import { constants as fsConstants, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { openDurableReceiver } from '../../../../main/core/webhooks/durable-receiver';
import { deliveryKey, EventLog } from '../../../../main/core/webhooks/event-log';
import type { LoggedEvent } from '../../../../main/core/webhooks/event-log';
import { doneLine, eventLine, nodeEventLogFileSystem, readLines } from '../../../../main/core/webhooks/event-log-file';
import { LogHistory } from '../../../../main/core/webhooks/event-log-history';
import { createFaultyLogFs } from './faulty-log-fs';
import { ACCOUNT, envelope, singleRoute } from './harness';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-log-bounds-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const logger = createSilentLogger();
const MiB = 1024 * 1024;
const DEFAULT_CAP = 8 * MiB;

function logged(n: number, padding = 0): LoggedEvent {
  const body = Buffer.from(envelope('quote.created', { n, padding: 'p'.repeat(padding) }));
  return { key: deliveryKey(ACCOUNT, body), accountId: ACCOUNT, receivedAt: Date.now(), event: 'quote.created', headers: {}, body };
}

const linesOf = (file: string) => readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
const notesIn = (file: string) => linesOf(file).flatMap((line) => {
  const parsed = JSON.parse(line) as { t: string; body?: string };
  return parsed.t === 'event' ? [(JSON.parse(Buffer.from(parsed.body!, 'base64').toString()) as { data: { n: number } }).data.n] : [];
});

describe('the event log rotates at its cap', () => {
  it('keeps every default when the options are passed through as undefined (the receiver did: one 28.5 MB file)', async () => {
    // The audit's repro: the durable receiver passed `maxFileBytes: undefined` over the default.
    const opened = await EventLog.open({ dir, clock: systemClock, logger, maxFileBytes: undefined, maxKeys: undefined, maxKeyAgeMs: undefined, recentLimit: undefined, fs: undefined });
    // ~0.9 MiB lines: the default 8 MiB cap is crossed after nine.
    const events = Array.from({ length: 12 }, (_, n) => logged(n, 700 * 1024));
    for (const event of events) await opened.log.append(event);
    // maxKeys and maxKeyAgeMs kept their defaults too: dedupe still remembers every key.
    expect(events.filter((event) => opened.log.lookup(event.key) === null)).toEqual([]);
    await opened.log.close();
    expect(readdirSync(dir).sort()).toEqual(['events.1.jsonl', 'events.jsonl']);
    expect(statSync(join(dir, 'events.1.jsonl')).size).toBeGreaterThanOrEqual(DEFAULT_CAP);
    expect(statSync(join(dir, 'events.jsonl')).size).toBeLessThan(DEFAULT_CAP);
    expect([...notesIn('events.1.jsonl'), ...notesIn('events.jsonl')]).toEqual(events.map((_, n) => n));
  });

  it('rotates the durable receiver’s log (the app and `listen` open theirs through it) at the default cap', async () => {
    const durable = await openDurableReceiver({ dir, maxFileBytes: undefined, routes: singleRoute(), clock: systemClock, logger, process: async () => 'done' });
    const events = Array.from({ length: 12 }, (_, n) => logged(n, 700 * 1024));
    for (const event of events) expect(await durable.logProcessed(event, 'listed')).toBe(true);
    await durable.close();
    expect(readdirSync(dir).sort()).toEqual(['events.1.jsonl', 'events.jsonl']);
    expect(statSync(join(dir, 'events.jsonl')).size).toBeLessThan(DEFAULT_CAP);
  });
});

describe('the event log at start', () => {
  it('holds at most the unprocessed events and the latest recentLimit while it reads a long history', async () => {
    // 5,000 processed events and 3 never processed, spread over the history.
    const unprocessed = new Set([10, 2_500, 4_999]);
    const lines: string[] = [];
    for (let n = 0; n < 5_000; n++) {
      const event = logged(n, 200);
      lines.push(eventLine(event));
      if (!unprocessed.has(n)) lines.push(doneLine(event.key, `caused ${n}`));
    }
    writeFileSync(join(dir, 'events.jsonl'), lines.join(''));

    // The reading open() does, watched line by line.
    const history = new LogHistory({ maxKeys: 100_000, recentLimit: 20 });
    let mostHeld = 0;
    const read = await readLines(nodeEventLogFileSystem, join(dir, 'events.jsonl'), true, (line) => {
      history.add(line, 'live');
      mostHeld = Math.max(mostHeld, history.held);
    });
    expect(read.skipped).toBe(0);
    expect(mostHeld).toBeLessThanOrEqual(20 + unprocessed.size);
    expect(history.seen.size).toBe(5_000);

    const opened = await EventLog.open({ dir, clock: systemClock, logger, recentLimit: 20 });
    const noteOf = (event: LoggedEvent) => (JSON.parse(event.body.toString()) as { data: { n: number } }).data.n;
    expect(opened.pending.map(noteOf)).toEqual([10, 2_500, 4_999]);
    expect(opened.recent.map(({ event }) => noteOf(event))).toEqual(Array.from({ length: 20 }, (_, index) => 4_980 + index));
    expect(opened.recent.at(-2)?.caused).toBe('caused 4998');
    expect(opened.recent.at(-1)?.caused).toBeNull();
    expect(opened.log.lookup(logged(0, 200).key)).not.toBeNull();
    await opened.log.close();
  });

  it('reads lines cut across read chunks, and a torn last line only as skipped', async () => {
    const events = Array.from({ length: 40 }, (_, n) => logged(n, 300 * 1024));
    writeFileSync(join(dir, 'events.jsonl'), events.map((event) => eventLine(event)).join('') + '{"t":"event","key":"torn');
    const opened = await EventLog.open({ dir, clock: systemClock, logger });
    expect(opened.skippedLines).toBe(1);
    expect(opened.pending.map((event) => event.key)).toEqual(events.map((event) => event.key));
    expect(opened.pending.every((event, n) => event.body.equals(events[n]!.body))).toBe(true);
    await opened.log.close();
    expect(readFileSync(join(dir, 'events.jsonl'), 'utf8').endsWith('}\n')).toBe(true);
  });
});

describe('the event log’s durable writes', () => {
  it('opens the live file for durable writes at explicit offsets (O_DSYNC on Linux, else an fdatasync per durable write)', async () => {
    const fs = createFaultyLogFs();
    const opened = await EventLog.open({ dir, clock: systemClock, logger, fs });
    await opened.log.append(logged(1));
    await opened.log.append(logged(2));
    await opened.log.close();
    const live = fs.openFlags.filter((open) => open.name === 'events.jsonl');
    expect(live).toHaveLength(1);
    const { flags } = live[0]!;
    expect(flags & fsConstants.O_WRONLY).toBe(fsConstants.O_WRONLY);
    expect(flags & fsConstants.O_CREAT).toBe(fsConstants.O_CREAT);
    expect(flags & fsConstants.O_APPEND).toBe(0);
    if (process.platform === 'linux') expect(flags & fsConstants.O_DSYNC).toBe(fsConstants.O_DSYNC);
    else expect(fs.datasyncs).toBeGreaterThanOrEqual(2);
  });
});

import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { dedupeKey, deliveryKey, EventLog } from '../../../../main/core/webhooks/event-log';
import type { LoggedEvent } from '../../../../main/core/webhooks/event-log';
import { createFakeClock } from '../../../helpers/fake-clock';
import { ACCOUNT, envelope, signed, startHarness } from './harness';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-event-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const clock = createFakeClock();
const logger = createSilentLogger();

function event(n: number): LoggedEvent {
  const body = Buffer.from(envelope('quote.created', { n }));
  return { key: dedupeKey(body), accountId: ACCOUNT, receivedAt: clock.now(), event: 'quote.created', headers: { 'x-webhook-event': 'quote.created' }, body };
}

describe('webhook event log', () => {
  it('remembers keys across a reopen and hands back what was never processed', async () => {
    const first = await EventLog.open({ dir, clock, logger });
    await first.log.append(event(1));
    await first.log.append(event(2));
    await first.log.markProcessed(event(1).key, 'refreshed quote');
    await first.log.close();

    const second = await EventLog.open({ dir, clock, logger });
    expect(second.log.lookup(event(1).key)).not.toBeNull();
    expect(second.log.lookup(event(2).key)).not.toBeNull();
    expect(second.log.lookup(event(3).key)).toBeNull();
    expect(second.pending.map((pending) => pending.key)).toEqual([event(2).key]);
    expect(second.pending[0]?.body.equals(event(2).body)).toBe(true);
    expect(second.recent.map((recent) => recent.caused)).toEqual(['refreshed quote', null]);
    await second.log.close();
  });

  it('ignores a torn last line after a crash, keeps the rest and appends cleanly after it', async () => {
    const first = await EventLog.open({ dir, clock, logger });
    await first.log.append(event(1));
    await first.log.markProcessed(event(1).key, null);
    await first.log.close();
    appendFileSync(join(dir, 'events.jsonl'), '{"t":"event","key":"abc","account":"ac');

    const second = await EventLog.open({ dir, clock, logger });
    expect(second.skippedLines).toBe(1);
    expect(second.log.lookup(event(1).key)).not.toBeNull();
    await second.log.append(event(2));
    await second.log.close();
    expect(readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').every((line) => line === '' || JSON.parse(line))).toBeTruthy();

    const third = await EventLog.open({ dir, clock, logger });
    expect(third.skippedLines).toBe(0);
    expect(third.pending.map((pending) => pending.key)).toEqual([event(2).key]);
    await third.log.close();
  });

  it('rotates past its size cap and still deduplicates against the rotated file', async () => {
    const first = await EventLog.open({ dir, clock, logger, maxFileBytes: 2_000 });
    for (let n = 0; n < 12; n++) await first.log.append(event(n));
    await first.log.close();
    expect(existsSync(join(dir, 'events.1.jsonl'))).toBe(true);
    expect(readFileSync(join(dir, 'events.jsonl')).length).toBeLessThan(2_000 + 1_000);

    const second = await EventLog.open({ dir, clock, logger, maxFileBytes: 2_000 });
    expect(second.log.lookup(event(11).key)).not.toBeNull();
    expect(second.log.lookup(event(9).key)).not.toBeNull();
    await second.log.close();
  });

  it('forgets keys past its count and age bounds', async () => {
    const local = createFakeClock();
    const opened = await EventLog.open({ dir, clock: local, logger, maxKeys: 3, maxKeyAgeMs: 60_000 });
    for (let n = 0; n < 5; n++) await opened.log.append(event(n));
    expect(opened.log.lookup(event(0).key)).toBeNull();
    expect(opened.log.lookup(event(4).key)).not.toBeNull();
    local.advance(61_000);
    expect(opened.log.lookup(event(4).key)).toBeNull();
    await opened.log.close();
  });

  it('writes concurrent appends in one group commit, each durable when it resolves', async () => {
    const opened = await EventLog.open({ dir, clock, logger });
    await Promise.all(Array.from({ length: 200 }, (_, n) => opened.log.append(event(n))));
    expect(readFileSync(join(dir, 'events.jsonl'), 'utf8').trim().split('\n')).toHaveLength(200);
    await opened.log.close();
  });

  it('processes at start an event acknowledged but not processed before the process died', async () => {
    const first = await EventLog.open({ dir, clock, logger });
    const body = envelope('quote.accepted');
    // The harness runs on the real clock: a key as old as the fake clock's would have expired.
    await first.log.append({ ...event(0), receivedAt: Date.now(), body: Buffer.from(body), key: deliveryKey(ACCOUNT, Buffer.from(body)), event: 'quote.accepted' });
    await first.log.close();

    const harness = await startHarness({ dir });
    await harness.receiver.idle();
    expect(harness.processed.map((processed) => processed.event)).toEqual(['quote.accepted']);
    // And the resent delivery is a duplicate, not a second event.
    expect((await harness.post(body, signed(body))).status).toBe(200);
    await harness.receiver.idle();
    expect(harness.processed).toHaveLength(1);
    await harness.close();

    const again = await startHarness({ dir });
    await again.receiver.idle();
    expect(again.processed).toEqual([]);
    await again.close();
  });
});

describe('webhook event log writes', () => {
  it('still writes events after a processed marker was taken by a running write before its own timer fired', async () => {
    const opened = await EventLog.open({ dir, clock, logger });
    const first = opened.log.append(event(1));
    // Queued while the first write runs: that write takes it along, and its timer finds nothing.
    const marker = opened.log.markProcessed(event(1).key, null);
    await Promise.all([first, marker]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const written = await Promise.race([opened.log.append(event(2)).then(() => 'written'), new Promise((resolve) => setTimeout(() => resolve('stalled'), 2_000))]);
    expect(written).toBe('written');
    await opened.log.close();
  });
});

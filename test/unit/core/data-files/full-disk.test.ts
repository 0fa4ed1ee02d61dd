// The full-disk case for real: a 64 KiB tmpfs, filled almost to the brim, then a save that
// cannot fit. Needs root (mount); anywhere mount is refused the reason is printed and the
// test is skipped, the injected-failure tests in atomic-file.test.ts cover the same paths.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { systemClock } from '../../../../main/core/ports';
import { DataWriteError, writeFileAtomicSync } from '../../../../main/core/data-files';
import { dedupeKey, EventLog } from '../../../../main/core/webhooks/event-log';
import type { LoggedEvent } from '../../../../main/core/webhooks/event-log';
import { envelope, signed, startHarness } from '../webhooks/harness';

let mountPoint = '';
let refused: string | null = null;

beforeAll(() => {
  mountPoint = mkdtempSync(join(tmpdir(), 'qd-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    refused = `mount of a 64 KiB tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
});
afterAll(() => {
  if (!refused) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});
beforeEach((context) => {
  if (refused) {
    console.warn(`full-disk test skipped: ${refused}`);
    context.skip();
    return;
  }
  for (const name of readdirSync(mountPoint)) rmSync(join(mountPoint, name), { recursive: true, force: true });
});

/** Fills the disk until only about `leave` bytes are free. */
function fillLeaving(leave: number): void {
  const filler = join(mountPoint, 'filler');
  let size = 64 * 1024;
  while (size > 0) {
    try {
      writeFileSync(filler, Buffer.alloc(size));
      break;
    } catch {
      size -= 1024;
    }
  }
  // Free what was asked for (tmpfs counts whole pages).
  writeFileSync(filler, Buffer.alloc(Math.max(0, size - leave)));
}

const OLD = JSON.stringify({ accounts: [{ id: 'a1', name: 'Acme' }] }, null, '\t');
const BIG = 'x'.repeat(40 * 1024);

describe('on a disk that is really full', () => {
  it('the writer reports "the disk is full" and the old file stays whole', () => {
    const path = join(mountPoint, 'settings.json');
    writeFileAtomicSync(path, OLD);
    fillLeaving(8 * 1024);
    let caught: unknown;
    try {
      writeFileAtomicSync(path, JSON.stringify({ accounts: [{ id: 'a1', notes: BIG }] }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataWriteError);
    expect((caught as DataWriteError).reason).toMatch(/disk is full|accepted only/);
    expect(readFileSync(path, 'utf8')).toBe(OLD);
    expect(readdirSync(mountPoint).sort()).toEqual(['filler', 'settings.json']);
  });

  it('a settings change that does not fit throws, is not kept, and the next start reads the old settings', () => {
    const settings = createJsonSettingsStore({ folder: mountPoint });
    settings.set('accounts', [{ id: 'a1', name: 'Acme' }]);
    fillLeaving(8 * 1024);
    expect(() => settings.set('accounts', [{ id: 'a1', name: 'Acme', notes: BIG }])).toThrow(/disk is full|accepted only/);
    expect(settings.get('accounts')).toEqual([{ id: 'a1', name: 'Acme' }]);
    const reopened = createJsonSettingsStore({ folder: mountPoint });
    expect(reopened.problems()).toEqual([]);
    expect(reopened.get('accounts')).toEqual([{ id: 'a1', name: 'Acme' }]);
  });

  it('a credential that does not fit is refused and the saved ones stay readable', async () => {
    const path = join(mountPoint, 'secrets.json');
    const secrets = createFileSecretStore({ path });
    await secrets.set('account:a1', 'live_key_1');
    fillLeaving(8 * 1024);
    await expect(secrets.set('account:a2', BIG)).rejects.toBeInstanceOf(DataWriteError);
    expect(await secrets.names()).toEqual(['account:a1']);
    const reopened = createFileSecretStore({ path });
    expect(reopened.problems()).toEqual([]);
    expect(await reopened.get('account:a1')).toBe('live_key_1');
  });
});

describe('the webhook event log on a disk that is really full', () => {
  it('answers 503 for an event it cannot store, takes the retry once there is room, and every line stays readable', async () => {
    const dir = join(mountPoint, 'webhooks');
    const harness = await startHarness({ dir });
    const created = envelope('quote.created');
    expect((await harness.post(created, signed(created))).status).toBe(200);
    await vi.waitFor(() => expect(readFileSync(join(dir, 'events.jsonl'), 'utf8')).toContain('"t":"done"'));

    // Larger than the room left: the write stops partway through its line, then fails.
    fillLeaving(6 * 1024);
    const large = envelope('quote.status_changed', { note: 'x'.repeat(20 * 1024) });
    expect((await harness.post(large, signed(large))).status).toBe(503);
    expect(harness.processed.map((event) => event.event)).toEqual(['quote.created']);

    rmSync(join(mountPoint, 'filler'));
    // The sender's retry, then the next event: both stored after the failed write was cut off.
    expect((await harness.post(large, signed(large))).status).toBe(200);
    const expired = envelope('quote.expired');
    expect((await harness.post(expired, signed(expired))).status).toBe(200);
    await harness.receiver.idle();
    expect(harness.processed.map((event) => event.event)).toEqual(['quote.created', 'quote.status_changed', 'quote.expired']);
    await harness.close();

    const reopened = await EventLog.open({ dir, clock: systemClock, logger: createSilentLogger() });
    expect(reopened.skippedLines).toBe(0);
    expect(reopened.recent.map(({ event }) => event.event)).toEqual(['quote.created', 'quote.status_changed', 'quote.expired']);
    expect(reopened.pending).toEqual([]);
    await reopened.log.close();
  });

  it('keeps what was processed when the write carrying that record fails: it goes with the next event', async () => {
    const dir = join(mountPoint, 'webhooks');
    const logged = (note: string): LoggedEvent => {
      const body = Buffer.from(envelope('quote.created', { note }));
      return { key: dedupeKey(body), accountId: 'acct-1', receivedAt: Date.now(), event: 'quote.created', headers: {}, body };
    };
    const { log } = await EventLog.open({ dir, clock: systemClock, logger: createSilentLogger() });
    const first = logged('first');
    await log.append(first);

    fillLeaving(0);
    // The record that the first event was processed joins the next write, which the full disk refuses.
    log.markProcessedThen(first.key, 'refreshed');
    await expect(log.append(logged('x'.repeat(20 * 1024)))).rejects.toThrow();

    rmSync(join(mountPoint, 'filler'));
    const next = logged('next');
    await log.append(next);
    await log.close();

    const reopened = await EventLog.open({ dir, clock: systemClock, logger: createSilentLogger() });
    expect(reopened.skippedLines).toBe(0);
    // Only the event never marked processed is handed back; the first is not processed twice.
    expect(reopened.pending.map((event) => event.key)).toEqual([next.key]);
    expect(reopened.recent.find(({ event }) => event.key === first.key)?.caused).toBe('refreshed');
    await reopened.log.close();
  });
});

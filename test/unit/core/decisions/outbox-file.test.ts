// The outbox file against a failing disk (injected at the atomic writer's file system, as the
// event log's fault tests do), a damaged file, and a writer killed (SIGKILL) at random moments:
// every write either lands whole or is reported and leaves the previous list, never a torn file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { damagedCopiesOf, nodeAsyncFileSystem } from '../../../../main/core/data-files';
import type { AsyncFileSystem } from '../../../../main/core/data-files';
import type { StartReport } from '../../../../preload/contract/bridge/decisions';
import { openOutboxFile, OUTBOX_FILE_NAME } from '../../../../main/core/decisions/outbox-file';
import { createSilentLogger } from '../../../../main/core/log';
import { faultyAsync } from '../data-files/faulty-fs';
import type { Fault } from '../data-files/faulty-fs';
import { outboxEntry } from './fixtures/outbox-entry';
import { runAndKill } from '../../../helpers/kill-while-writing';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-outbox-file-'));
  path = join(dir, OUTBOX_FILE_NAME);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const logger = createSilentLogger();

function startReport(n: number): StartReport {
  return { entryId: `entry-${n}`, accountId: 'acc-1', accountName: 'Northwind', quoteId: `quote-${n}`, quoteNumber: `Q-${n}`, decision: 'accept', outcome: 'sent', waited: false, detail: null, at: '2026-11-28T12:00:00.000Z' };
}

describe('the outbox file with its start reports', () => {
  it('writes each half beside the other: neither drops the other, nor puts back a write that was refused', async () => {
    let refuse = false;
    const failing = faultyAsync({ at: 'rename', error: 'EACCES' });
    const fs: AsyncFileSystem = { ...nodeAsyncFileSystem, rename: (from, to) => (refuse ? failing.rename(from, to) : nodeAsyncFileSystem.rename(from, to)) };
    const file = openOutboxFile({ path, logger, fs });
    await file.write([outboxEntry(1)]);
    await file.writeReports([startReport(7)]);
    refuse = true;
    await expect(file.write([outboxEntry(1), outboxEntry(2)])).rejects.toMatchObject({ name: 'DataWriteError' });
    refuse = false;
    // The decision the caller was told was not saved must not reach the disk with the reports.
    await file.writeReports([startReport(7), startReport(8)]);
    const reopened = openOutboxFile({ path, logger });
    expect(reopened.entries().map((entry) => entry.id)).toEqual(['entry-1']);
    expect(reopened.reports().map((report) => report.entryId)).toEqual(['entry-7', 'entry-8']);

    // Asked one behind the other, both land.
    await Promise.all([file.write([outboxEntry(1), outboxEntry(3)]), file.writeReports([])]);
    const last = openOutboxFile({ path, logger });
    expect(last.entries().map((entry) => entry.id)).toEqual(['entry-1', 'entry-3']);
    expect(last.reports()).toEqual([]);
  });
});

describe('the outbox file on a failing disk (injected)', () => {
  it.each<[string, Fault]>([
    ['a full disk mid-write', { at: 'write', afterBytes: 100, error: 'ENOSPC' }],
    ['a short write', { at: 'write', afterBytes: 100 }],
    ['an fsync error', { at: 'fsync', error: 'EIO' }],
    ['a refused rename', { at: 'rename', error: 'EACCES' }],
  ])('rejects the write on %s and keeps the previous list, in memory and on disk', async (_what, fault) => {
    await openOutboxFile({ path, logger }).write([outboxEntry(1)]);
    const file = openOutboxFile({ path, logger, fs: faultyAsync(fault) });

    await expect(file.write([outboxEntry(1), outboxEntry(2)])).rejects.toMatchObject({ name: 'DataWriteError' });
    expect(file.entries().map((entry) => entry.id)).toEqual(['entry-1']);
    const reopened = openOutboxFile({ path, logger });
    expect(reopened.problem()).toBeNull();
    expect(reopened.entries().map((entry) => entry.id)).toEqual(['entry-1']);
    // No temporary file is left beside it.
    expect(readdirSync(dir)).toEqual([OUTBOX_FILE_NAME]);
  });

  it('sets a damaged file aside, never overwriting it, and starts empty saying so', () => {
    writeFileSync(path, '{"entries": [ {"id": "cut sh');
    const file = openOutboxFile({ path, logger });
    expect(file.entries()).toEqual([]);
    expect(file.problem()).toMatchObject({ file: 'outbox', path, reason: expect.stringContaining('not valid JSON') });
    expect(damagedCopiesOf(path)).toHaveLength(1);
    expect(readFileSync(damagedCopiesOf(path)[0]!, 'utf8')).toBe('{"entries": [ {"id": "cut sh');
  });

  it('keeps the readable decisions of a file with an unreadable one, and says how many were dropped', () => {
    writeFileSync(path, JSON.stringify({ entries: [outboxEntry(1), { id: 'no-fields' }, outboxEntry(3)] }));
    const file = openOutboxFile({ path, logger });
    expect(file.entries().map((entry) => entry.id)).toEqual(['entry-1', 'entry-3']);
    expect(file.problem()).toMatchObject({ file: 'outbox', reason: expect.stringContaining('1 unreadable entry') });
  });
});

const WRITER = fileURLToPath(new URL('./fixtures/outbox-writer.ts', import.meta.url));
const MAX_KILLS = 8;
const BUDGET_MS = 30_000;


describe('the outbox file written by a process killed at any moment', () => {
  it('always reads back whole, holding every decision reported written', { timeout: BUDGET_MS + 20_000 }, async () => {
    const started = Date.now();
    let kills = 0;
    let lastSeen = 0;
    while (kills < MAX_KILLS && Date.now() - started < BUDGET_MS) {
      const reported = await runAndKill(WRITER, dir, 80);
      kills += 1;
      const file = openOutboxFile({ path, logger });
      expect(file.problem()).toBeNull();
      const ids = file.entries().map((entry) => entry.id);
      expect(ids.length).toBeGreaterThanOrEqual(Math.max(reported, lastSeen));
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => `entry-${index + 1}`));
      lastSeen = ids.length;
    }
    expect(kills).toBeGreaterThanOrEqual(3);
  });
});

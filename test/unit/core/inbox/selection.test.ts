// Quotes selected in the inbox, as the core resolves them against the view they were selected
// in: exported (exactly the selected rows, in the view's order), marked read or unread across
// the accounts that see them, and their PDFs kept offline batch by batch.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createExportHandlers } from '../../../../main/core/export/bridge';
import type { ExportHandlers, FileToDeliver } from '../../../../main/core/export/bridge';
import { createInboxHandlers } from '../../../../main/core/inbox/bridge';
import type { InboxHandlers } from '../../../../main/core/inbox/bridge';
import { createKeepOfflineJobs } from '../../../../main/core/inbox/keep-offline';
import type { KeepOfflineJobs } from '../../../../main/core/inbox/keep-offline';
import { createSelectionHandlers } from '../../../../main/core/inbox/selection';
import type { SelectionHandlers } from '../../../../main/core/inbox/selection';
import { followAccountServices } from '../../../../main/core/cache';
import type { QuoteToKeep } from '../../../../main/core/cache';
import { createSilentLogger } from '../../../../main/core/log';
import { createUnreadState } from '../../../../main/core/notify/unread';
import type { UnreadState } from '../../../../main/core/notify/unread';
import { createSyncEngine } from '../../../../main/core/sync';
import type { SyncEngine } from '../../../../main/core/sync';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import { exportMethods } from '../../../../preload/contract/bridge/export';
import { SELECTION_IDS_MAX, selectionMethods } from '../../../../preload/contract/bridge/selection';
import type { InboxRow, KeepOfflineJob } from '../../../../preload/contract';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { accountsOf, startRelay, testAccount } from '../sync/helpers';
import type { Relay, TestAccount } from '../sync/helpers';

let sim: Simulator;
let relay: Relay;
let rig: CacheRig;
let dir: string;
let engine: SyncEngine;
let accounts: TestAccount[];
let inbox: InboxHandlers;
let exports: ExportHandlers;
let selection: SelectionHandlers;
let unread: UnreadState;
let delivered: FileToDeliver[];
/** What the PDF cache was asked to keep offline, call by call. */
let kept: QuoteToKeep[][];
let jobs: KeepOfflineJobs;
/** Reads of the view (inbox windows) the keep-offline jobs made. */
let jobViewReads: number;
/** Downloads begun, quote by quote. */
let started: string[];
/** While on, each download waits for release() (or for the job's abort). */
let holding: boolean;
let waiting: (() => void)[];
const release = () => waiting.shift()!();

beforeEach(async () => {
  sim = await startSimulator({ seed: 5, quotes: 60, clock: new ManualClock(), log: () => undefined });
  relay = await startRelay(sim.baseUrl);
  const clock = createFakeClock(Date.UTC(2026, 0, 15, 9));
  dir = await mkdtemp(join(tmpdir(), 'qd-selection-'));
  rig = cacheRig(join(dir, 'cache.db'), clock);
  // A client key and the internal key of one service: a quote both see is one row.
  accounts = [
    testAccount('internal', 'internal', relay.baseUrl, { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey }, clock),
    testAccount('client', 'client', relay.baseUrl, { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey }, clock),
  ];
  const service = accountsOf(accounts);
  // As the inbox feature does when it is made: the accounts' services are the cache's before it is read.
  await followAccountServices({ cache: rig.cache, accounts: service, bus: rig.bus, logger: createSilentLogger() }).known;
  engine = createSyncEngine({ accounts: service, bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger(), every: () => () => undefined });
  engine.start();
  await engine.refresh();
  const pdfs = { get: () => Promise.reject(new Error('not used')), status: () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }) };
  inbox = createInboxHandlers({ cache: rig.cache, sync: engine, pdfs, accounts: service, clock });
  delivered = [];
  exports = createExportHandlers({
    cache: rig.cache,
    accounts: service,
    clock,
    deliver: async (file) => {
      delivered.push(file);
      return { kind: 'download', url: `/downloads/${delivered.length}` };
    },
  });
  unread = createUnreadState({ path: join(dir, 'unread.json'), clock, logger: createSilentLogger() });
  kept = [];
  started = [];
  holding = false;
  waiting = [];
  jobViewReads = 0;
  const cache = rig.cache;
  jobs = createKeepOfflineJobs({
    // The real cache, counting the windows of the view the job reads.
    cache: { inbox: (query) => (jobViewReads++, cache.inbox(query)) },
    clock,
    logger: createSilentLogger(),
    batch: 3,
    pdfs: {
      usage: () => ({ files: 4, bytes: 6_000_000 }),
      // As the PDF cache does: one quote after another; none starts once the signal is aborted,
      // and one aborted under way is neither kept nor failed. The third quote of each batch
      // fails, as a withdrawn quote's PDF would.
      keepOffline: async (quotes, signal) => {
        kept.push([...quotes]);
        let done = 0;
        const failed: { accountId: string; quoteId: string; label: string | null; reason: string }[] = [];
        for (const [index, quote] of quotes.entries()) {
          if (signal?.aborted) break;
          started.push(quote.quoteId);
          if (holding) await new Promise<void>((resolve) => (waiting.push(resolve), signal?.addEventListener('abort', () => resolve(), { once: true })));
          if (signal?.aborted) break;
          if (index === 2) failed.push({ ...quote, reason: 'gone' });
          else done++;
        }
        return { kept: done, alreadyOffline: 0, failed, notTried: quotes.length - done - failed.length };
      },
    },
  });
  selection = createSelectionHandlers({ cache: rig.cache, accounts: service, clock, unread, keepOffline: jobs });
});
afterEach(async () => {
  await jobs.close();
  await engine.stop();
  for (const account of accounts) await account.client.close();
  await relay.close();
  await sim.close();
  rig.close();
  // The unread file is written in the background: a write still under way would refill the folder being removed.
  await unread.flush();
  await rm(dir, { recursive: true, force: true });
});

type Method = keyof typeof selectionMethods;
async function call<M extends Method>(method: M, input: unknown): Promise<z.output<(typeof selectionMethods)[M]['output']>> {
  const parsed = selectionMethods[method].input.parse(input);
  const output = await (selection[method] as (value: unknown) => Promise<unknown>)(parsed);
  return selectionMethods[method].output.parse(output) as z.output<(typeof selectionMethods)[M]['output']>;
}

async function exportCsv(input: unknown): Promise<string[]> {
  const parsed = exportMethods['inbox.export'].input.parse(input);
  const answer = exportMethods['inbox.export'].output.parse(await exports['inbox.export'](parsed));
  const lines = new TextDecoder().decode(delivered.at(-1)!.bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines).toHaveLength(answer.rows + 1);
  return lines.slice(1);
}

/** Every row of a view, in its order. */
async function viewRows(view: object): Promise<InboxRow[]> {
  return (await inbox['inbox.query']({ sort: 'value', offset: 0, limit: 200, ...view })).rows;
}

/** The first field, a quote number (text cells are quoted; a quote number holds no comma or quote). */
const numberOf = (line: string) => line.split(',')[0]!.replace(/^"(.*)"$/, '$1');

describe('exporting a selection', () => {
  it('writes exactly the selected quotes, in the order of the view, however they were picked', async () => {
    const rows = await viewRows({});
    expect(rows.length).toBeGreaterThan(10);
    const picked = [rows[9]!, rows[2]!, rows[5]!, rows[0]!];

    const lines = await exportCsv({ sort: 'value', format: 'csv', selection: { kind: 'quotes', quoteIds: picked.map((row) => row.quoteId) } });

    expect(lines.map(numberOf)).toEqual([rows[0]!, rows[2]!, rows[5]!, rows[9]!].map((row) => row.quoteNumber ?? ''));
    expect(delivered.at(-1)!.fileName).toBe('Quotedesk - Selected quotes - 2026-01-15.csv');
  });

  it('"every quote but these" exports the filtered view less the exceptions; a quote outside the view is never exported', async () => {
    const view = { stages: ['awaiting-decision' as const], sort: 'value' as const };
    const rows = await viewRows(view);
    expect(rows.length).toBeGreaterThan(3);
    const outside = (await viewRows({ stages: ['accepted'] }))[0]!;

    const allBut = await exportCsv({ ...view, format: 'csv', selection: { kind: 'all', except: [rows[1]!.quoteId, outside.quoteId] } });
    expect(allBut.map(numberOf)).toEqual(rows.filter((_, index) => index !== 1).map((row) => row.quoteNumber ?? ''));

    const named = await exportCsv({ ...view, format: 'csv', selection: { kind: 'quotes', quoteIds: [outside.quoteId, rows[3]!.quoteId] } });
    expect(named.map(numberOf)).toEqual([rows[3]!.quoteNumber ?? '']);
  });
});

describe('a selection of Shift-click ranges', () => {
  it('exports the rows of the view between each range\'s ends (either way round), with the quotes picked singly, less those left out', async () => {
    const rows = await viewRows({});
    expect(rows.length).toBeGreaterThan(25);
    const id = (index: number) => rows[index]!.quoteId;
    const selection = { kind: 'ranges', ranges: [{ from: id(2), to: id(5) }, { from: id(12), to: id(9) }], quoteIds: [id(20)], except: [id(3)] };

    const lines = await exportCsv({ sort: 'value', format: 'csv', selection });

    expect(lines.map(numberOf)).toEqual([2, 4, 5, 9, 10, 11, 12, 20].map((index) => rows[index]!.quoteNumber ?? ''));
  });

  it('keeps only the end still in the view of a range whose other end left it', async () => {
    const view = { stages: ['awaiting-decision' as const], sort: 'value' as const };
    const rows = await viewRows(view);
    const outside = (await viewRows({ stages: ['accepted'] }))[0]!;
    const marked = await call('selection.markUnread', { ...view, selection: { kind: 'ranges', ranges: [{ from: outside.quoteId, to: rows[2]!.quoteId }] } });
    expect(marked.quotes).toBe(1);
  });

  it('refuses more quotes named one by one than a call carries, saying how to select them instead', () => {
    const quoteIds = Array.from({ length: SELECTION_IDS_MAX + 1 }, (_, index) => `q-${index}`);
    const refused = selectionMethods['selection.markRead'].input.safeParse({ sort: 'value', selection: { kind: 'quotes', quoteIds } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/Shift-click/);
    expect(selectionMethods['selection.markRead'].input.safeParse({ sort: 'value', selection: { kind: 'quotes', quoteIds: quoteIds.slice(1) } }).success).toBe(true);
  });
});

describe('marking a selection read or unread', () => {
  it('marks the selected quotes unread in the account each row is shown for, then read again in every account of the service', async () => {
    const rows = await viewRows({});
    const picked = rows.slice(0, 3);
    const shared = rows.slice(3).find((row) => row.accounts.length > 1)!;
    expect(shared).toBeDefined();

    const marked = await call('selection.markUnread', { sort: 'value', selection: { kind: 'quotes', quoteIds: [...picked, shared].map((row) => row.quoteId) } });

    const expected = new Set([...picked, shared].map((row) => row.quoteId));
    expect(marked.quotes).toBe(expected.size);
    expect(marked.unread.total).toBe(expected.size);
    for (const row of [...picked, shared]) expect(unread.isUnread(row.accountId, row.quoteId)).toBe(true);
    // The same quote, unread through the other account of its service too (as a change would make it).
    const other = shared.accounts.find((seen) => seen.accountId !== shared.accountId)!.accountId;
    unread.markUnread(other, [shared.quoteId]);

    // Every quote of the view but one: the one left out stays unread.
    const read = await call('selection.markRead', { sort: 'value', selection: { kind: 'all', except: [picked[0]!.quoteId] } });

    expect(read.quotes).toBe(rows.length - 1);
    expect(read.unread.accounts.flatMap((account) => account.quoteIds)).toEqual([picked[0]!.quoteId.toLowerCase()]);
    expect(unread.isUnread(other, shared.quoteId)).toBe(false);
  });

  it('announces a bulk change once', async () => {
    const announced: number[] = [];
    unread.onChange((summary) => announced.push(summary.total));
    const marked = await call('selection.markUnread', { sort: 'value', selection: { kind: 'all' } });
    expect(marked.quotes).toBeGreaterThan(10);
    expect(announced).toEqual([marked.quotes]);
  });
});

/** The job as a page hears it, once `until` holds. */
function heard(until: (job: KeepOfflineJob) => boolean): Promise<KeepOfflineJob> {
  return new Promise((resolve) => {
    const stop = jobs.subscribe((job) => {
      if (!until(job)) return;
      stop();
      resolve(job);
    });
  });
}
const ended = (job: KeepOfflineJob) => job.state !== 'running' && job.state !== 'stopping';

describe('keeping a selection offline', () => {
  it('runs in the core batch by batch, in the view order, and counts the outcome', async () => {
    const rows = await viewRows({});
    const picked = [rows[7]!, rows[1]!, rows[4]!, rows[3]!, rows[0]!];
    const end = heard(ended);

    const first = await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'quotes', quoteIds: picked.map((row) => row.quoteId) } });

    expect(first).toMatchObject({ state: 'running', total: 5 });
    const job = await end;
    expect(job).toMatchObject({ state: 'finished', total: 5, done: 5, kept: 4, failedCount: 1, notTried: 0, error: null });
    expect(job.failed).toEqual([{ accountId: rows[3]!.accountId, quoteId: rows[3]!.quoteId, label: rows[3]!.quoteNumber, reason: 'gone' }]);
    expect(kept.map((batch) => batch.map((quote) => quote.quoteId))).toEqual([
      [rows[0]!, rows[1]!, rows[3]!].map((row) => row.quoteId),
      [rows[4]!, rows[7]!].map((row) => row.quoteId),
    ]);
    expect(await call('selection.keepOfflineJob', undefined)).toEqual(job);
  });

  it('walks "every quote but these" the same way', async () => {
    const rows = await viewRows({});
    const end = heard(ended);
    const first = await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all', except: [rows[0]!.quoteId] } });
    expect(first.total).toBe(rows.length - 1);
    await end;
    expect(kept[0]!.map((quote) => quote.quoteId)).toEqual([rows[1]!.quoteId, rows[2]!.quoteId, rows[3]!.quoteId]);
    expect(kept.flat()).toHaveLength(rows.length - 1);
  });

  it('reads the view once per job, not once per batch', async () => {
    const rows = await viewRows({});
    const end = heard(ended);
    await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all', except: [rows[0]!.quoteId] } });
    const job = await end;
    expect(job).toMatchObject({ state: 'finished', total: rows.length - 1, done: rows.length - 1 });
    // Many batches of three, one window of the view (it holds fewer rows than a window).
    expect(kept.length).toBeGreaterThan(10);
    expect(jobViewReads).toBe(1);
  });

  it('stops when asked: no download starts after it, the one under way is aborted, and what was kept is counted', async () => {
    const rows = await viewRows({});
    holding = true;
    await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all' } });
    await vi.waitFor(() => expect(started).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(started).toHaveLength(2));

    const stopped = await call('selection.stopKeepOffline', undefined);

    expect(stopped).toMatchObject({ state: 'stopped', total: rows.length, done: 1, kept: 1, failedCount: 0, notTried: rows.length - 1 });
    // Long enough for any batch that would still run to start a download.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toHaveLength(2);
    expect(kept).toHaveLength(1);
    expect(await call('selection.keepOfflineJob', undefined)).toEqual(stopped);
  });

  it('answers a second start with the job already running instead of starting another', async () => {
    holding = true;
    const first = await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all' } });
    const again = await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'quotes', quoteIds: ['nope'] } });
    expect(again.total).toBe(first.total);
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(kept).toHaveLength(1);
  });

  it('shows a page that joins mid-job where the job is, and its next moves', async () => {
    const rows = await viewRows({});
    holding = true;
    await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all' } });
    for (let count = 1; count <= 3; count++) {
      await vi.waitFor(() => expect(started).toHaveLength(count));
      release();
    }
    await vi.waitFor(() => expect(started).toHaveLength(4));

    // A page opened now: it reads the job, then follows it.
    const joined = await call('selection.keepOfflineJob', undefined);
    const next = heard((job) => job.done === 6);
    for (let count = 4; count <= 6; count++) {
      await vi.waitFor(() => expect(started).toHaveLength(count));
      release();
    }

    expect(joined).toMatchObject({ state: 'running', total: rows.length, done: 3, kept: 2, failedCount: 1 });
    expect(await next).toMatchObject({ state: 'running', done: 6, kept: 4, failedCount: 2 });
  });

  it('ends with the core: closing aborts the job, and none starts after', async () => {
    holding = true;
    await call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all' } });
    await vi.waitFor(() => expect(started).toHaveLength(1));

    await jobs.close();

    expect(jobs.current()).toMatchObject({ state: 'stopped', done: 0 });
    await expect(call('selection.keepPdfsOffline', { sort: 'value', selection: { kind: 'all' } })).rejects.toThrow(/closing/);
    expect(started).toHaveLength(1);
  });

  it('says how many PDFs a selection names and how large they may be', async () => {
    const rows = await viewRows({});
    expect(await call('selection.keepOfflinePlan', { sort: 'value', selection: { kind: 'all', except: [rows[0]!.quoteId] } })).toEqual({
      quotes: rows.length - 1,
      averagePdfBytes: 1_500_000,
    });
  });
});

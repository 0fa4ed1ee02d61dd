// The local record of every decision sent: one JSON file, written atomically. A damaged
// file is never overwritten: it is moved aside (kept for support), the valid receipts in it
// are kept, and the problem is reported.
import * as fs from 'node:fs';
import { z } from 'zod';
import { DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { Logger } from '../ports';
import { m } from '../../../i18n/paraglide/messages.js';
import { FILE_LABEL, problemSaidWhenRead, reasonOfCode, writeFileAtomic } from '../data-files';

export interface ReceiptFileProblem {
  path: string;
  /** Where the unreadable copy was kept, or null when it could not be moved (then it is never overwritten). */
  keptAt: string | null;
  reason: string;
}

export interface ReceiptStore {
  /** One quote's receipts, newest first. */
  list(accountId: string, quoteId: string): DecisionReceipt[];
  /** The quote's decision whose outcome is still unknown (not checked again), if any. */
  unsettled(accountId: string, quoteId: string): DecisionReceipt | null;
  /** Rejects when the receipt could not be written durably; it is kept in memory and written with the next one. */
  add(receipt: DecisionReceipt): Promise<void>;
  settle(id: string, settled: { at: string; status: string | null }): Promise<DecisionReceipt | null>;
  problem(): ReceiptFileProblem | null;
}

const FileShape = z.object({ receipts: z.array(z.unknown()) });

export interface ReceiptStoreOptions {
  path: string;
  logger: Logger;
  now?: () => number;
}

export function openReceiptStore(options: ReceiptStoreOptions): ReceiptStore {
  const { path, logger } = options;
  const now = options.now ?? Date.now;
  const loaded = load(path, now, logger);
  const receipts = loaded.receipts;
  const { problem, writable } = loaded;
  let queue: Promise<void> = Promise.resolve();

  function persist(): Promise<void> {
    if (!writable) {
      return Promise.reject(new Error(m.main_data_receipts_not_overwritten({ path })));
    }
    // One write at a time, each with everything known at that moment: the last one wins and holds all.
    const write = queue.then(() => writeFileAtomic(path, `${JSON.stringify({ receipts }, null, 2)}\n`));
    queue = write.catch(() => undefined);
    return write;
  }

  const forQuote = (accountId: string, quoteId: string) =>
    receipts.filter((receipt) => receipt.accountId === accountId && receipt.quoteId === quoteId);

  return {
    list: (accountId, quoteId) => forQuote(accountId, quoteId).sort((a, b) => b.at.localeCompare(a.at)),
    unsettled: (accountId, quoteId) =>
      forQuote(accountId, quoteId).find((receipt) => receipt.outcome === 'unknown' && receipt.settled === null) ?? null,
    async add(receipt) {
      receipts.push(receipt);
      await persist();
    },
    async settle(id, settled) {
      const receipt = receipts.find((candidate) => candidate.id === id);
      if (!receipt) return null;
      receipt.settled = settled;
      await persist();
      return receipt;
    },
    problem: () => problem,
  };
}

function load(path: string, now: () => number, logger: Logger): { receipts: DecisionReceipt[]; problem: ReceiptFileProblem | null; writable: boolean } {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { receipts: [], problem: null, writable: true };
    const code = (error as NodeJS.ErrnoException).code;
    return setAside(path, () => m.main_data_file_unreadable({ file: FILE_LABEL.receipts(), reason: reasonOfCode(code) ?? code ?? m.main_disk_unknown() }), [], now, logger);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return setAside(path, () => m.main_data_file_not_json({ file: FILE_LABEL.receipts() }), [], now, logger);
  }
  const shape = FileShape.safeParse(parsed);
  if (!shape.success) return setAside(path, () => m.main_data_receipts_not_a_list(), [], now, logger);
  const valid: DecisionReceipt[] = [];
  for (const entry of shape.data.receipts) {
    const receipt = DecisionReceipt.safeParse(entry);
    if (receipt.success) valid.push(receipt.data);
  }
  const dropped = shape.data.receipts.length - valid.length;
  if (dropped > 0) return setAside(path, () => m.main_data_receipts_unreadable_entries({ count: dropped }), valid, now, logger);
  return { receipts: valid, problem: null, writable: true };
}

function setAside(path: string, reason: () => string, kept: DecisionReceipt[], now: () => number, logger: Logger) {
  const keptAt = `${path}.damaged-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
  let moved: string | null = keptAt;
  try {
    fs.renameSync(path, keptAt);
  } catch {
    moved = null;
  }
  const problem: ReceiptFileProblem = problemSaidWhenRead({ path, keptAt: moved }, reason);
  logger.error('the decision receipts file was damaged', { ...problem });
  return { receipts: kept, problem, writable: moved !== null };
}

// A quote without a quote date is in preparation, the newest work: the file's newest-first
// order (read for the first window while the index is built) shows it first, in a new file
// and in one written before (schema 4, where such a quote was stored as the oldest).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore } from '../../../../main/core/database';
import type { QuoteRow } from '../../../../main/core/database/types';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-undated-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function quoteRow(quoteId: string, quoteDate: string | null): QuoteRow {
  return {
    accountId: 'acc-1', quoteId, listRest: '{}', listHash: 'h1', detailsHash: null, detailsListHash: null,
    detailsFetchedAt: null, serviceTypes: null, targetMarkets: null, status: 'SENT', quoteNumber: null, projectName: quoteId, companyName: 'Acme', referenceNumber: null,
    totalAmount: null, currency: null, quoteDate, deadlineForQuote: null, projectDueDate: null, validUntil: null, storedAt: 1,
  };
}

const ROWS = [quoteRow('january', '2025-01-01T00:00:00Z'), quoteRow('preparing', null), quoteRow('march', '2025-03-01T00:00:00Z')];
const newest = (path: string) => {
  const store = openSqliteStore({ path });
  try {
    return store.newestInboxRows('acc-1', 10).map((row) => row.quoteId);
  } finally {
    store.close();
  }
};

describe('undated quotes in the file\'s newest-first order', () => {
  it('come first in a new file', () => {
    const path = join(dir, 'new.db');
    const store = openSqliteStore({ path });
    for (const row of ROWS) store.putQuote(row);
    store.close();
    expect(newest(path)).toEqual(['preparing', 'march', 'january']);
  });

  it('come first once a schema 4 file is brought forward', () => {
    const path = join(dir, 'old.db');
    const old = openSqliteStore({ path, migrations: MIGRATIONS.filter((migration) => migration.version <= 4) });
    for (const row of ROWS) old.putQuote(row);
    old.close();
    // As schema 4's writer stored it: no date, key 0, the oldest.
    const raw = new DatabaseSync(path);
    raw.exec('UPDATE quotes SET quote_date_ms = 0 WHERE quote_date IS NULL');
    raw.close();
    expect(newest(path)).toEqual(['preparing', 'march', 'january']);
  });
});

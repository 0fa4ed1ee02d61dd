// Service types and target markets are stored beside the inbox columns: the facets of a
// quote whose details were fetched are there after a restart, and a version 3 file gets them
// from its stored details when it is brought forward.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from '../../../../main/core/database';
import { V3_COLUMNS } from '../../../../main/core/database/schema';
import { pricingFacets } from '../../../../main/core/database/pricing-facets';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import { openSqliteStore } from '../../../../main/core/database';
import { createSilentLogger } from '../../../../main/core/log';

const NOW = Date.parse('2026-01-01T00:00:00Z');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-facets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sorted = (values: { value: string; count: number }[]) => Object.fromEntries(values.map((facet) => [facet.value, facet.count]));

function fill(rig: ReturnType<typeof cacheRig>): { serviceTypes: Record<string, number>; targetMarkets: Record<string, number> } {
  const withDetails = detailsOf(fakeQuote({ id: 'q-details' }));
  // An odd label: the stored form must give back any text exactly.
  withDetails.itemsPricing!.teams[0]!.clientServices[0]!.serviceType = '12:tricky';
  // Newer than the other: the newest-first key the migration fills must put it first.
  const listedOnly = { ...listItemOf(fakeQuote({ id: 'q-listed' })), quoteDate: '2025-06-01T00:00:00.000Z' };
  rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'details', details: withDetails }, { kind: 'list', items: [listedOnly] }] });
  // A list item after the details keeps the details' facets.
  rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items: [listItemOf(fakeQuote({ id: 'q-details', projectName: 'Renamed' }))] }] });
  const expected = pricingFacets(withDetails);
  expect(expected.serviceTypes).toContain('12:tricky');
  return {
    serviceTypes: Object.fromEntries(expected.serviceTypes.map((value) => [value, 1])),
    targetMarkets: Object.fromEntries(expected.targetMarkets.map((value) => [value, 1])),
  };
}

describe('service types and target markets in the database (schema 4)', () => {
  it('are counted by the facets after a restart, before any details are fetched again', () => {
    const path = join(dir, 'quotes.db');
    const first = cacheRig(path);
    const expected = fill(first);
    expect(sorted(first.cache.inboxFacets({ now: NOW }).serviceTypes)).toEqual(expected.serviceTypes);
    first.close();

    const again = cacheRig(path);
    try {
      const facets = again.cache.inboxFacets({ now: NOW });
      expect(facets.total).toBe(2);
      expect(sorted(facets.serviceTypes)).toEqual(expected.serviceTypes);
      expect(sorted(facets.targetMarkets)).toEqual(expected.targetMarkets);
      expect(again.cache.inbox({ now: NOW, sort: 'newest', offset: 0, limit: 10, serviceTypes: ['12:tricky'] }).rows.map((row) => row.quoteId)).toEqual(['q-details']);
    } finally {
      again.close();
    }
  });

  it('are filled from the stored details when a version 3 file is brought forward, with the newest-first key', () => {
    // The quotes as version 4 stores them, copied into a file at version 3 (its own table,
    // without the two columns): what an older Quotedesk left.
    const current = join(dir, 'current.db');
    const rig = cacheRig(current);
    const expected = fill(rig);
    rig.close();
    const path = join(dir, 'quotes.db');
    const v3 = MIGRATIONS.filter((migration) => migration.version <= 3);
    const old = openSqliteStore({ path, migrations: v3, logger: createSilentLogger() });
    expect(old.schemaVersion).toBe(3);
    old.close();
    const raw = new DatabaseSync(path);
    const columns = V3_COLUMNS.join(', ');
    raw.exec(`ATTACH DATABASE '${current}' AS current;
      INSERT INTO quotes (${columns}) SELECT ${columns} FROM current.quotes;
      INSERT INTO revisions SELECT * FROM current.revisions;
      INSERT INTO accounts SELECT * FROM current.accounts;`);
    raw.exec('DETACH DATABASE current');
    expect(raw.prepare("SELECT count(*) AS n FROM pragma_table_info('quotes') WHERE name = 'service_types'").get()).toEqual({ n: 0 });
    raw.close();

    const migrated = cacheRig(path);
    try {
      expect(migrated.store.schemaVersion).toBe(MIGRATIONS.at(-1)!.version);
      const facets = migrated.cache.inboxFacets({ now: NOW });
      expect(sorted(facets.serviceTypes)).toEqual(expected.serviceTypes);
      expect(sorted(facets.targetMarkets)).toEqual(expected.targetMarkets);
      expect(migrated.store.getQuote('acc', 'q-listed')).toMatchObject({ serviceTypes: null, targetMarkets: null, projectName: expect.any(String) });
      // The first window read from the file is in the index's order (quote_date_ms filled).
      expect(migrated.store.newestInboxRows('acc', 10).map((row) => row.quoteId)).toEqual(['q-listed', 'q-details']);
      expect(migrated.cache.inbox({ now: NOW, sort: 'newest', offset: 0, limit: 10 }).rows.map((row) => row.quoteId)).toEqual(['q-listed', 'q-details']);
    } finally {
      migrated.close();
    }
  });
});

import type { DatabaseSync } from 'node:sqlite';
import type { QuoteDetails } from '../../../preload/contract';
import { encodeFacet, facetColumnsOf } from './facet-columns';
import { quoteDateMs } from './sort-keys';

/**
 * Schema 4's fill: each quote with details gets the service types and target markets of its
 * current revision, computed by the same code that computes them when details arrive.
 * Runs inside the migration's transaction.
 */
export function fillFacetColumns(db: DatabaseSync): void {
  const update = db.prepare('UPDATE quotes SET service_types = ?, target_markets = ? WHERE rowid = ?');
  const current = db.prepare(
    `SELECT quotes.rowid AS id, revisions.details_json AS json FROM quotes JOIN revisions ON revisions.account_id = quotes.account_id
       AND revisions.quote_id = quotes.quote_id AND revisions.hash = quotes.details_hash`,
  );
  // Computed while reading, written after: updating the table a statement is still walking is
  // not defined. Only the small encoded sets are held, never the documents.
  const computed: [number, string | null, string | null][] = [];
  for (const { id, json } of current.iterate() as Iterable<{ id: number; json: string }>) {
    const facets = facetColumnsOf(JSON.parse(json) as QuoteDetails);
    computed.push([id, encodeFacet(facets.serviceTypes), encodeFacet(facets.targetMarkets)]);
  }
  for (const [id, serviceTypes, targetMarkets] of computed) update.run(serviceTypes, targetMarkets, id);
}

/** Schema 4's fill of the newest-first key, by the same function as every later write. */
export function fillQuoteDateMs(db: DatabaseSync): void {
  const update = db.prepare('UPDATE quotes SET quote_date_ms = ? WHERE rowid = ?');
  const dates = db.prepare('SELECT rowid AS id, quote_date AS date FROM quotes WHERE quote_date IS NOT NULL').all() as { id: number; date: string }[];
  for (const { id, date } of dates) update.run(quoteDateMs(date), id);
}

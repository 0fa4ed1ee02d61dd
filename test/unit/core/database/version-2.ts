// Writes a quote the way Quotedesk's schema version 2 stored it (before each document was
// stored once): the list item and the last details as JSON in the row, every distinct
// details version again in `revisions`, 64-digit sha-256 hashes. For migration tests.
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type { QuoteDetails, QuoteListItem } from '../../../../preload/contract';
import { canonicalJson } from '../../../../main/core/cache/hash';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function writeVersion2Quote(path: string, accountId: string, list: QuoteListItem | null, details: QuoteDetails[] | null): void {
  const db = new DatabaseSync(path);
  try {
    const listJson = list ? canonicalJson(list) : null;
    const current = details?.at(-1) ?? null;
    const detailsJson = current ? canonicalJson(current) : null;
    const quote = current ?? list!;
    db.exec('BEGIN');
    details?.forEach((version, index) => {
      const json = canonicalJson(version);
      db.prepare('INSERT OR IGNORE INTO revisions (account_id, quote_id, hash, details_json, first_seen_at) VALUES (?, ?, ?, ?, ?)').run(accountId, version.id, sha256(json), json, 1000 + index);
    });
    db.prepare(
      `INSERT INTO quotes (account_id, quote_id, list_json, list_hash, details_json, details_hash, details_list_hash, details_fetched_at, status,
         quote_number, project_name, company_name, reference_number, total_amount, currency, quote_date, deadline_for_quote, project_due_date,
         valid_until, stored_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      accountId, quote.id, listJson, listJson ? sha256(listJson) : null, detailsJson, detailsJson ? sha256(detailsJson) : null,
      detailsJson && listJson ? sha256(listJson) : null, detailsJson ? 2000 : null,
      // Like version 2, the columns hold the last document written: here the list item when there is one.
      (list ?? quote).status, quote.quoteNumber, quote.projectName, list ? list.companyName : (current?.company.name ?? null), quote.referenceNumber ?? null,
      (list ?? quote).totalPrice?.amount ?? null, (list ?? quote).totalPrice?.currency ?? null, quote.quoteDate, quote.deadlineForQuote,
      quote.projectDueDate, quote.validUntil ?? null, 3000,
    );
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

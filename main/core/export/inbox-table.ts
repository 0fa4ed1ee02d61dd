import type { KeyAccess } from '../../../preload/contract';
import type { InboxRow } from '../../../preload/contract/bridge/inbox';
import { stageLabel } from '../../../i18n/words/stages';
import { deepLinkFor } from '../links/deep-links';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import type { Locale } from '../../../i18n/paraglide/runtime.js';
import type { Cell, ExportColumn, ExportTable } from './table';

/** The columns with headers in `locale`: the person who exports reads them, in the app's language. */
function columnsIn(locale: Locale): ExportColumn[] {
  const currency = m.main_export_col_currency({}, { locale });
  return [
    { header: m.main_export_col_quote_number({}, { locale }), kind: 'text' },
    { header: m.main_export_col_project({}, { locale }), kind: 'text' },
    { header: m.main_export_col_company({}, { locale }), kind: 'text' },
    { header: m.main_export_col_reference({}, { locale }), kind: 'text' },
    { header: m.main_export_col_status({}, { locale }), kind: 'text' },
    { header: m.main_export_col_total({}, { locale }), kind: 'money', currencyColumn: currency },
    { header: currency, kind: 'text' },
    { header: m.main_export_col_quote_date({}, { locale }), kind: 'timestamp' },
    { header: m.main_export_col_quote_deadline({}, { locale }), kind: 'date' },
    { header: m.main_export_col_project_due({}, { locale }), kind: 'date' },
    { header: m.main_export_col_valid_until({}, { locale }), kind: 'timestamp' },
    { header: m.main_export_col_accounts({}, { locale }), kind: 'text' },
    // What the CLI takes (`quotedesk quote <id>`) and the link that opens the quote in the app.
    { header: m.main_export_col_quote_id({}, { locale }), kind: 'text' },
    { header: m.main_export_col_link({}, { locale }), kind: 'link' },
  ];
}

/**
 * The inbox's rows as a table, one row per quote as the inbox shows them: the status in the
 * inbox's words for the row's account, the amount as a number with its currency beside it,
 * the quote's id and its quotedesk:// link (through the row's account, as the inbox opens it).
 * A row's cells are made when a writer asks for them, and not kept: at 100,000 quotes the
 * cells held beside the rows were as large again as the rows.
 */
export function inboxTable(rows: readonly InboxRow[], accounts: readonly { id: string; name: string; access: KeyAccess }[], locale: Locale = getLocale()): ExportTable {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const cellsOf = (row: InboxRow): Cell[] => [
    row.quoteNumber,
    row.projectName,
    row.companyName,
    row.referenceNumber,
    stageLabel(row.stage, byId.get(row.accountId)?.access ?? 'mixed'),
    row.totalAmount,
    row.currency,
    row.quoteDate,
    row.deadlineForQuote,
    row.projectDueDate,
    row.validUntil,
    row.accounts.map((seen) => byId.get(seen.accountId)?.name ?? seen.accountId).join(', '),
    row.quoteId,
    deepLinkFor({ view: 'quote', accountId: row.accountId, quoteId: row.quoteId }),
  ];
  return {
    sheetName: m.main_export_sheet_quotes({}, { locale }),
    columns: columnsIn(locale),
    rows: {
      length: rows.length,
      at: (index) => {
        const row = rows.at(index);
        return row && cellsOf(row);
      },
    },
  };
}

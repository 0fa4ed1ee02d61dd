import type { KeyAccess } from '../../../preload/contract';
import type { InboxRow } from '../../../preload/contract/bridge/inbox';
import { stageLabel } from '../../../i18n/words/stages';
import { deepLinkFor } from '../links/deep-links';
import type { Cell, ExportColumn, ExportTable } from './table';

const COLUMNS: readonly ExportColumn[] = [
  { header: 'Quote number', kind: 'text' },
  { header: 'Project', kind: 'text' },
  { header: 'Company', kind: 'text' },
  { header: 'Reference', kind: 'text' },
  { header: 'Status', kind: 'text' },
  { header: 'Total', kind: 'money', currencyColumn: 'Currency' },
  { header: 'Currency', kind: 'text' },
  { header: 'Quote date', kind: 'timestamp' },
  { header: 'Quote deadline', kind: 'date' },
  { header: 'Project due', kind: 'date' },
  { header: 'Valid until', kind: 'timestamp' },
  { header: 'Accounts', kind: 'text' },
  // What the CLI takes (`quotedesk quote <id>`) and the link that opens the quote in the app.
  { header: 'Quote ID', kind: 'text' },
  { header: 'Link', kind: 'link' },
];

/**
 * The inbox's rows as a table, one row per quote as the inbox shows them: the status in the
 * inbox's words for the row's account, the amount as a number with its currency beside it,
 * the quote's id and its quotedesk:// link (through the row's account, as the inbox opens it).
 * A row's cells are made when a writer asks for them, and not kept: at 100,000 quotes the
 * cells held beside the rows were as large again as the rows.
 */
export function inboxTable(rows: readonly InboxRow[], accounts: readonly { id: string; name: string; access: KeyAccess }[]): ExportTable {
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
    sheetName: 'Quotes',
    columns: COLUMNS,
    rows: {
      length: rows.length,
      at: (index) => {
        const row = rows.at(index);
        return row && cellsOf(row);
      },
    },
  };
}

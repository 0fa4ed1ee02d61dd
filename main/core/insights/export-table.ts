// Each table of the Insights view as an export table (main/core/export's writers make the
// CSV or XLSX of it): the same figures the view shows, one row per row of the view.
import type { InsightTable, InsightsFigures } from '../../../preload/contract/bridge/insights';
import type { ExportColumn, ExportTable } from '../export';

const SPLIT_HEADERS = { company: 'Company', serviceType: 'Service type', targetMarket: 'Target market' } as const;
const money = (header = 'Total'): ExportColumn => ({ header, kind: 'money', currencyColumn: 'Currency' });
const CURRENCY: ExportColumn = { header: 'Currency', kind: 'text' };
const QUOTES: ExportColumn = { header: 'Quotes', kind: 'number' };

/** The table and the words its file is named by ("Accepted spend per month"). */
export function insightsTable(figures: InsightsFigures, table: InsightTable): { what: string; table: ExportTable } {
  const { spend, pipeline, decisions } = figures;
  switch (table) {
    case 'spend-by-currency':
      return { what: 'Accepted spend', table: { sheetName: 'Accepted spend', columns: [CURRENCY, money(), QUOTES], rows: spend.byCurrency.map((sum) => [sum.currency, sum.total, sum.count]) } };
    case 'spend-by-month':
      return {
        what: 'Accepted spend per month',
        table: { sheetName: 'Per month', columns: [{ header: 'Month', kind: 'text' }, CURRENCY, money(), QUOTES], rows: spend.byMonth.map((sum) => [sum.month, sum.currency, sum.total, sum.count]) },
      };
    case 'spend-by-split': {
      const header = SPLIT_HEADERS[spend.splitBy];
      return {
        what: `Accepted spend per ${header.toLowerCase()}`,
        table: { sheetName: `Per ${header.toLowerCase()}`, columns: [{ header, kind: 'text' }, CURRENCY, money(), QUOTES], rows: spend.bySplit.map((sum) => [sum.value, sum.currency, sum.total, sum.count]) },
      };
    }
    case 'pipeline':
      return { what: 'Open pipeline', table: { sheetName: 'Open pipeline', columns: [CURRENCY, money('Waiting'), QUOTES], rows: pipeline.byCurrency.map((sum) => [sum.currency, sum.total, sum.count]) } };
    case 'decisions':
      return {
        what: 'Decisions',
        table: {
          sheetName: 'Decisions',
          columns: [{ header: 'Accepted', kind: 'number' }, { header: 'Declined', kind: 'number' }, { header: 'Acceptance rate (%)', kind: 'number' }],
          rows: [[decisions.accepted, decisions.declined, decisions.acceptanceRate === null ? null : Math.round(decisions.acceptanceRate * 1000) / 10]],
        },
      };
  }
}

// Each table of the Insights view as an export table (main/core/export's writers make the
// CSV or XLSX of it): the same figures the view shows, one row per row of the view. Headers,
// sheet and file words are in the main process's language, the one the window speaks.
import type { InsightSplit, InsightTable, InsightsFigures } from '../../../preload/contract/bridge/insights';
import { m } from '../../../i18n/paraglide/messages.js';
import type { ExportColumn, ExportTable } from '../export';
import { splitWords } from '../../../i18n/words/insights';

/** The split's file words and sheet name ("Accepted spend per company", "Per company"). */
function splitNames(split: InsightSplit): { what: string; sheetName: string } {
  switch (split) {
    case 'company':
      return { what: m.activity_export_spend_per_company(), sheetName: m.activity_insights_per_company() };
    case 'serviceType':
      return { what: m.activity_export_spend_per_service_type(), sheetName: m.activity_insights_per_service_type() };
    case 'targetMarket':
      return { what: m.activity_export_spend_per_target_market(), sheetName: m.activity_insights_per_target_market() };
  }
}

/** The table and the words its file is named by ("Insights Accepted spend per month"). */
export function insightsTable(figures: InsightsFigures, table: InsightTable): { what: string; table: ExportTable } {
  const { spend, pipeline, decisions, revisions, unitPrices } = figures;
  // Asked for at each export: the language may have changed since the last.
  const currency: ExportColumn = { header: m.activity_insights_currency(), kind: 'text' };
  const money = (header = m.activity_insights_total()): ExportColumn => ({ header, kind: 'money', currencyColumn: currency.header });
  const quotes: ExportColumn = { header: m.activity_insights_quotes(), kind: 'number' };
  const named = (what: string, exported: ExportTable) => ({ what: m.activity_export_file({ what }), table: exported });
  switch (table) {
    case 'spend-by-currency':
      return named(m.activity_insights_accepted_spend(), {
        sheetName: m.activity_export_sheet_spend(),
        columns: [currency, money(), quotes],
        rows: spend.byCurrency.map((sum) => [sum.currency, sum.total, sum.count]),
      });
    case 'spend-by-month':
      return named(m.activity_export_spend_per_month(), {
        sheetName: m.activity_insights_per_month(),
        columns: [{ header: m.activity_insights_month(), kind: 'text' }, currency, money(), quotes],
        rows: spend.byMonth.map((sum) => [sum.month, sum.currency, sum.total, sum.count]),
      });
    case 'spend-by-split': {
      const { what, sheetName } = splitNames(spend.splitBy);
      return named(what, {
        sheetName,
        columns: [{ header: splitWords(spend.splitBy), kind: 'text' }, currency, money(), quotes],
        rows: spend.bySplit.map((sum) => [sum.value, sum.currency, sum.total, sum.count]),
      });
    }
    case 'pipeline':
      return named(m.activity_insights_open_pipeline(), {
        sheetName: m.activity_insights_open_pipeline(),
        columns: [currency, money(m.activity_export_waiting()), quotes],
        rows: pipeline.byCurrency.map((sum) => [sum.currency, sum.total, sum.count]),
      });
    case 'decisions':
      return named(m.activity_insights_decisions(), {
        sheetName: m.activity_insights_decisions(),
        columns: [
          { header: m.activity_insights_accepted(), kind: 'number' },
          { header: m.activity_insights_declined(), kind: 'number' },
          { header: m.activity_export_acceptance_rate(), kind: 'number' },
          { header: m.insights_median_days(), kind: 'number' },
        ],
        rows: [[decisions.accepted, decisions.declined, decisions.acceptanceRate === null ? null : Math.round(decisions.acceptanceRate * 1000) / 10, decisions.medianDaysToDecision]],
      });
    case 'revisions':
      return named(m.insights_revisions(), {
        sheetName: m.insights_revisions(),
        columns: [currency, money(m.insights_revisions_up()), money(m.insights_revisions_down()), quotes],
        rows: revisions.byCurrency.map((sums) => [sums.currency, sums.up, sums.down, sums.count]),
      });
    case 'declines-by-reason':
      return named(m.insights_declines_by_reason(), {
        sheetName: m.insights_declines_by_reason(),
        columns: [{ header: m.insights_reason(), kind: 'text' }, quotes],
        rows: decisions.declinesByReason.map(({ reason, count }) => [reason ?? m.insights_reason_not_known(), count]),
      });
    case 'unit-prices':
      return named(m.insights_unit_prices(), {
        sheetName: m.insights_unit_prices(),
        columns: [
          { header: m.activity_insights_split_service_type(), kind: 'text' },
          { header: m.insights_language_pair(), kind: 'text' },
          { header: m.insights_unit(), kind: 'text' },
          currency,
          quotes,
          { header: m.insights_lines(), kind: 'number' },
          money(m.insights_median()),
          money(m.insights_first_quartile()),
          money(m.insights_third_quartile()),
          money(m.insights_lowest()),
          money(m.insights_highest()),
          { header: m.insights_outliers(), kind: 'number' },
        ],
        rows: unitPrices.map((row) => [row.serviceType, row.market, row.unit, row.currency, row.quotes, row.lines, row.median, row.p25, row.p75, row.min, row.max, row.outliers]),
      });
  }
}

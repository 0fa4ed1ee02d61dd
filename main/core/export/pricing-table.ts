import type { QuoteDetails } from '../../../preload/contract';
import { deepLinkFor } from '../links/deep-links';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import type { Locale } from '../../../i18n/paraglide/runtime.js';
import type { ExportColumn, ExportTable } from './table';

/** The columns with headers in `locale`, the app's language when the person exported. */
function columnsIn(locale: Locale): ExportColumn[] {
  const currency = m.main_export_col_currency({}, { locale });
  return [
    { header: m.main_export_col_team({}, { locale }), kind: 'text' },
    { header: m.main_export_col_service({}, { locale }), kind: 'text' },
    { header: m.main_export_col_service_type({}, { locale }), kind: 'text' },
    { header: m.main_export_col_service_due({}, { locale }), kind: 'date' },
    { header: m.main_export_col_target_market({}, { locale }), kind: 'text' },
    { header: m.main_export_col_item({}, { locale }), kind: 'text' },
    { header: m.main_export_col_unit({}, { locale }), kind: 'text' },
    { header: m.main_export_col_quantity({}, { locale }), kind: 'number' },
    { header: m.main_export_col_unit_price({}, { locale }), kind: 'money', currencyColumn: currency },
    { header: m.main_export_col_line_total({}, { locale }), kind: 'money', currencyColumn: currency },
    { header: currency, kind: 'text' },
    { header: m.main_export_col_quote_id({}, { locale }), kind: 'text' },
    { header: m.main_export_col_link({}, { locale }), kind: 'link' },
  ];
}

/**
 * A quote's pricing tree flattened to one row per line item, each naming its team, service
 * and target market, so a spreadsheet can filter and subtotal it any way. A target market
 * without items still gets a row (its subtotal as the line total), so nothing priced is lost.
 * Every row names the quote (its id and link, through `accountId`): rows pasted elsewhere
 * still say where they came from.
 */
export function pricingTable(details: QuoteDetails, accountId: string, locale: Locale = getLocale()): ExportTable {
  const rows: (string | number | null)[][] = [];
  const quote = [details.id, deepLinkFor({ view: 'quote', accountId, quoteId: details.id })];
  for (const team of details.itemsPricing?.teams ?? []) {
    for (const service of team.clientServices) {
      for (const market of service.targetMarkets) {
        const place = [team.teamName, service.serviceName, service.serviceType, service.dueDate, market.targetMarketLabel];
        if (market.items.length === 0) rows.push([...place, null, null, null, null, market.subTotal, team.currency, ...quote]);
        for (const item of market.items) rows.push([...place, item.itemName, item.unit, item.quantity, item.unitPrice, item.totalPrice, team.currency, ...quote]);
      }
    }
  }
  return { sheetName: m.main_export_sheet_pricing({}, { locale }), columns: columnsIn(locale), rows };
}

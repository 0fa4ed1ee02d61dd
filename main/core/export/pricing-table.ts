import type { QuoteDetails } from '../../../preload/contract';
import { deepLinkFor } from '../links/deep-links';
import type { ExportColumn, ExportTable } from './table';

const COLUMNS: readonly ExportColumn[] = [
  { header: 'Team', kind: 'text' },
  { header: 'Service', kind: 'text' },
  { header: 'Service type', kind: 'text' },
  { header: 'Service due', kind: 'date' },
  { header: 'Target market', kind: 'text' },
  { header: 'Item', kind: 'text' },
  { header: 'Unit', kind: 'text' },
  { header: 'Quantity', kind: 'number' },
  { header: 'Unit price', kind: 'money', currencyColumn: 'Currency' },
  { header: 'Line total', kind: 'money', currencyColumn: 'Currency' },
  { header: 'Currency', kind: 'text' },
  { header: 'Quote ID', kind: 'text' },
  { header: 'Link', kind: 'link' },
];

/**
 * A quote's pricing tree flattened to one row per line item, each naming its team, service
 * and target market, so a spreadsheet can filter and subtotal it any way. A target market
 * without items still gets a row (its subtotal as the line total), so nothing priced is lost.
 * Every row names the quote (its id and link, through `accountId`): rows pasted elsewhere
 * still say where they came from.
 */
export function pricingTable(details: QuoteDetails, accountId: string): ExportTable {
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
  return { sheetName: 'Pricing', columns: COLUMNS, rows };
}

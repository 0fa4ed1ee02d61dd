// What the CLI prints on success, for people (the --json output is the values themselves).
import type { DecisionOutcome, QuotePage } from '../core/api';
import type { QuoteDetails, QuoteListItem } from '../../preload/contract';

/** "Q-2024-0001", or a stand-in for a quote still in preparation. */
export function quoteLabel(quoteNumber: string | null | undefined): string {
  return quoteNumber ? `quote ${quoteNumber}` : 'the quote (not yet numbered)';
}

export function formatDecision(decision: 'accept' | 'decline', outcome: DecisionOutcome, quoteNumber: string | null): string {
  const done = decision === 'accept' ? 'Accepted' : 'Declined';
  const how = outcome.via === 'confirmed-after-uncertainty' ? ` ${outcome.result.message}` : '';
  return `${done} ${quoteLabel(quoteNumber)} (ID ${outcome.result.id}): it is now ${outcome.result.status}.${how}\n`;
}

export function formatSaved(quoteNumber: string | null, path: string, bytes: number): string {
  return `Saved the PDF of ${quoteLabel(quoteNumber)} to ${path} (${bytes} bytes)\n`;
}

function money(total: QuoteListItem['totalPrice']): string {
  return total ? `${total.amount.toFixed(2)} ${total.currency}` : '-';
}

export function formatList(items: QuoteListItem[], pagination: QuotePage['pagination'] | null): string {
  const rows = items.map((quote) => [quote.id, quote.quoteNumber ?? '-', quote.status, quote.projectName ?? '-', quote.companyName ?? '-', money(quote.totalPrice), quote.validUntil?.slice(0, 10) ?? '-']);
  const table = formatTable(['ID', 'NUMBER', 'STATUS', 'PROJECT', 'COMPANY', 'TOTAL', 'VALID UNTIL'], rows);
  const footer = pagination
    ? `Page ${pagination.page} of ${Math.max(pagination.totalPages, 1)} (${countOf(pagination.total, 'quote')})`
    : countOf(items.length, 'quote');
  return `${items.length === 0 ? 'No quotes.\n' : table}${footer}\n`;
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function formatTable(header: string[], rows: string[][]): string {
  const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  const cells = [header, ...rows.map((row) => row.map(clip))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}

export function formatDetails(quote: QuoteDetails): string {
  const lines: [string, string][] = [
    ['Quote', quote.quoteNumber ?? '(not yet numbered)'],
    ['ID', quote.id],
    ['Status', quote.status],
    ['Project', quote.projectName ?? '-'],
    ['Description', quote.projectDescription ?? '-'],
    ['Company', quote.company.name],
    ['Total', money(quote.totalPrice)],
    ['Quote date', quote.quoteDate ?? '-'],
    ['Deadline for quote', quote.deadlineForQuote ?? '-'],
    ['Project due', quote.projectDueDate ?? '-'],
    ['Valid until', quote.validUntil ?? '-'],
  ];
  if (quote.referenceNumber) lines.push(['Reference', quote.referenceNumber]);
  if (quote.poNumber) lines.push(['PO number', quote.poNumber]);
  const width = Math.max(...lines.map(([label]) => label.length));
  let text = lines.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n') + '\n';
  for (const team of quote.itemsPricing?.teams ?? []) {
    text += `\n${team.teamName}: ${team.total.toFixed(2)} ${team.currency}\n`;
    for (const service of team.clientServices) {
      for (const market of service.targetMarkets) {
        text += `  ${service.serviceName} / ${market.targetMarketLabel}: ${market.subTotal.toFixed(2)}\n`;
        for (const item of market.items) text += `    ${item.itemName}: ${item.quantity} ${item.unit} x ${item.unitPrice} = ${item.totalPrice.toFixed(2)}\n`;
      }
    }
  }
  return text;
}

// What the CLI prints on success, for people (the --json output is the values themselves).
// Money, dates and statuses read as the app says them (preload/contract/plain: one formatter,
// the system's locale); the status code follows in brackets where a script may want it.
import type { DecisionOutcome, QuotePage } from '../core/api';
import type { KeyAccess, QuoteDetails, QuoteListItem, QuoteStatus } from '../../preload/contract';
import { formatCount, formatDateOnly, formatDateTime, formatMoney } from '../../i18n/words/format';
import { QUOTE_STATUSES, clientFacingStatus } from '../../preload/contract/plain/statuses';
import { quoteStatusWords } from '../../i18n/words/stages';
import { terminalText } from './terminal-text';

/** "Q-2024-0001", or a stand-in for a quote still in preparation. */
export function quoteLabel(quoteNumber: string | null | undefined): string {
  return quoteNumber ? `quote ${terminalText(quoteNumber)}` : 'the quote (not yet numbered)';
}

/** "Awaiting your decision": a status as the app's inbox says it to this kind of key. */
function statusText(status: QuoteStatus, quoteNumber: string | null, access: KeyAccess): string {
  return quoteStatusWords(access === 'client' ? clientFacingStatus(status) : status, quoteNumber, access);
}

export function formatDecision(decision: 'accept' | 'decline', outcome: DecisionOutcome, quoteNumber: string | null, access: KeyAccess = 'client'): string {
  const done = decision === 'accept' ? 'Accepted' : 'Declined';
  const how = outcome.via === 'confirmed-after-uncertainty' ? ` ${terminalText(outcome.result.message)}` : '';
  const status = outcome.result.status;
  // The decision's answer may carry a status this version has no words for: then the code alone.
  const known = (QUOTE_STATUSES as readonly string[]).includes(status) ? `${statusText(status as QuoteStatus, quoteNumber, access)} (${status})` : terminalText(status);
  return `${done} ${quoteLabel(quoteNumber)} (ID ${terminalText(outcome.result.id)}): it is now ${known}.${how}\n`;
}

export function formatSaved(quoteNumber: string | null, path: string, bytes: number): string {
  return `Saved the PDF of ${quoteLabel(quoteNumber)} to ${path} (${countOf(bytes, 'byte')})\n`;
}

function money(total: QuoteListItem['totalPrice']): string {
  return total ? formatMoney(total) : '-';
}

export function formatList(items: QuoteListItem[], pagination: QuotePage['pagination'] | null, access: KeyAccess = 'client'): string {
  const rows = items.map((quote) => [
    quote.id,
    quote.quoteNumber ?? '-',
    statusText(quote.status, quote.quoteNumber, access),
    quote.projectName ?? '-',
    quote.companyName ?? '-',
    money(quote.totalPrice),
    formatDateTime(quote.validUntil) ?? '-',
  ]);
  const table = formatTable(['ID', 'NUMBER', 'STATUS', 'PROJECT', 'COMPANY', 'TOTAL', 'VALID UNTIL'], rows);
  const footer = pagination
    ? `Page ${formatCount(pagination.page)} of ${formatCount(Math.max(pagination.totalPages, 1))} (${countOf(pagination.total, 'quote')})`
    : countOf(items.length, 'quote');
  return `${items.length === 0 ? 'No quotes.\n' : table}${footer}\n`;
}

/** "100,000 quotes": counts grouped as the table's totals are (the system's locale). */
function countOf(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

function formatTable(header: string[], rows: string[][]): string {
  const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  // Clipped after the controls are gone: an escape sequence neither counts nor is cut in two.
  const cells = [header, ...rows.map((row) => row.map((cell) => clip(terminalText(cell))))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}

export function formatDetails(quote: QuoteDetails, access: KeyAccess = 'client'): string {
  const lines: [string, string][] = [
    ['Quote', quote.quoteNumber ?? '(not yet numbered)'],
    ['ID', quote.id],
    ['Status', `${statusText(quote.status, quote.quoteNumber, access)} (${quote.status})`],
    ['Project', quote.projectName ?? '-'],
    ['Description', quote.projectDescription ?? '-'],
    ['Company', quote.company.name],
    ['Total', money(quote.totalPrice)],
    ['Quote date', formatDateTime(quote.quoteDate) ?? '-'],
    ['Deadline for quote', formatDateOnly(quote.deadlineForQuote) ?? '-'],
    ['Project due', formatDateOnly(quote.projectDueDate) ?? '-'],
    ['Valid until', formatDateTime(quote.validUntil) ?? '-'],
  ];
  if (quote.referenceNumber) lines.push(['Reference', quote.referenceNumber]);
  if (quote.poNumber) lines.push(['PO number', quote.poNumber]);
  const width = Math.max(...lines.map(([label]) => label.length));
  const t = terminalText;
  let text = lines.map(([label, value]) => `${label.padEnd(width)}  ${t(value)}`).join('\n') + '\n';
  for (const team of quote.itemsPricing?.teams ?? []) {
    const inTeam = (amount: number) => formatMoney({ amount, currency: team.currency });
    text += `\n${t(team.teamName)}: ${inTeam(team.total)}\n`;
    for (const service of team.clientServices) {
      for (const market of service.targetMarkets) {
        text += `  ${t(service.serviceName)} / ${t(market.targetMarketLabel)}: ${inTeam(market.subTotal)}\n`;
        for (const item of market.items) text += `    ${t(item.itemName)}: ${formatCount(item.quantity)} ${t(item.unit)} x ${inTeam(item.unitPrice)} = ${inTeam(item.totalPrice)}\n`;
      }
    }
  }
  return text;
}

// What the CLI prints on success, for people (the --json output is the values themselves).
// Words in the CLI's language (main/cli/locale.ts); money, dates and counts as the app formats
// them (preload/contract/plain: one formatter, the system's region); statuses as the app's inbox
// says them; the status code follows in brackets where a script may want it.
import type { DecisionOutcome, QuotePage } from '../core/api';
import type { KeyAccess, QuoteDetails, QuoteListItem, QuoteStatus } from '../../preload/contract';
import { formatCount, formatDateOnly, formatDateTime, formatMoney } from '../../i18n/words/format';
import { QUOTE_STATUSES, clientFacingStatus } from '../../preload/contract/plain/statuses';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';
import { displayWidth, padToWidth } from './display-width';
import { quoteStatusWords } from '../../i18n/words/stages';
import { terminalText } from './terminal-text';

/** "Q-2024-0001", or a stand-in for a quote still in preparation. */
export function quoteLabel(quoteNumber: string | null | undefined): string {
  return quoteNumber ? m.cli_quote_label({ number: ltr(terminalText(quoteNumber)) }) : m.cli_quote_unnumbered();
}

/** "Awaiting your decision": a status as the app's inbox says it to this kind of key. */
function statusText(status: QuoteStatus, quoteNumber: string | null, access: KeyAccess): string {
  return quoteStatusWords(access === 'client' ? clientFacingStatus(status) : status, quoteNumber, access);
}

export function formatDecision(decision: 'accept' | 'decline', outcome: DecisionOutcome, quoteNumber: string | null, access: KeyAccess = 'client'): string {
  const how = outcome.via === 'confirmed-after-uncertainty' ? ` ${terminalText(outcome.result.message)}` : '';
  const status = outcome.result.status;
  // The decision's answer may carry a status this version has no words for: then the code alone.
  const known = (QUOTE_STATUSES as readonly string[]).includes(status) ? `${statusText(status as QuoteStatus, quoteNumber, access)} (${status})` : terminalText(status);
  const said = { quote: quoteLabel(quoteNumber), id: ltr(terminalText(outcome.result.id)), status: known };
  return `${decision === 'accept' ? m.cli_decision_accepted(said) : m.cli_decision_declined(said)}${how}\n`;
}

export function formatSaved(quoteNumber: string | null, path: string, bytes: number): string {
  return `${m.cli_pdf_saved({ quote: quoteLabel(quoteNumber), path: ltr(path), size: m.cli_byte_count({ count: bytes, countText: ltr(formatCount(bytes)) }) })}\n`;
}

function money(total: QuoteListItem['totalPrice']): string {
  return total ? ltr(terminalText(formatMoney(total))) : '-';
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
  const header = [m.cli_column_id(), m.cli_column_number(), m.cli_column_status(), m.cli_column_project(), m.cli_column_company(), m.cli_column_total(), m.cli_column_valid_until()];
  const table = formatTable(header, rows);
  const footer = pagination
    ? m.cli_list_page({ page: ltr(formatCount(pagination.page)), pages: ltr(formatCount(Math.max(pagination.totalPages, 1))), count: quoteCount(pagination.total) })
    : quoteCount(items.length);
  return `${items.length === 0 ? `${m.cli_list_empty()}\n` : table}${footer}\n`;
}

/** "100,000 quotes": counts grouped as the table's totals are (the system's region), the noun in the CLI's language. */
function quoteCount(count: number): string {
  return m.cli_quote_count({ count, countText: ltr(formatCount(count)) });
}

function formatTable(header: string[], rows: string[][]): string {
  const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  // Clipped after the controls are gone: an escape sequence neither counts nor is cut in two.
  const cells = [header, ...rows.map((row) => row.map((cell) => clip(terminalText(cell))))];
  // Widths in terminal columns: a Japanese heading takes two per character.
  const widths = header.map((_, column) => Math.max(...cells.map((row) => displayWidth(row[column] ?? ''))));
  return cells.map((row) => row.map((cell, column) => padToWidth(cell, widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}

export function formatDetails(quote: QuoteDetails, access: KeyAccess = 'client'): string {
  const t = terminalText;
  const date = (value: string | null) => (value ? ltr(value) : '-');
  // Values are made safe for the terminal before ltr() adds its isolates (which are not controls).
  const lines: [string, string][] = [
    [m.cli_detail_quote(), quote.quoteNumber ? ltr(t(quote.quoteNumber)) : m.cli_detail_unnumbered()],
    [m.cli_detail_id(), ltr(t(quote.id))],
    [m.cli_detail_status(), `${statusText(quote.status, quote.quoteNumber, access)} (${quote.status})`],
    [m.cli_detail_project(), t(quote.projectName ?? '-')],
    [m.cli_detail_description(), t(quote.projectDescription ?? '-')],
    [m.cli_detail_company(), t(quote.company.name)],
    [m.cli_detail_total(), money(quote.totalPrice)],
    [m.cli_detail_quote_date(), date(formatDateTime(quote.quoteDate))],
    [m.cli_detail_deadline_for_quote(), date(formatDateOnly(quote.deadlineForQuote))],
    [m.cli_detail_project_due(), date(formatDateOnly(quote.projectDueDate))],
    [m.cli_detail_valid_until(), date(formatDateTime(quote.validUntil))],
  ];
  if (quote.referenceNumber) lines.push([m.cli_detail_reference(), ltr(t(quote.referenceNumber))]);
  if (quote.poNumber) lines.push([m.cli_detail_po_number(), ltr(t(quote.poNumber))]);
  const width = Math.max(...lines.map(([label]) => displayWidth(label)));
  let text = lines.map(([label, value]) => `${padToWidth(label, width)}  ${value}`).join('\n') + '\n';
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

// The name an export is saved under says what it holds and when: "Quotedesk - Action needed -
// 2026-11-28.xlsx". It is made of words from the service and the person (a company, a search),
// so it is cleaned to a name every system accepts: Windows refuses < > : " / \ | ? * and
// control characters and drops trailing dots and spaces; macOS refuses ':'; every system
// limits a name to 255 bytes.
import { stageLabel } from '../../../i18n/words/stages';
import type { QuoteStage } from '../../../preload/contract/plain/stages';

const PRODUCT = 'Quotedesk';
/** Characters, and UTF-8 bytes, of the view's name kept: readable in a save dialog, the whole name well under 255 bytes. */
const MAX_VIEW_CHARS = 80;
const MAX_VIEW_BYTES = 160;
const REFUSED = /[<>:"/\\|?*\x00-\x1F\x7F]+/g;

function cleanWords(words: string): string {
  const cleaned = words.normalize('NFC').replace(REFUSED, '-').replace(/\s+/g, ' ').trim();
  // Cut by code points, so a cut never splits an emoji or accented letter into an invalid name.
  let cut = '';
  for (const character of [...cleaned].slice(0, MAX_VIEW_CHARS)) {
    if (Buffer.byteLength(cut + character) > MAX_VIEW_BYTES) break;
    cut += character;
  }
  return cut.replace(/[ .]+$/, '').trim();
}

/** "Quotedesk - <what> - <day>.<extension>", safe as a file name on every system. */
export function exportFileName(what: string, day: string, extension: 'csv' | 'xlsx'): string {
  const words = cleanWords(what) || 'Export';
  return `${PRODUCT} - ${words} - ${day}.${extension}`;
}

/** What an inbox view holds, in the inbox's words, as a name for its file. */
export interface ViewWords {
  /** The saved view the inbox shows, if it shows one: its own name says what the view holds. */
  savedViewName?: string | null;
  accountName: string | null;
  needsAction?: boolean;
  expiringSoon?: boolean;
  stages?: readonly QuoteStage[];
  search?: string;
  /** Any other filter (company, currency, ...) cuts the view. */
  filtered: boolean;
  selection: boolean;
}

/** "Big EUR deals" (a saved view), "Action needed", "Acme, Accepted", "All quotes", "Selected quotes", "Selected quotes (Action needed)"... */
export function viewName(view: ViewWords): string {
  const parts: string[] = [];
  const saved = view.savedViewName?.trim();
  if (saved) return view.selection ? `Selected quotes (${saved})` : saved;
  if (view.accountName) parts.push(view.accountName);
  if (view.needsAction) parts.push('Action needed');
  if (view.expiringSoon) parts.push('Expiring soon');
  if (view.stages && view.stages.length > 0) parts.push(view.stages.map((stage) => stageLabel(stage, 'mixed')).join(' or '));
  if (view.search?.trim()) parts.push(`search ${view.search.trim()}`);
  if (view.filtered) parts.push('filtered');
  if (view.selection) return parts.length > 0 ? `Selected quotes (${parts.join(', ')})` : 'Selected quotes';
  return parts.length > 0 ? parts.join(', ') : 'All quotes';
}

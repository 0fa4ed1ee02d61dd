// The name an export is saved under says what it holds and when: "Quotedesk - Action needed -
// 2026-11-28.xlsx". It is made of words from the service and the person (a company, a search),
// so it is cleaned to a name every system accepts: Windows refuses < > : " / \ | ? * and
// control characters and drops trailing dots and spaces; macOS refuses ':'; every system
// limits a name to 255 bytes.
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import type { Locale } from '../../../i18n/paraglide/runtime.js';
import { stageLabel } from '../../../i18n/words/stages';
import { teamViewWords } from '../../../i18n/words/team-views';
import type { QuoteStage } from '../../../preload/contract/plain/stages';
import type { TeamInboxView } from '../../../preload/contract/bridge/inbox';

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
export function exportFileName(what: string, day: string, extension: 'csv' | 'xlsx', locale: Locale = getLocale()): string {
  const words = cleanWords(what) || m.main_export_name_fallback({}, { locale });
  return `${PRODUCT} - ${words} - ${day}.${extension}`;
}

/** What an inbox view holds, in the inbox's words, as a name for its file. */
export interface ViewWords {
  /** The saved view the inbox shows, if it shows one: its own name says what the view holds. */
  savedViewName?: string | null;
  accountName: string | null;
  /** One of the team desk's views ("Assigned to me"): it names the quotes as the sidebar does. */
  team?: TeamInboxView;
  needsAction?: boolean;
  expiringSoon?: boolean;
  stages?: readonly QuoteStage[];
  search?: string;
  /** Any other filter (company, currency, ...) cuts the view. */
  filtered: boolean;
  selection: boolean;
}

/** "Big EUR deals" (a saved view), "Action needed", "Acme, Accepted", "All quotes", "Selected quotes", "Selected quotes (Action needed)"... */
export function viewName(view: ViewWords, locale: Locale = getLocale()): string {
  const parts: string[] = [];
  const saved = view.savedViewName?.trim();
  if (saved) return view.selection ? m.main_export_name_selected_in({ view: saved }, { locale }) : saved;
  if (view.accountName) parts.push(view.accountName);
  if (view.team) parts.push(teamViewWords(view.team, locale));
  if (view.needsAction) parts.push(m.main_export_name_action_needed({}, { locale }));
  if (view.expiringSoon) parts.push(m.main_export_name_expiring_soon({}, { locale }));
  if (view.stages && view.stages.length > 0) parts.push(new Intl.ListFormat(locale, { type: 'disjunction' }).format(view.stages.map((stage) => stageLabel(stage, 'mixed'))));
  if (view.search?.trim()) parts.push(m.main_export_name_search({ text: view.search.trim() }, { locale }));
  if (view.filtered) parts.push(m.main_export_name_filtered({}, { locale }));
  if (view.selection) return parts.length > 0 ? m.main_export_name_selected_in({ view: parts.join(', ') }, { locale }) : m.main_export_name_selected({}, { locale });
  return parts.length > 0 ? parts.join(', ') : m.main_export_name_all({}, { locale });
}

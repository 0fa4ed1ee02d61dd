// Text the person reads outside the page (notifications, the tray, native menus) has no <bdi>:
// a quote number, amount, time or version inside an Arabic sentence is wrapped in Unicode's
// first-strong isolate instead, so "Q-2026-0042" or "1.4.2" keeps its own direction and does
// not reorder the words around it. Left-to-right languages get the text unchanged.
import { getLocale, getTextDirection } from '../../../i18n/paraglide/runtime.js';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export function isolate(text: string, locale: string = getLocale()): string {
  return getTextDirection(locale) === 'rtl' ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;
}

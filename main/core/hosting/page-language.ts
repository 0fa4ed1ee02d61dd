// The window's language, written into the page the host serves (its <html> element), so the
// renderer knows it before its first paint and nothing shows in English first: `lang` and
// `dir` for the document, the setting for Settings -> Language, whether the pseudo-locale is
// offered, and (browser mode) that "system" means the browser's own languages.
import type { LanguageState } from '../../../preload/contract';
import { getTextDirection } from '../../../i18n/paraglide/runtime.js';

export interface PageLanguage extends Omit<LanguageState, 'system'> {
  /** Who resolves "system": the host (Electron: the OS's languages) or the page (browser mode: navigator.languages). */
  resolvesSystem: 'host' | 'browser';
}

const HTML_TAG = /<html\b[^>]*>/i;

/** The page with its <html> element carrying the language; a page without one is returned as it was. */
export function withPageLanguage(html: string, language: PageLanguage): string {
  const attributes = {
    lang: language.locale,
    dir: getTextDirection(language.locale),
    'data-language-choice': language.choice,
    'data-language-system': language.resolvesSystem,
    'data-language-pseudo': language.pseudo ? '1' : '0',
  };
  const written = Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ');
  return html.replace(HTML_TAG, `<html ${written}>`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// Scans a page shown in the pseudo-locale en-XA for what the pseudo-locale exposes: English
// left on screen (a string not taken from the catalogue, or user data not marked
// translate="no") and labels cut off (text that will clip in German). Both run inside the page.
import type { Page } from '@playwright/test';

/** Words that stay English in every language: product, protocol and file-format names. */
export const UNTRANSLATED_WORDS = ['Quotedesk', 'XTRF', 'NATS', 'PDF', 'CSV', 'XLSX', 'API', 'URL', 'JSON', 'HMAC'] as const;

/** Key names as a keyboard prints them: allowed only inside <kbd> (a key is a key in every language). */
export const KEY_NAMES = ['Ctrl', 'Alt', 'Shift', 'Cmd', 'Option', 'Meta', 'Enter', 'Return', 'Esc', 'Escape', 'Tab', 'Space', 'Backspace', 'Delete', 'Del', 'Home', 'End', 'PageUp', 'PageDown', 'Up', 'Down', 'Left', 'Right'] as const;

// The scans run in the page and are passed as source: this project's Node typecheck has no DOM types.
// <time> holds a date or a moment formatted for the system's REGION (numbers and dates follow
// the region, not the UI language: an English-speaking region writes "Dec 28, 2026" under any
// UI language), so it is data to the scan, as <code> and translate="no" are. <kbd> is scanned,
// with key names allowed there only: "Ctrl" is a key, but a sentence in a <kbd> is still English.
const FIND_ENGLISH = String.raw`(allowList, keyNames) => {
    const allow = new Set(allowList);
    const keys = new Set(keyNames);
    const found = [];

    const isVisible = (element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const isSkipped = (element) => element.closest('[translate="no"], code, time, script, style, noscript, template') !== null;
    const scan = (text, where, inKbd) => {
      const left = text.replace(/⟦[^⟧]*⟧/g, ' ');
      for (const match of left.matchAll(/[A-Za-z]{2,}/g)) {
        if (allow.has(match[0]) || (inKbd && keys.has(match[0]))) continue;
        const at = match.index;
        const context = left.slice(Math.max(0, at - 30), at + match[0].length + 30).replace(/\s+/g, ' ').trim();
        found.push({ token: match[0], context: where ? where + ': ' + context : context, text: text.replace(/\s+/g, ' ').trim().slice(0, 400) });
      }
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || isSkipped(parent) || !isVisible(parent)) continue;
      scan(node.textContent ?? '', '', parent.closest('kbd') !== null);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (isSkipped(element) || !isVisible(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) scan(value, element.tagName.toLowerCase() + '[' + attribute + ']', false);
      }
    }
    return found;
  }`;

const FIND_CLIPPED = String.raw`() => {
    const clipped = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || !element.checkVisibility({ checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(element);
      const cuts = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      // A 1 px box is the screen-reader-only pattern: hidden on purpose, not clipped.
      if (!cuts || element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 1) continue;
      const text = (element.innerText || element.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
      if (text) clipped.push({ text: text.slice(0, 120), scrollWidth: element.scrollWidth, clientWidth: element.clientWidth });
    }
    return clipped;
  }`;

export interface EnglishToken {
  token: string;
  /** Where it was found: the text around it, or the attribute's name and value. */
  context: string;
  /** The whole text (or attribute value) it is in, for an exception to match. */
  text: string;
}

export interface ClippedLabel {
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Every English token visible on the page (text and the labelling attributes) outside the allow-list. */
export function findEnglish(page: Page, allowed: readonly string[] = UNTRANSLATED_WORDS): Promise<EnglishToken[]> {
  return page.evaluate<EnglishToken[]>(`(${FIND_ENGLISH})(${JSON.stringify(allowed)}, ${JSON.stringify(KEY_NAMES)})`);
}

/** Visible elements that cut their text off (overflow hidden/clip or an ellipsis) because it does not fit. */
export function findClipped(page: Page): Promise<ClippedLabel[]> {
  return page.evaluate<ClippedLabel[]>(`(${FIND_CLIPPED})()`);
}

// messageParts cuts a translated sentence around the values that need their own element (<kbd>,
// <bdi>, <code>): each language places them where its grammar wants, so the cut must follow the
// translation, not the English order, and give back the values the caller passed.
import { describe, expect, it } from 'vitest';
import { m } from '../../../i18n/paraglide/messages.js';
import { aroundValue, messageParts } from '../../../renderer/src/lib/message-parts';

describe('messageParts', () => {
  it('gives each value back as its own part, where the language put it', () => {
    const parts = messageParts((inputs) => m.inbox_pane_empty_hint(inputs, { locale: 'de' }), { j: 'j', k: 'k', enter: 'Enter' });
    expect(parts.filter((part) => part.value)).toEqual([
      { value: true, name: 'j', text: 'j' },
      { value: true, name: 'k', text: 'k' },
      { value: true, name: 'enter', text: 'Enter' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe('Klicken Sie auf ein Angebot oder wechseln Sie mit j und k, um es hier zu lesen. Enter oder ein Doppelklick öffnet es vollständig.');
  });

  it('keeps a value that ends the sentence, with no empty text after it', () => {
    const parts = messageParts((inputs) => m.inbox_snoozed_quote(inputs, { locale: 'ar' }), { number: 'Q-2026-0042' });
    expect(parts).toEqual([
      { value: false, text: 'عرض السعر ' },
      { value: true, name: 'number', text: 'Q-2026-0042' },
    ]);
  });

  it('gives a value holding the marker characters back whole', () => {
    const parts = messageParts((inputs) => m.inbox_snoozed_quote(inputs, { locale: 'en' }), { number: 'Q-\uE000x\uE001' });
    expect(parts).toEqual([
      { value: false, text: 'Quote ' },
      { value: true, name: 'number', text: 'Q-\uE000x\uE001' },
    ]);
  });
});

describe('aroundValue', () => {
  it('gives the text before and after the one value', () => {
    expect(aroundValue((value) => m.inbox_snoozed_quote({ number: value }, { locale: 'en' }))).toEqual(['Quote ', '']);
  });
});

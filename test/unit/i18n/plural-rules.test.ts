// scripts/i18n.ts makes the compiled plural() keep one Intl.PluralRules per locale (a language
// switch redraws every plural message at once). A kept rule must stay its language's: a count
// said in English, then in Arabic, then in English again, picks each language's own form.
import { describe, expect, it } from 'vitest';
import { m } from '../../../i18n/paraglide/messages.js';

const seconds = (count: number, locale: 'en' | 'ar') => m.settings_decisions_seconds({ count, countText: String(count) }, { locale });

describe('plural messages with the kept plural rules', () => {
  it('pick each language\'s form, whichever language asked before', () => {
    expect([seconds(1, 'en'), seconds(2, 'en')]).toEqual(['1 second', '2 seconds']);
    expect([seconds(1, 'ar'), seconds(2, 'ar'), seconds(3, 'ar'), seconds(11, 'ar')]).toEqual(['ثانية واحدة', 'ثانيتان', '3 ثوانٍ', '11 ثانية']);
    expect([seconds(1, 'en'), seconds(3, 'en')]).toEqual(['1 second', '3 seconds']);
  });
});

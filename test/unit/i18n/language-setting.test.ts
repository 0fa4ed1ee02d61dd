import { describe, expect, it } from 'vitest';
import { createLanguage, LANGUAGE_SETTING, type LanguageDeps } from '../../../main/core/app-info/language';
import { withPageLanguage } from '../../../main/core/hosting/page-language';
import { createMemorySettingsStore } from '../../../main/core/settings-and-secrets';
import { locales } from '../../../i18n/paraglide/runtime.js';
import { UI_LOCALES } from '../../../preload/contract/plain/languages';

function language(stored: Record<string, unknown> = {}, deps: Partial<LanguageDeps> = {}) {
  const settings = createMemorySettingsStore(stored);
  const spoken: string[] = [];
  const created = createLanguage({ settings, systemLanguages: () => ['ja-JP'], speak: (locale) => void spoken.push(locale), ...deps });
  return { settings, spoken, language: created };
}

describe('the language setting main keeps', () => {
  it('speaks the stored choice at start, else the system’s language, and keeps a new choice', () => {
    const fresh = language();
    expect(fresh.language.start()).toEqual({ choice: 'system', locale: 'ja', system: 'ja', pseudo: false });
    expect(fresh.spoken).toEqual(['ja']);
    expect(fresh.language.choose({ choice: 'ar', locale: 'ar' })).toMatchObject({ choice: 'ar', locale: 'ar' });
    expect(fresh.settings.get(LANGUAGE_SETTING)).toBe('ar');
    expect(fresh.spoken.at(-1)).toBe('ar');
    expect(language({ [LANGUAGE_SETTING]: 'de' }).language.start()).toMatchObject({ choice: 'de', locale: 'de' });
    expect(language({ [LANGUAGE_SETTING]: 'klingon' }).language.start()).toMatchObject({ choice: 'system', locale: 'ja' });
  });

  it('lets QUOTEDESK_LANG win over the stored choice and offers the pseudo-locale only when asked', () => {
    expect(language({ [LANGUAGE_SETTING]: 'de' }, { env: { QUOTEDESK_LANG: 'en-XA' } }).language.start()).toEqual({ choice: 'en-XA', locale: 'en-XA', system: 'ja', pseudo: true });
    expect(language({ [LANGUAGE_SETTING]: 'en-XA' }).language.start()).toMatchObject({ choice: 'system', pseudo: false });
    expect(language({}, { env: { QUOTEDESK_PSEUDO: '1' } }).language.choose({ choice: 'en-XA', locale: 'en-XA' })).toMatchObject({ choice: 'en-XA', locale: 'en-XA', pseudo: true });
    expect(language().language.choose({ choice: 'en-XA', locale: 'en-XA' })).toMatchObject({ choice: 'system', locale: 'ja' });
  });

  it('resolves "system" on the host’s side in the desktop app, from the window’s answer in browser mode', () => {
    expect(language({}, { systemFrom: 'host' }).language.choose({ choice: 'system', locale: 'fr' })).toMatchObject({ locale: 'ja' });
    expect(language().language.choose({ choice: 'system', locale: 'fr' })).toMatchObject({ locale: 'fr' });
  });

  it('writes the language into the page before its first paint', () => {
    const page = withPageLanguage('<!doctype html>\n<html lang="en">\n<body></body></html>', { choice: 'system', locale: 'ar', pseudo: false, resolvesSystem: 'browser' });
    expect(page).toContain('<html lang="ar" dir="rtl" data-language-choice="system" data-language-system="browser" data-language-pseudo="0">');
  });

  it('carries the same languages over the bridge as the catalogue compiles', () => {
    expect([...UI_LOCALES]).toEqual([...locales]);
  });
});

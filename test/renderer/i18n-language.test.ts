// Settings -> Language over the fake bridge (which keeps the choice with the core's own
// language setting): a choice redraws the window in place and main keeps it and speaks it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { rememberStartLanguage } from '../../renderer/src/lib/i18n/language-choice.svelte';
import { startLanguage } from '../../renderer/src/lib/i18n/start-language';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

afterEach(() => {
  switchLocale('en');
  for (const name of ['languageChoice', 'languageSystem', 'languagePseudo']) delete document.documentElement.dataset[name];
});

async function languageSection(): Promise<HTMLElement> {
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  return (await screen.findByRole('heading', { name: 'Language' })).closest('section') as HTMLElement;
}

describe('Settings -> Language', () => {
  it('switches the window to German at once, keeps the choice in main and makes main speak it', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] }, language: { systemLanguages: () => ['fr-CA'] } });
    rememberStartLanguage({ choice: 'system', locale: 'en', pseudo: false, systemFromBrowser: true }, bridge.api, ['en-GB']);
    renderApp(bridge);
    const section = await languageSection();
    const picker = within(section).getByRole('combobox', { name: 'Language of Quotedesk' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.text)).toEqual(['System (English)', 'English', 'Deutsch', 'français', 'español', '日本語', 'العربية']);

    await fireEvent.change(picker, { target: { value: 'de' } });
    expect(document.documentElement.lang).toBe('de');
    expect(within(section).getByRole('heading').textContent).toBe('Sprache');
    expect(within(section).queryByText(/Language|Numbers/)).toBeNull();
    // First main learns the browser's language for "system" (it guessed French from the computer), then the choice.
    await waitFor(() => expect(bridge.callsOf('app.setLanguage')).toEqual([{ choice: 'system', locale: 'en' }, { choice: 'de', locale: 'de' }]));
    expect(bridge.language.state()).toMatchObject({ choice: 'de', locale: 'de' });
    expect(bridge.spoken.at(-1)).toBe('de');
  });

  it('turns the page right to left for Arabic and says "System" in the language it stands for', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [] } });
    rememberStartLanguage({ choice: 'system', locale: 'en', pseudo: false, systemFromBrowser: true }, bridge.api, ['de-AT', 'en']);
    renderApp(bridge);
    const section = await languageSection();
    const picker = within(section).getByRole('combobox') as HTMLSelectElement;
    expect(picker.options[0]!.text).toBe('System (Deutsch)');
    await fireEvent.change(picker, { target: { value: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(section).getByRole('heading').textContent).toBe('اللغة');
    expect(picker.options[0]!.text).toBe('النظام (Deutsch)');
    // Back to "system": the browser's languages (German here), and main is told so.
    await fireEvent.change(picker, { target: { value: 'system' } });
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(bridge.callsOf('app.setLanguage').at(-1)).toEqual({ choice: 'system', locale: 'de' }));
  });

  it('opens in the language the host wrote into the page, offering the pseudo-locale only when the host allows it', async () => {
    const root = document.documentElement;
    Object.assign(root.dataset, { languageChoice: 'en-XA', languageSystem: 'browser', languagePseudo: '1' });
    expect(startLanguage(root, ['de'])).toEqual({ choice: 'en-XA', locale: 'en-XA', pseudo: true, systemFromBrowser: true });
    Object.assign(root.dataset, { languageChoice: 'system', languageSystem: 'host', languagePseudo: '0' });
    root.lang = 'ja';
    expect(startLanguage(root, ['de'])).toEqual({ choice: 'system', locale: 'ja', pseudo: false, systemFromBrowser: false });
    Object.assign(root.dataset, { languageSystem: 'browser' });
    expect(startLanguage(root, ['es-MX'])).toMatchObject({ locale: 'es' });
  });
});

// Settings in another language: the page redraws in place when the language switches (no
// reload), the account form's checks and toasts speak it, and Arabic gets its own plural forms.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyForm, savedMessage, validateAccountForm } from '../../renderer/src/lib/account-form';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';
import { renderApp } from './render-app';

afterEach(() => switchLocale('en'));

async function openSettings() {
  renderApp(new FakeBridge({ accounts: [makeAccount({ name: 'Acme Localisation' })], quotes: { 'acc-1': [] } }));
  const nav = screen.getByRole('navigation', { name: 'Accounts' });
  await fireEvent.click(within(nav).getByRole('button', { name: /^Settings$/ }));
  await screen.findByRole('heading', { name: 'Offline and sync' });
}

describe('the account form in other languages', () => {
  const unnamed = { ...emptyForm(), baseUrl: 'https://quotes.example.com' };

  it('says what is missing in German and in Arabic', () => {
    switchLocale('de');
    expect(validateAccountForm(unnamed, null)).toEqual({ name: 'Geben Sie dem Konto einen Namen', apiKey: 'Geben Sie den API-Schlüssel ein' });
    switchLocale('ar');
    expect(validateAccountForm(unnamed, null)).toEqual({ name: 'أدخل اسمًا للحساب', apiKey: 'أدخل مفتاح API' });
  });

  it('tells the truth about a saved account in German', () => {
    switchLocale('de');
    const saved = makeAccount({ name: 'Acme', status: 'needs-credentials', statusMessage: null });
    expect(savedMessage(saved, { added: false, report: null })).toEqual({ kind: 'error', message: 'Acme gespeichert, aber die Zugangsdaten wurden abgelehnt.' });
  });
});

describe('the Settings page in other languages', () => {
  it('redraws in German when the language switches, without a reload', async () => {
    await openSettings();
    switchLocale('de');
    await screen.findByRole('heading', { name: 'Offline und Synchronisierung' });
    const sections = screen.getByRole('navigation', { name: 'Einstellungsbereiche' });
    expect(within(sections).getByRole('button', { name: 'Konten' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Zeit zum Rückgängigmachen einer Entscheidung' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verbindung von Acme Localisation testen' })).toBeTruthy();
    for (const english of ['Offline and sync', 'Time to undo a decision', 'Mute all notifications', 'Same as the system']) {
      expect(screen.queryByText(english, { exact: false })).toBeNull();
    }
  });

  it('asks for the account in Arabic, with Arabic plural forms for the undo time', async () => {
    await openSettings();
    switchLocale('ar');
    const page = (await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).closest('section') as HTMLElement;
    const undo = screen.getByRole('combobox', { name: 'مهلة التراجع عن قرار' }) as HTMLSelectElement;
    const optionText = (value: string) => [...undo.options].find((option) => option.value === value)?.textContent;
    expect(optionText('3')).toBe('3 ثوانٍ');
    expect(optionText('15')).toBe('15 ثانية');

    await fireEvent.click(within(page).getByRole('button', { name: 'إضافة حساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة حساب' });
    expect(within(dialog).getByRole('button', { name: 'إظهار مفتاح API' })).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(dialog.textContent).toContain('أدخل اسمًا للحساب'));
    expect(dialog.textContent).toContain('أدخل مفتاح API');
    expect(dialog.textContent).not.toContain('Give the account a name');
    expect(dialog.textContent).not.toContain('Enter the API key');
  });
});

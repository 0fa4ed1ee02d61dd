// The decision dialogs speak the person's language: German and Arabic (right to left), the
// wording from the quote catalogue, the quote's own data (number, amounts) left as it is.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcceptDialog, DeclineDialog } from '../../../renderer/src/components/decision-dialogs';
import { SnoozeDialog } from '../../../renderer/src/components/snooze-dialog';
import { switchLocale } from '../../../renderer/src/lib/i18n/locale.svelte';
import { makeDetails } from './pricing-fixtures';

const NOW = Date.parse('2025-05-10T12:00:00Z');
const neverChecked = () => Promise.reject(new Error('not expected'));

afterEach(() => switchLocale('en'));

describe('decision dialogs in other languages', () => {
  it('declines in German: title, reason, count, saved reasons and buttons, no English left', async () => {
    switchLocale('de');
    render(DeclineDialog, { quote: makeDetails(), onconfirm: vi.fn(), oncheckagain: neverChecked, onclose: vi.fn(), onsavereasons: vi.fn(), savedReasons: [], locale: 'de-DE', now: NOW });
    const dialog = screen.getByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    const text = dialog.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Grund (optional, wird an den Dienst gesendet)');
    expect(text).toContain('0 / 1.000 Zeichen');
    expect(text).toContain('lehnt ab');
    expect(dialog.querySelector('.keys kbd')?.textContent).toMatch(/Enter$/);
    expect(text).toContain('Gespeicherte Gründe');
    expect(within(dialog).getByRole('button', { name: 'Angebot ablehnen' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
    expect(text).not.toMatch(/Decline|Reason|characters|Saved reasons|Valid until|Total/);
  });

  it('says a refusal in Arabic and keeps the quote number and total left to right', async () => {
    switchLocale('ar');
    const onconfirm = vi.fn(async () => ({ outcome: 'refused' as const, message: 'لم يُتح المورّد عرض السعر هذا للقرار بعد.' }));
    render(AcceptDialog, { quote: makeDetails(), onconfirm, oncheckagain: neverChecked, onclose: vi.fn(), locale: 'en-GB', now: NOW });
    const dialog = screen.getByRole('dialog', { name: 'هل تريد قبول عرض السعر هذا؟' });
    expect(dialog.textContent).toContain('يلزم تقديم أمر شراء.');
    const total = within(dialog).getByText('€2,350.00');
    expect(total.tagName).toBe('BDI');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'قبول عرض السعر' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('لم تسمح الخدمة بذلك');
    expect(within(dialog).getByRole('button', { name: 'تم' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/Accept|purchase order|service did not allow|Done/);
  });
});

describe('snooze dialog in German', () => {
  it('names the quote and refuses a time in the past in German', async () => {
    switchLocale('de');
    render(SnoozeDialog, { props: { target: { accountId: 'a', quoteId: 'q', quoteNumber: 'Q-7', validUntil: null }, onsnooze: vi.fn(async () => true), oncancel: vi.fn(), locale: 'de-DE', now: NOW } });
    const dialog = screen.getByRole('dialog', { name: 'Angebot Q-7 zurückstellen' });
    await fireEvent.input(within(dialog).getByLabelText('Oder Zeitpunkt wählen'), { target: { value: '2000-01-01T10:00' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Bis dahin zurückstellen' }));
    expect(dialog.textContent).toContain('Wählen Sie einen Zeitpunkt in der Zukunft.');
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });
});

// The inbox in another language (#28): its words come from the catalogue in the language the
// person chose, plurals take that language's forms (Arabic has six), a switch redraws the inbox
// in place, and the numbers keep the system region's digits.
import { screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeepOfflineJob } from '../../preload/contract';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { facetValueLabel } from '../../renderer/src/lib/inbox-filters';
import { keepOfflineWords } from '../../renderer/src/lib/state/selection.svelte';
import { timeLeftWords } from '../../renderer/src/lib/time-left';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

afterEach(() => switchLocale('en'));

function fake(count: number) {
  const quotes = Array.from({ length: count }, (_, index) => makeQuote({ id: quoteId(index + 1), quoteNumber: `Q-2026-${100 + index}`, projectName: `Handbuch ${index + 1}` }));
  return new FakeBridge({ accounts: [makeAccount({ id: 'acme', name: 'Acme Localisation' })], quotes: { acme: quotes } });
}

function job(moved: Partial<KeepOfflineJob>): KeepOfflineJob {
  return { state: 'finished', total: 0, done: 0, kept: 0, alreadyOffline: 0, failed: [], failedCount: 0, notTried: 0, error: null, secondsLeft: null, ...moved };
}

const header = () => screen.getByRole('heading', { level: 1 }).closest('header')!;

describe('the inbox in German and Arabic', () => {
  it('speaks German: the count, the search, the filters and the table, with no English left', async () => {
    switchLocale('de');
    renderApp(fake(3));
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe('3 Angebote'));
    expect(screen.getByPlaceholderText('Angebote durchsuchen')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Handlungsbedarf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aktualisieren' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Angebote' });
    expect(within(table).getByRole('columnheader', { name: /Angebotsnr\./ })).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Q-2026-100, Handbuch 1 auswählen' })).toBeTruthy();
    expect(header().textContent).not.toMatch(/\bquotes?\b|Search|Needs action|Refresh/);
    expect(within(table).queryByRole('columnheader', { name: /Quote no\./ })).toBeNull();
  });

  it('switches to Arabic in place, right to left, with the dual form for two quotes', async () => {
    renderApp(fake(2));
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe('2 quotes'));
    switchLocale('ar');
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe('عرضا سعر'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByPlaceholderText('البحث في عروض الأسعار')).toBeTruthy();
    // The quote number stays left to right inside the Arabic row.
    const number = screen.getByRole('table').querySelector('.cell.number bdi');
    expect(number?.textContent).toMatch(/^Q-2026-10[01]$/);
    expect(header().textContent).not.toMatch(/\bquotes?\b/);
  });

  it('says the outcome of keeping PDFs offline and the time left in the language, with the system region’s digits', () => {
    switchLocale('de');
    expect(keepOfflineWords(job({ total: 1_200, kept: 1_000, alreadyOffline: 1, notTried: 199 }))).toBe(
      'Offline gespeichert: 1,000 PDFs (1 war bereits gespeichert). Nicht versucht: 199 PDFs; der Dienst ist derzeit nicht erreichbar. Versuchen Sie es später erneut; es ging nichts verloren.',
    );
    expect(timeLeftWords(9_000)).toBe('noch etwa 2 Stunden 30 Minuten');
    expect(facetValueLabel('dueDate', 'overdue')).toBe('überfällig');
    switchLocale('ar');
    expect(timeLeftWords(9_000)).toBe('الوقت المتبقي: ساعتان و30 دقيقة تقريبًا');
    expect(keepOfflineWords(job({ state: 'stopped', total: 3, kept: 1 }))).toBe('تم الحفظ دون اتصال: 1 من أصل 3 ملفات PDF؛ توقّف.');
  });
});

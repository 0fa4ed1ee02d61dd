// Notifications speak the main process's current language (getLocale()): every event type has
// words of its own in each shipped language, statuses and amounts included as the inbox shows
// them, and a quote number stays left to right inside an Arabic sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { describeChange, summarise, SYNC_CHANGE_KINDS } from '../../../../main/core/notify';
import { EVENT_TYPES } from '../../../../preload/contract/service/webhook';
import { change } from './fixtures';

const SHIPPED = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;

describe('notification wording in the app language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it.each(SHIPPED)('gives every event type its own title in %s, never an empty or English one', (locale) => {
    setLocale(locale, { reload: false });
    const kinds = [...EVENT_TYPES, ...SYNC_CHANGE_KINDS.filter((kind) => !kind.endsWith('_at_start'))];
    for (const named of [true, false]) {
      const titles = EVENT_TYPES.map((kind) => describeChange(change({ kind, oldStatus: null, newStatus: null, ...(named ? {} : { quoteNumber: null, entityNumber: null, entityName: null, projectName: null }) })).title);
      expect(new Set(titles).size).toBe(titles.length);
    }
    const titles = kinds.map((kind) => describeChange(change({ kind, oldStatus: null, newStatus: null })).title);
    expect(titles.filter((title) => !title.trim() || /undefined|null/.test(title))).toEqual([]);
    if (locale !== 'en') {
      const english = /\b(quote|project|job|cancelled|accepted|declined|created|expires|submitted|snooze)\b/i;
      expect(titles.filter((title) => english.test(title))).toEqual([]);
    }
  });

  it('speaks German, with the status in the inbox row’s words', () => {
    setLocale('de', { reload: false });
    const accepted = describeChange(change({ kind: 'quote.accepted', oldStatus: null, newStatus: null }));
    expect(accepted.title).toBe('Angebot Q-2026-0042 angenommen');
    const expiring = describeChange(change({ kind: 'quote.expiring', reminder: 'two-days', daysLeft: 2, source: 'sync', oldStatus: null, newStatus: null, occurredAt: null, access: 'client' }));
    expect(expiring.title).toBe('Angebot Q-2026-0042 läuft in 2 Tagen ab');
    expect(expiring.body.split('\n')[0]).toBe('Entscheiden Sie vor Ablauf');
    expect(describeChange(change({ kind: 'quote.cancelled', oldStatus: null, newStatus: null, quoteNumber: null, entityNumber: null })).title).toBe('Ein Angebot storniert');
  });

  it('speaks Arabic, the quote number isolated and the dual form for two days', () => {
    setLocale('ar', { reload: false });
    expect(describeChange(change({ kind: 'quote.accepted', oldStatus: null, newStatus: null })).title).toBe('تم قبول عرض السعر \u2068Q-2026-0042\u2069');
    const expiring = describeChange(change({ kind: 'quote.expiring', reminder: 'two-days', daysLeft: 2, source: 'sync', oldStatus: null, newStatus: null, occurredAt: null, access: 'internal' }));
    expect(expiring.title).toBe('تنتهي صلاحية عرض السعر \u2068Q-2026-0042\u2069 خلال يومين');
    expect(expiring.body.split('\n')[0]).toBe('لم يتخذ العميل قراره بعد');
  });

  it('sums a burst up in the language, with the plural the count needs', () => {
    const burst = (count: number) => Array.from({ length: count }, (_, index) => describeChange(change({ kind: 'quote.accepted', quoteId: `q-${index}`, quoteNumber: `Q-${index}`, oldStatus: null, newStatus: null })));
    setLocale('de', { reload: false });
    const german = summarise('acc-1', 'Acme', burst(5));
    expect(german.title).toBe('5 Angebote bei Acme geändert');
    expect(german.body.split('\n')).toEqual(['Angebot Q-0 angenommen', 'Angebot Q-1 angenommen', 'Angebot Q-2 angenommen', 'und 2 weitere']);
    setLocale('ar', { reload: false });
    expect(summarise('acc-1', 'Acme', burst(2)).title).toBe('تغيّر عرضا سعر في \u2068Acme\u2069');
    expect(summarise('acc-1', 'Acme', burst(4)).body.split('\n').at(-1)).toBe('وتغيير آخر');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAmount, formatDateOnly, formatDateTime, formatDaysFromNow, formatLanguageTag, formatMoney, formatServiceType, formatTimeAgo } from '../../renderer/src/lib/format';
import { facetValueLabel } from '../../renderer/src/lib/inbox-filters';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { m } from '../../i18n/paraglide/messages.js';
import { pseudoText } from '../../i18n/pseudo';

const originalTz = process.env.TZ;

describe('formatting', () => {
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('formats totals with their currency and says when there is none', () => {
    expect(formatMoney({ amount: 1234.5, currency: 'EUR' }, 'en-US')).toBe('€1,234.50');
    expect(formatMoney({ amount: 1234.5, currency: 'EUR' }, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(null, 'en-US')).toBe('Not priced yet');
  });

  it('still shows an amount whose currency code Intl rejects', () => {
    expect(formatMoney({ amount: 12.5, currency: 'not a code' }, 'en-US')).toBe('12.5 not a code');
  });

  it('never moves a calendar date to another day, whatever the time zone', () => {
    for (const tz of ['Pacific/Kiritimati', 'America/Adak', 'UTC']) {
      process.env.TZ = tz;
      expect(formatDateOnly('2025-03-05', 'en-US')).toBe('Mar 5, 2025');
      expect(formatDateOnly('2025-01-01', 'en-US')).toBe('Jan 1, 2025');
    }
  });

  it('shows date-times as the local date and tolerates missing or odd values', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatDateTime('2025-03-05T20:00:00Z', 'en-US')).toBe('Mar 6, 2025');
    expect(formatDateTime(null, 'en-US')).toBeNull();
    expect(formatDateOnly(undefined, 'en-US')).toBeNull();
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });

  it('builds one formatter per locale and currency, not one per cell', () => {
    const numberFormats = vi.spyOn(Intl, 'NumberFormat');
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let row = 0; row < 500; row += 1) {
        formatAmount(row * 10.5, row % 2 ? 'EUR' : 'GBP', 'fr-CA');
        formatDateOnly(`2025-03-${String(1 + (row % 28)).padStart(2, '0')}`, 'fr-CA');
        formatDateTime('2025-03-05T20:00:00Z', 'fr-CA');
      }
      expect(numberFormats.mock.calls.length).toBeLessThanOrEqual(2);
      expect(dateFormats.mock.calls.length).toBeLessThanOrEqual(2);
      expect(formatAmount(1234.5, 'EUR', 'en-US')).toBe('€1,234.50');
    } finally {
      numberFormats.mockRestore();
      dateFormats.mockRestore();
    }
  });

  it('says how far a date is in whole calendar days of the local zone, then months and years', () => {
    const now = Date.parse('2026-11-26T15:00:00Z');
    expect(formatDaysFromNow('2026-11-29T15:00:00Z', now, 'en-US')).toBe('in 3 days');
    expect(formatDaysFromNow('2026-11-27', now, 'en-US')).toBe('tomorrow');
    expect(formatDaysFromNow('2026-11-26', now, 'en-US')).toBe('today');
    expect(formatDaysFromNow('2026-11-24', now, 'en-US')).toBe('2 days ago');
    expect(formatDaysFromNow('2027-02-26', now, 'en-US')).toBe('in 3 months');
    expect(formatDaysFromNow('2024-11-26', now, 'en-US')).toBe('2 years ago');
    // Words, so in the person's language, not in the region's locale the dates are written in.
    expect(formatDaysFromNow('2026-11-29', now, 'de-DE')).toBe('in 3 days');
    expect(formatDaysFromNow(null, now, 'en-US')).toBeNull();
    expect(formatDaysFromNow('not a date', now, 'en-US')).toBeNull();
  });

  it('counts days from local midnights: late tonight is today, early tomorrow is tomorrow', () => {
    process.env.TZ = 'America/New_York';
    const now = Date.parse('2026-11-26T14:00:00-05:00');
    expect(formatDaysFromNow('2026-11-26T23:30:00-05:00', now, 'en-US')).toBe('today');
    expect(formatDaysFromNow('2026-11-27T00:30:00-05:00', now, 'en-US')).toBe('tomorrow');
  });

  it('writes service types by their plain names, in the filter bar too, as target markets are', () => {
    expect(formatServiceType('mt-post-editing')).toBe('Machine translation post-editing');
    expect(formatServiceType('dtp')).toBe('Desktop publishing');
    expect(formatServiceType('subtitling')).toBe('Subtitling');
    expect(formatServiceType('legal_review')).toBe('Legal review');
    expect(facetValueLabel('serviceTypes', 'dtp')).toBe('Desktop publishing');
    expect(facetValueLabel('targetMarkets', 'German (Germany)')).toBe('German (Germany)');
  });

  it('writes a language tag as the language and country, and leaves a label as it is', () => {
    expect(formatLanguageTag('de-DE', 'en-US')).toBe('German (Germany)');
    expect(formatLanguageTag('ko-KR', 'en-US')).toBe('Korean (South Korea)');
    expect(formatLanguageTag('German (Germany)', 'en-US')).toBe('German (Germany)');
  });

  it('says how far a date is, and names languages, in the language chosen for the app', () => {
    const now = Date.parse('2026-11-26T15:00:00Z');
    try {
      switchLocale('de');
      expect(formatDaysFromNow('2026-11-29', now, 'en-US')).toBe('in 3 Tagen');
      expect(formatLanguageTag('fr-FR', 'en-US')).toBe('Französisch (Frankreich)');
      switchLocale('ar');
      expect(formatDaysFromNow('2026-11-24', now, 'en-US')).toBe('أول أمس');
    } finally {
      switchLocale('en');
    }
  });

  it("in the pseudo-locale, gives Intl's words the pseudo look of the messages around them, and leaves dates and messages as they are", () => {
    const now = Date.parse('2026-11-26T15:00:00Z');
    try {
      switchLocale('en-XA');
      expect(formatDaysFromNow('2026-11-29', now, 'en-US')).toBe(pseudoText('in 3 days'));
      expect(formatLanguageTag('de-DE', 'en-US')).toBe(pseudoText('German (Germany)'));
      expect(formatTimeAgo(now - 5 * 60_000, now, 'en-US')).toBe(pseudoText('5 minutes ago'));
      // "just now" is a message: pseudo already, and left as it is.
      expect(formatTimeAgo(now - 1_000, now, 'en-US')).toBe(m.common_just_now());
      // Dates follow the region, not the UI language.
      expect(formatDateOnly('2025-03-05', 'en-US')).toBe('Mar 5, 2025');
    } finally {
      switchLocale('en');
    }
  });
});

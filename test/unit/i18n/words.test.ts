import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import { deliveryWords } from '../../../i18n/words/activity-words';
import { baseUrlProblem } from '../../../i18n/words/base-url';
import { formatAmount, formatServiceType, formatTimeAgo } from '../../../i18n/words/format';
import { INBOX_SORT_PAIRS, sortWords } from '../../../i18n/words/inbox-sorts';
import { plainNetworkWords } from '../../../i18n/words/network-words';
import { relayServerProblem } from '../../../i18n/words/relay-url';
import { SNOOZE_CHOICE_LABELS } from '../../../i18n/words/snooze-times';
import { STAGE_LABELS, quoteStatusWords, stageLabel } from '../../../i18n/words/stages';
import { KEY_ACCESS_LABELS, statusLabel } from '../../../i18n/words/statuses';

// The shared words are read when called, in the language of that moment: main sets its
// language when the person picks one, and a table read before must not keep the old words.
afterEach(() => setLocale('en', { reload: false }));

describe('the shared words speak the chosen language', () => {
  it('says stages and statuses in German with the glossary’s status words, and English again after switching back', () => {
    const labels = STAGE_LABELS;
    setLocale('de', { reload: false });
    expect(quoteStatusWords('SENT', 'Q-1', 'client')).toBe('Wartet auf Ihre Entscheidung');
    expect(stageLabel('awaiting-decision', 'internal')).toBe('Wartet auf den Kunden');
    expect(labels['in-project']).toBe('Projekt gestartet');
    expect(statusLabel({ status: 'REJECTED', quoteNumber: 'Q-1' }, 'internal')).toBe('Abgelehnt');
    expect(KEY_ACCESS_LABELS.client).toBe('Kundenschlüssel');
    setLocale('en', { reload: false });
    expect(labels['in-project']).toBe('Project started');
  });

  it('writes an Activity entry in German, keeping the quote number and the service’s own event words', () => {
    setLocale('de', { reload: false });
    const words = deliveryWords({ event: 'quote.converted_to_project', body: JSON.stringify({ data: { entityNumber: 'Q-2026-0107' } }), caused: 'via relay: quote refreshed: status SENT -> CHANGED_TO_PROJECT; revision 2' });
    expect(words).toBe('Angebot Q-2026-0107 ist jetzt: Projekt gestartet; neue Version gespeichert; Posteingang aktualisiert (über das Team-Relay)');
    expect(deliveryWords({ event: 'job.created', body: null, caused: 'notification: muted' })).toBe('Auftrag created; keine Benachrichtigung (Konto stummgeschaltet)');
  });

  it('says form problems, network failures and formats in Arabic, with every plural form its own', () => {
    setLocale('ar', { reload: false });
    expect(baseUrlProblem('')).toBe('أدخل عنوان الخدمة، مثل https://quotes.example.com.');
    expect(relayServerProblem('nats://nats.example.com:4222')).toContain('tls://nats.example.com:4222');
    expect(relayServerProblem('nats://nats.example.com:4222')).toMatch(/^nats:\/\/nats\.example\.com:4222 ليس هذا الحاسوب/);
    expect(plainNetworkWords('fetch failed: connect ECONNREFUSED 127.0.0.1:9')).toBe('fetch failed: لم يقبل أي شيء الاتصال على 127.0.0.1:9');
    expect(formatAmount(null, null)).toBe('لم يُسعَّر بعد');
    expect(formatTimeAgo(1_000, 2_000)).toBe('الآن');
    expect(formatServiceType('mtpe')).toBe('تحرير لاحق للترجمة الآلية');
    expect(formatServiceType('legal_review')).toBe('Legal review');
    expect(SNOOZE_CHOICE_LABELS['before-expiry']).toBe('قبل انتهاء الصلاحية بيومين');
    expect(INBOX_SORT_PAIRS.map((pair) => pair.label)).toEqual(['التاريخ', 'تاريخ الاستحقاق', 'القيمة', 'انتهاء الصلاحية', 'الشركة']);
    expect(sortWords('company-desc')).toBe('الشركة من Z إلى A');
  });

  it('keeps English as it was for every caller that does not choose', () => {
    expect(SNOOZE_CHOICE_LABELS['before-expiry']).toBe('2 days before it expires');
    expect(INBOX_SORT_PAIRS.find((pair) => pair.order === 'value')?.reverseWords).toBe('Lowest value first');
    expect(formatAmount(null, 'EUR')).toBe('Not priced yet');
    expect(formatTimeAgo(0, 10_000)).toBe('just now');
  });
});

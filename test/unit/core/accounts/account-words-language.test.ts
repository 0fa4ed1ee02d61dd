// What Settings says about an account (its status after a failed call, the connection test's
// verdict) is said in main's language, in the account form's own words for the key kind.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { judgeAccess } from '../../../../main/core/accounts/diagnose';
import { describeWait, statusAfterFailure } from '../../../../main/core/accounts/status-tracker';
import { RateLimitedError, ServerError } from '../../../../main/core/api/errors';
import { translateFailure } from '../../../../main/core/api/transport';
import type { QuoteListItem } from '../../../../preload/contract';

const BASE = 'https://quotes.example.com';
const ENDPOINT = 'GET /api/public/v1/quotes';
const ENGLISH = /\b(the|service|connection|check|network|again|connected|quotes?|key|seconds?|minutes?|hours?)\b/i;
const socketError = (code: string) => translateFailure(Object.assign(new Error(code), { code }), ENDPOINT);
const listed = (status: QuoteListItem['status'], companyId: string) => ({ status, companyId }) as QuoteListItem;

describe('an account’s status and connection test in main’s language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('says in German why the account is unreachable or limited, with the host and the wait', () => {
    setLocale('de', { reload: false });
    expect(statusAfterFailure(socketError('ECONNREFUSED'), BASE)).toEqual({ status: 'unreachable', message: 'quotes.example.com hat die Verbindung abgelehnt: Der Dienst läuft dort nicht.' });
    const limited = statusAfterFailure(new RateLimitedError({ endpoint: ENDPOINT, status: 429, retryAfterMs: 45_000 }), BASE);
    expect(limited?.message).toBe('Der Dienst begrenzt die Anfragen dieses Kontos. Versuchen Sie es in 45 Sekunden erneut.');
    expect(describeWait(60 * 60_000)).toBe('1 Stunde');
  });

  it('says a service error and a DNS failure in Arabic without English, isolating the host', () => {
    setLocale('ar', { reload: false });
    const server = statusAfterFailure(new ServerError({ endpoint: ENDPOINT, status: 503, retryAfterMs: 120_000 }), BASE);
    expect(server?.message).toBe('واجهت الخدمة مشكلة ولم تتمكن من الرد (HTTP 503). وقد طلبت الانتظار دقيقتين.');
    const dns = statusAfterFailure(socketError('ENOTFOUND'), BASE)?.message ?? '';
    expect(dns).toContain('\u2066quotes.example.com\u2069');
    expect(dns.replace('quotes.example.com', '')).not.toMatch(ENGLISH);
  });

  it('points at the form’s own words when the key kind is wrong, and counts quotes in the language’s plurals', () => {
    setLocale('de', { reload: false });
    const wrong = judgeAccess('client', [listed('PENDING', 'c-1'), listed('PENDING', 'c-2')], 12);
    expect(wrong.message).toBe('Verbunden, aber dieser Schlüssel sieht Angebote von 2 Firmen, es ist also ein interner (Admin-)Schlüssel. Stellen Sie Schlüsselart auf „Interner (Admin-)Schlüssel“.');
    setLocale('ar', { reload: false });
    expect(judgeAccess('client', [listed('PENDING', 'c-1'), listed('REVISED', 'c-1')], 12).message).toBe('تم الاتصال: ردّت الخدمة بعرضَي سعر.');
    expect(judgeAccess('internal', [listed('PENDING', 'c-1')], 12).message).not.toMatch(ENGLISH);
  });

  it('keeps English, the base, word for word', () => {
    expect(judgeAccess('internal', [listed('SENT', 'c-1')], 12).message).toBe('Connected: the service answered with 1 quote.');
    expect(judgeAccess('client', [listed('SENT', 'c-1')], 12).message).toBe('Connected, but this key sees internal statuses such as SENT, so it is an internal (admin) key. Set Key kind to "Internal (admin) key".');
  });
});

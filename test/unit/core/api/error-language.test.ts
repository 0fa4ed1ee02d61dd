// The API client's failures are sentences for a person, so they are said in main's language
// (the CLI's inside a CLI run) and name it: a window in another language then words the
// failure by its code instead of showing a sentence it cannot read.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { createQuotingClient, describeError } from '../../../../main/core/api';
import { NeedsCredentialsError } from '../../../../main/core/api/auth/needs-credentials';
import { errorForStatus, RateLimitedError, ServerError } from '../../../../main/core/api/errors';
import type { ApiError } from '../../../../main/core/api/errors';
import { notPdf } from '../../../../main/core/api/pdf-download';
import { retryWhen } from '../../../../main/core/api/retry-when';
import { translateFailure } from '../../../../main/core/api/transport';

const LIST = 'GET /api/public/v1/quotes';
const ONE = 'GET /api/public/v1/quotes/q-1';
const ENGLISH = /\b(the|service|try|again|check|quote|seconds?|minutes?|hours?|about|address)\b/i;
const NOW = new Date(2026, 10, 22, 14, 30, 0).getTime();

const refused = () => translateFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), LIST) as ApiError;

describe('the API client’s failures in main’s language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('says refused credentials, a missing quote and a wrong address in German, naming the language', () => {
    setLocale('de', { reload: false });
    const credentials = errorForStatus(401, 'read', { endpoint: LIST });
    expect(credentials.message).toBe('Der Dienst hat die Zugangsdaten nicht akzeptiert. Prüfen Sie sie oder holen Sie neue aus dem Portal.');
    expect(credentials.language).toBe('de');
    expect(errorForStatus(404, 'read', { endpoint: ONE }).message).toContain('Angebot');
    expect(errorForStatus(404, 'read', { endpoint: LIST }).message).toContain('Stammadresse des Quoting Service');
    expect(describeError(credentials)).toMatchObject({ code: 'authentication', language: 'de', message: credentials.message });
  });

  it('quotes the service’s own words untranslated inside an Arabic sentence, and says when to try again', () => {
    setLocale('ar', { reload: false });
    const body = JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests' } });
    const error = new RateLimitedError({ endpoint: LIST, status: 429, bodyText: body, retryAfterMs: 30_000, now: NOW });
    expect(error.message).toBe('تتلقى الخدمة عددًا كبيرًا جدًا من الطلبات. أفادت الخدمة: «Too many requests». طلبت الخدمة الانتظار؛ حاول مرة أخرى بعد 30 ثانية.');
    expect(error.message.replace('Too many requests', '')).not.toMatch(ENGLISH);
    expect(error.language).toBe('ar');
  });

  it('says network and download failures in Arabic without a word of English', () => {
    setLocale('ar', { reload: false });
    for (const error of [refused(), new ServerError({ endpoint: LIST, status: 503 }), notPdf(ONE, 'it is too short to be a PDF')]) {
      expect(error.message).not.toMatch(ENGLISH);
      expect(error.language).toBe('ar');
    }
    expect(refused().message).toContain('رفضت الخدمة الاتصال');
  });

  it('words the wait in the language’s own plurals and clock', () => {
    setLocale('ar', { reload: false });
    expect(retryWhen(NOW + 2 * 60_000, NOW)).toBe('عند الساعة 14:32 (بعد نحو دقيقتين)');
    expect(retryWhen(NOW + 90 * 60_000, NOW)).toBe('عند الساعة 16:00 (بعد نحو ساعة واحدة و30 دقيقة)');
    setLocale('de', { reload: false });
    expect(retryWhen(NOW + 1_000, NOW)).toBe('in einer Sekunde');
    expect(retryWhen(NOW + 3 * 3_600_000, NOW)).toBe('um 17:30 (in etwa 3 Stunden)');
    expect(retryWhen(NOW + 12 * 3_600_000, NOW)).toMatch(/^am Mo\.?, 23\. Nov\.? um 02:30$/);
  });

  it('sets Japanese sentences side by side and says refused credentials in Japanese', () => {
    setLocale('ja', { reload: false });
    const error = new ServerError({ endpoint: LIST, status: 500, retryAfterMs: 45_000, now: NOW });
    expect(error.message).toBe('サービスで内部エラーが発生しました。サービスから待機するよう求められました。45秒後にもう一度お試しください。');
    const credentials = new NeedsCredentialsError();
    expect(credentials.message).toBe('サービスがこのアカウントの認証情報を拒否しました。続行するには新しい認証情報を入力してください。');
    expect(credentials.language).toBe('ja');
  });

  it('refuses to build a client for a forbidden address in main’s language, naming it', () => {
    setLocale('de', { reload: false });
    let refusal: unknown;
    try {
      createQuotingClient({ baseUrl: 'http://quotes.example.com', credentials: { mechanism: 'api-key', apiKey: 'k' } });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'invalid-input', language: 'de' });
    expect((refusal as Error).message).not.toMatch(ENGLISH);
  });

  it('keeps English, the base, word for word', () => {
    expect(refused().message).toBe('The service refused the connection: nothing is answering at the account’s address. Check the address, or try again once the service is back.');
    expect(refused().language).toBe('en');
  });
});

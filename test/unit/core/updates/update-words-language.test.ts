// What the app says about updates and about a link it would not open is said in main's
// language, so Settings and the refusal toast read in the person's language.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { AppError } from '../../../../main/core/errors';
import { externalLinkDecision } from '../../../../main/core/links/external-links';
import { NO_DESKTOP_HANDLERS } from '../../../../main/core/updates/desktop-handlers';
import { explainUpdateFailure } from '../../../../main/core/updates/explain';
import { offerProblem } from '../../../../main/core/updates/offer';

const ENGLISH = /\b(the|update|server|feed|installed|again|later|link|links|opened|only|setting)\b/i;
const NO_LINKS = { accountBaseUrls: [] };
const refusal = (decision: ReturnType<typeof externalLinkDecision>) => (decision.allowed ? '' : decision.reason);

describe('update and link words in main’s language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('explains update failures in German, saying nothing was installed', () => {
    setLocale('de', { reload: false });
    expect(explainUpdateFailure(Object.assign(new Error('checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' }), 'download')).toBe(
      'Das heruntergeladene Update stimmte nicht mit seiner veröffentlichten Prüfsumme überein und wurde daher verworfen. Es wurde nichts installiert; Quotedesk versucht es später erneut.',
    );
    expect(explainUpdateFailure(Object.assign(new Error('Not Found'), { statusCode: 404 }), 'check')).toBe(
      'Der Update-Server hat auf die Prüfung mit 404 geantwortet. Es wurde nichts installiert; Quotedesk versucht es später erneut.',
    );
  });

  it('refuses an insecure installer and an interrupted download in Arabic without English', () => {
    setLocale('ar', { reload: false });
    const refused = offerProblem('1.0.0', { version: '1.1.0', installerUrls: ['http://updates.example.com/Quotedesk.exe'] });
    expect(refused).toEqual({ kind: 'refused', message: expect.stringContaining('\u2066http://updates.example.com\u2069') });
    expect(refused?.kind === 'refused' && refused.message.replace('http://updates.example.com', '')).not.toMatch(ENGLISH);
    const interrupted = explainUpdateFailure(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 'download');
    expect(interrupted).toBe('انقطع تنزيل التحديث. لم يُثبَّت أي شيء؛ سيحاول Quotedesk مجددًا لاحقًا.');
  });

  it('sets Japanese sentences side by side', () => {
    setLocale('ja', { reload: false });
    expect(explainUpdateFailure(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), 'check')).toBe(
      '更新サーバーに接続できませんでした。何もインストールされていません。Quotedeskは後でもう一度試します。',
    );
  });

  it('says why a link was not opened in German and Arabic', () => {
    setLocale('de', { reload: false });
    expect(refusal(externalLinkDecision('http://example.com/a', NO_LINKS))).toBe('Es werden nur sichere Links (https://) geöffnet; dieser beginnt mit http://.');
    expect(refusal(externalLinkDecision('https://evil.example/a', NO_LINKS))).toBe(
      'Links zu evil.example werden nicht geöffnet: Geöffnet werden nur die Adressen der Dienste Ihrer Konten sowie locaria.com.',
    );
    setLocale('ar', { reload: false });
    expect(refusal(externalLinkDecision('https://user:pw@locaria.com', NO_LINKS))).toBe('لا تُفتح الروابط التي تتضمن اسم مستخدم أو كلمة مرور.');
  });

  it('refuses a desktop setting in browser mode in Arabic, naming the language', async () => {
    setLocale('ar', { reload: false });
    const error = await NO_DESKTOP_HANDLERS['desktop.state']({} as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'هذا الإعداد متاح فقط في تطبيق Quotedesk لسطح المكتب.', language: 'ar' });
  });

  it('keeps English, the base, word for word', () => {
    expect(explainUpdateFailure(new Error('boom'), 'check')).toBe('The update check failed (boom). Nothing was installed; Quotedesk tries again later.');
    expect(refusal(externalLinkDecision('not a link', NO_LINKS))).toBe('This link is not a valid web address, so it was not opened.');
  });
});

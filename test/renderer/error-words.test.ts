import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError } from '../../preload/contract';
import { describeFailure, plainMessage, retryAtOf } from '../../renderer/src/lib/error-words';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';

// Messages as the core wrote them when the audit tried the app: a request line and the raw body.
const RAW_503 =
  'The service had an internal problem [GET /api/public/v1/quotes (HTTP 503)]: {"success":false,"error":{"code":"injected_fault","message":"Service temporarily unavailable"}}';
const RAW_SCHEMA =
  'The service answered with an unexpected response: pagination.total: Invalid input: expected number, received undefined [GET /api/public/v1/quotes]';

function error(code: BridgeError['code'], message: string, extras: Record<string, unknown> = {}): BridgeError {
  return { code, message, retryable: true, ...extras };
}

describe('error words', () => {
  it('never shows a request line or a raw body, and keeps what the service said', () => {
    const words = describeFailure(error('server', RAW_503));
    expect(words.message).toBe('The service had an internal problem. The service said: “Service temporarily unavailable.”');
    expect(words.title).toBe('The Quoting Service has a problem');
    expect(words.remedy).toBe('retry');
  });

  it('says raw connection errors in plain words: no getaddrinfo, ECONNREFUSED or certificate codes', () => {
    expect(describeFailure(error('network', "Couldn't reach the public address: getaddrinfo ENOTFOUND hooks.example.test")).message).toBe(
      "Couldn't reach the public address: the address hooks.example.test could not be found (check it, and the network).",
    );
    expect(plainMessage('connect ECONNREFUSED 127.0.0.1:9')).toBe('Nothing accepted the connection at 127.0.0.1:9.');
    expect(plainMessage('read ECONNRESET')).toBe('The connection was cut off before an answer came.');
    expect(plainMessage('request failed: self-signed certificate in certificate chain')).toBe("Request failed: the service's certificate could not be trusted.");
    for (const raw of ['getaddrinfo EAI_AGAIN quotes.example', 'connect ETIMEDOUT 10.0.0.1:443', 'CERT_HAS_EXPIRED']) {
      expect(plainMessage(raw)).not.toMatch(/E[A-Z]{4,}|getaddrinfo|CERT_/);
    }
  });

  it('says a schema mismatch in plain words, without field paths', () => {
    const words = describeFailure(error('schema', RAW_SCHEMA));
    expect(words.message).not.toMatch(/pagination|Invalid input|GET|\[/);
    expect(words.message).toContain('answered in a form Quotedesk does not understand');
  });

  it('keeps a message that is already plain, as it is', () => {
    expect(plainMessage('The Quoting Service did not answer.')).toBe('The Quoting Service did not answer.');
    expect(describeFailure(error('network', 'The Quoting Service did not answer.')).message).toBe('The Quoting Service did not answer.');
  });

  it('falls back to words chosen by the code when nothing of the message is fit to show', () => {
    expect(describeFailure(error('server', '<html><body>502 Bad Gateway</body></html>')).message).toBe(
      'The Quoting Service could not answer because of a problem on its side. Nothing was changed.',
    );
    expect(describeFailure(error('timeout', '')).message).toContain('took too long');
    expect(describeFailure(error('server', 'x'.repeat(400))).message).toContain('a problem on its side');
  });

  it('chooses the way out by the code: new credentials, a retry, or nothing', () => {
    expect(describeFailure(error('authentication', 'The API key was refused.')).remedy).toBe('update-credentials');
    expect(describeFailure(error('needs-credentials', 'Enter new credentials.')).remedy).toBe('update-credentials');
    expect(describeFailure(error('rate-limited', 'Slow down.')).remedy).toBe('retry');
    expect(describeFailure(error('account-not-found', 'No such account.')).remedy).toBe('none');
  });

  it('still has words for a code this window does not know', () => {
    const future = { code: 'quota-exceeded', message: 'Monthly quota used up.', retryable: false } as unknown as BridgeError;
    expect(describeFailure(future)).toEqual({ title: 'Something went wrong', message: 'Monthly quota used up.', remedy: 'retry' });
  });

  it('reads when to try again from the error, relative or absolute, and nothing else', () => {
    const received = Date.UTC(2026, 10, 22, 22, 30);
    expect(retryAtOf(error('rate-limited', 'Slow down.', { retryAfterMs: 120_000 }), received)?.toISOString()).toBe('2026-11-22T22:32:00.000Z');
    expect(retryAtOf(error('server', 'Busy.', { retryAt: '2026-11-22T23:00:00Z' }), received)?.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(retryAtOf(error('server', 'Busy.'), received)).toBeNull();
    expect(retryAtOf(error('server', 'Busy.', { retryAfterMs: -5 }), received)).toBeNull();
    expect(retryAtOf(error('server', 'Busy.', { retryAt: 'soon' }), received)).toBeNull();
  });
});

describe('describeFailure for the transport’s own failures (browser mode, host away)', () => {
  it('names Quotedesk, not the Quoting Service, and offers no futile retry', async () => {
    const { hostReconnectingMessage, hostRefusedMessage } = await import('../../renderer/src/lib/host-link-words');
    expect(describeFailure(error('network', hostReconnectingMessage()))).toEqual({
      title: 'Reconnecting to Quotedesk',
      message: 'Reconnecting to Quotedesk… Try again once it is back.',
      remedy: 'none',
    });
    expect(describeFailure({ code: 'forbidden', message: hostRefusedMessage(), retryable: false })).toEqual({
      title: 'This link is from an earlier launch',
      message: 'This link is from an earlier launch of Quotedesk: open the new link that npm run web printed.',
      remedy: 'none',
    });
    // The Quoting Service being unreachable keeps its own words.
    expect(describeFailure(error('network', 'connect ECONNREFUSED 127.0.0.1:9')).title).toBe("Can't reach the Quoting Service");
  });
});

describe('error words in other languages', () => {
  afterEach(() => switchLocale('en'));

  it('speaks German: the heading and the sentence by the code, never the English message', () => {
    switchLocale('de');
    const words = describeFailure(error('server', RAW_503));
    expect(words.title).toBe('Beim Quoting Service liegt ein Problem vor');
    expect(words.message).toBe('Der Quoting Service konnte wegen eines Problems auf seiner Seite nicht antworten. Es wurde nichts geändert.');
    expect(words.message).not.toMatch(/internal problem|service said/i);
    expect(describeFailure(error('forbidden', 'The key may not list quotes')).title).toBe('Dieser Schlüssel darf diese Angebote nicht sehen');
  });

  it('speaks Arabic, and a code the contract adds later still gets Arabic words', () => {
    switchLocale('ar');
    expect(describeFailure(error('network', 'connect ECONNREFUSED 127.0.0.1:9'))).toEqual({
      title: 'يتعذّر الوصول إلى خدمة Quoting Service',
      message: 'تعذّر على Quotedesk الاتصال. تحقق من اتصال الشبكة ومن عنوان الحساب.',
      remedy: 'retry',
    });
    expect(describeFailure(error('brand-new' as BridgeError['code'], 'Oops')).title).toBe('حدث خطأ ما');
  });

  it('shows a message main said in the window’s language, and words one in another language by its code', () => {
    switchLocale('de');
    const german = error('invalid-input', 'Wählen Sie einen Zeitpunkt in der Zukunft, bis zu dem zurückgestellt werden soll.', { language: 'de' });
    expect(describeFailure(german).message).toBe('Wählen Sie einen Zeitpunkt in der Zukunft, bis zu dem zurückgestellt werden soll.');
    switchLocale('ar');
    const arabicWords = describeFailure(german);
    expect(arabicWords.message).not.toMatch(/Zeitpunkt/);
    expect(arabicWords.message).toBe(describeFailure(error('invalid-input', 'Anything')).message);
    // A Japanese sentence keeps its own full stop: no Latin one is added.
    switchLocale('ja');
    expect(describeFailure(error('not-found', 'この保存したビューはもう存在しません。', { language: 'ja' })).message).toBe('この保存したビューはもう存在しません。');
  });

  it('follows a switch back to English at the next call', () => {
    switchLocale('de');
    describeFailure(error('timeout', 'Timed out'));
    switchLocale('en');
    expect(describeFailure(error('timeout', 'Timed out')).title).toBe('The Quoting Service did not answer in time');
  });
});

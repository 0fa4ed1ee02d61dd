import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createJsonLogger, createRedactor, looksLikeRandomKey } from '../../../../main/core/log';

function capture() {
  const lines: string[] = [];
  const logger = createJsonLogger({ sink: { write: (line: string) => lines.push(line) }, redactor: createRedactor(), repeats: false });
  return { logger, lines, last: () => JSON.parse(lines.at(-1)!) as Record<string, unknown> };
}

describe('redaction by what a value is', () => {
  it('logs a field named like a key, and file paths, exactly as they are', () => {
    const { logger, last } = capture();
    const fields = {
      backupKey: 'accounts-backup-2026-11-22.json',
      sortKey: 'updatedAt',
      keyPath: '/home/ana/.config/Quotedesk/settings.json',
      keptAt: '/home/ana/.config/Quotedesk/settings.json.damaged-2026-11-22T22-01-05-123Z',
      tokenExpiresAt: 1_700_000_000_000,
      quoteId: '3f1c2b9a-7d4e-4f6a-9b8c-1d2e3f4a5b6c',
      clientId: 'qsclient_1732300000000_0123456789abcdef',
      windowsPath: 'C:\\Users\\Ana\\AppData\\Roaming\\Quotedesk\\logs\\quotedesk.log',
      endpoint: 'https://api.example.com/api/public/v1/quotes?status=SENT&page=2',
    };
    logger.info('saved', fields);
    expect(last()).toMatchObject(fields);
  });

  it('masks random keys, prefixed keys and client secrets under any field name', () => {
    const { logger, lines } = capture();
    const apiKey = `qs_live_${'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY'}`;
    const clientSecret = randomBytes(32).toString('base64url');
    const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
    logger.warn('request failed', { note: `sent ${apiKey}`, value: clientSecret, nested: { deep: [webhookSecret] } });
    const text = lines.join('');
    for (const secret of [apiKey, clientSecret, webhookSecret]) expect(text).not.toContain(secret);
    expect(text).toContain('request failed');
  });

  it('masks credentials in URLs and tokens in query strings, keeping the rest of the URL', () => {
    const { logger, last } = capture();
    logger.info('opened', {
      proxy: 'http://ana:hunter22@proxy.local:8080/',
      pdf: 'https://files.example.com/q/123.pdf?token=short1&download=1',
      signed: 'https://bucket.s3.amazonaws.com/q.pdf?X-Amz-Signature=abc123def&X-Amz-Expires=300',
    });
    expect(last()).toMatchObject({
      proxy: 'http://[redacted]@proxy.local:8080/',
      pdf: 'https://files.example.com/q/123.pdf?token=[redacted]&download=1',
      signed: 'https://bucket.s3.amazonaws.com/q.pdf?X-Amz-Signature=[redacted]&X-Amz-Expires=300',
    });
  });

  it('masks bearer and basic credentials and JWTs inside any text', () => {
    const { logger, lines } = capture();
    logger.error('got 401 for Authorization: Basic YW5hOmh1bnRlcjIy and Bearer opaque-token-value');
    logger.error('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl in body');
    const text = lines.join('');
    expect(text).not.toContain('YW5hOmh1bnRlcjIy');
    expect(text).not.toContain('opaque-token-value');
    expect(text).not.toContain('eyJzdWIiOiIxMjM0In0');
  });

  it('tells random keys from timestamps, identifiers and UUIDs', () => {
    let missed = 0;
    for (let i = 0; i < 2000; i += 1) if (!looksLikeRandomKey(randomBytes(24).toString('base64url'))) missed += 1;
    // A 32-character base64url string lacks a digit or a capital about 1 time in 200.
    expect(missed).toBeLessThan(40);
    expect(looksLikeRandomKey('damaged-2026-11-22T22-01-05-123Z')).toBe(false);
    expect(looksLikeRandomKey('3f1c2b9a-7d4e-4f6a-9b8c-1d2e3f4a5b6c')).toBe(false);
    expect(looksLikeRandomKey('0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef')).toBe(false);
    expect(looksLikeRandomKey('accountsRefreshedAfterSleepOrWake')).toBe(false);
  });
});

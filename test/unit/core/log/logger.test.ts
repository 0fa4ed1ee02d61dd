import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLogger, createJsonLogger, createRedactor, createSilentLogger } from '../../../../main/core/log';

function capture(level: 'debug' | 'info' = 'info') {
  const lines: string[] = [];
  const logger = createJsonLogger({ sink: { write: (line: string) => lines.push(line) }, redactor: createRedactor(), level });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('JSON-lines logger', () => {
  it('writes one JSON object per line with time, level, message and fields', () => {
    const { logger, parsed } = capture();
    logger.info('account added', { accountId: 'a1', environment: 'staging' });
    logger.debug('not written at info level');
    expect(parsed()).toEqual([expect.objectContaining({ level: 'info', message: 'account added', accountId: 'a1', environment: 'staging' })]);
    expect(Number.isNaN(Date.parse(parsed()[0]!.time as string))).toBe(false);
  });

  it('masks fields whose names look secret, at any depth, but keeps flags and counts', () => {
    const { logger, parsed } = capture();
    logger.warn('request', {
      apiKey: 'live_0123456789',
      headers: { Authorization: 'Bearer abc.def', authorisation: 'Bearer abc.def', 'Api-key': 'live_x123' },
      clientSecret: 'shh-shh-shh',
      password: 'hunter22',
      credentialsSet: true,
      tokenExpiresAt: 1700000000000,
      list: [{ token: 'tok-tok-tok' }],
    });
    const line = parsed()[0]!;
    expect(line).toMatchObject({
      apiKey: '[redacted]',
      headers: { Authorization: '[redacted]', authorisation: '[redacted]', 'Api-key': '[redacted]' },
      clientSecret: '[redacted]',
      password: '[redacted]',
      credentialsSet: true,
      tokenExpiresAt: 1700000000000,
      list: [{ token: '[redacted]' }],
    });
  });

  it('masks registered secret values wherever they appear, including the message', () => {
    const { logger, lines } = capture();
    logger.redact('s3cret-value-42');
    logger.error('failed with s3cret-value-42 inside', { detail: 'url?sig=s3cret-value-42', error: new Error('boom s3cret-value-42') });
    expect(lines.join('')).not.toContain('s3cret-value-42');
    expect(lines.join('')).toContain('boom [redacted]');
  });

  it('masks bearer values and JWTs even when nobody registered them', () => {
    const { logger, lines } = capture();
    logger.info('header was Bearer abcdefghijkl and token eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl');
    expect(lines[0]).not.toContain('abcdefghijkl');
    expect(lines[0]).not.toContain('eyJzdWIiOiIx');
  });

  it('a silent logger writes nothing and a failing sink never throws', () => {
    const silent = createSilentLogger();
    expect(() => silent.error('x', { a: 1 })).not.toThrow();
    const broken = createJsonLogger({ sink: { write: () => { throw new Error('disk full'); } } });
    expect(() => broken.error('still fine')).not.toThrow();
  });

  it('appends to a file readable only by its owner', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-log-'));
    try {
      const path = join(dir, 'logs', 'app.log');
      const logger = createFileLogger(path);
      logger.info('first');
      logger.info('second', { apiKey: 'live_abcdefgh' });
      await logger.close();
      const lines = (await readFile(path, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line.message)).toEqual(['first', 'second']);
      expect(lines[1]!.apiKey).toBe('[redacted]');
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

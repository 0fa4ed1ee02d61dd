import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../main/core/bridge/dispatcher';
import { RateLimitedError } from '../../../../main/core/api/errors';
import { AppError } from '../../../../main/core/errors';
import { globalRedactor, REDACTED } from '../../../../main/core/log';
import type { Handlers } from '../../../../preload/contract';
import { accountView, unusedHandlers } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';

function setup(overrides: Partial<Handlers>) {
  const logger = createRecordingLogger();
  const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...overrides }, logger });
  return { dispatcher, logger };
}

const validDraft = {
  name: 'Acme',
  environment: 'production',
  baseUrl: 'https://quotes.example.com',
  access: 'client',
  credentials: { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' },
};

describe('bridge dispatcher', () => {
  it('returns the handler value for a valid call, with input defaults applied', async () => {
    let received: unknown;
    const { dispatcher } = setup({
      'inbox.query': async (input) => {
        received = input;
        return { rows: [], total: 0, offset: 0, accounts: [] };
      },
    });
    const result = await dispatcher.dispatch('inbox.query', { accountId: 'acc-1' });
    expect(received).toEqual({ accountId: 'acc-1', sort: 'newest', offset: 0, limit: 100 });
    expect(result).toEqual({ ok: true, value: { rows: [], total: 0, offset: 0, accounts: [] } });
  });

  it('carries the service\'s retry time of a rate limit as an ISO time the window can show', async () => {
    const now = Date.parse('2026-11-22T14:00:00Z');
    const { dispatcher } = setup({
      'inbox.query': async () => {
        throw new RateLimitedError({ endpoint: 'GET /api/public/v1/quotes', status: 429, retryAfterMs: 120_000, now });
      },
    });
    const result = await dispatcher.dispatch('inbox.query', {});
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'rate-limited', retryable: true, retryAt: '2026-11-22T14:02:00.000Z' }) });
  });

  it('names the kind of a raw failure a handler let through (a refused connection is a network error, not "internal")', async () => {
    const { dispatcher } = setup({
      'inbox.query': async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
      },
    });
    const result = await dispatcher.dispatch('inbox.query', {});
    expect(result.ok || result.error).toMatchObject({ code: 'network', retryable: true });
    expect(result.ok || result.error.message).not.toContain('ECONNREFUSED');
  });

  it('refuses an unknown method by name, with its own code', async () => {
    const { dispatcher } = setup({});
    const result = await dispatcher.dispatch('quotes.delete', {});
    expect(result).toEqual({ ok: false, error: { code: 'unknown-method', message: 'Quotedesk has no method called "quotes.delete".', retryable: false } });
  });

  it('does not treat inherited object properties as methods', async () => {
    const { dispatcher } = setup({});
    const result = await dispatcher.dispatch('toString', undefined);
    expect(result.ok || result.error.code).toBe('unknown-method');
  });

  it('rejects invalid input, listing each problem with its path in plain words, without calling the handler', async () => {
    let called = false;
    const { dispatcher } = setup({
      'accounts.add': async () => {
        called = true;
        return accountView();
      },
    });
    const result = await dispatcher.dispatch('accounts.add', {
      ...validDraft,
      name: '   ',
      baseUrl: 'ftp://example.com',
      credentials: { mechanism: 'api-key', apiKey: '' },
    });
    expect(called).toBe(false);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-input');
    expect(result.error.retryable).toBe(false);
    expect(result.error.message).toContain('The input for accounts.add is not valid:');
    expect(result.error.message).toContain('name: Give the account a name');
    expect(result.error.message).toContain('baseUrl: not a usable service address (scheme)');
    expect(result.error.message).toContain('credentials.apiKey: The API key is empty');
  });

  it('lists each refused field as a structured issue, so a form needs no prose to place it', async () => {
    const { dispatcher } = setup({});
    const result = await dispatcher.dispatch('accounts.add', {
      ...validDraft,
      name: '   ',
      baseUrl: 'quotes.example.com',
      credentials: { mechanism: 'api-key', apiKey: '' },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: expect.stringContaining('The input for accounts.add is not valid:'),
        retryable: false,
        issues: [
          { path: ['name'], message: 'Give the account a name' },
          { path: ['baseUrl'], message: 'not a usable service address (no-scheme)' },
          { path: ['credentials', 'apiKey'], message: 'The API key is empty' },
        ],
      },
    });
    const list = await dispatcher.dispatch('inbox.query', { accountId: 'a', limit: 500 });
    expect(list.ok || list.error.issues?.map((issue) => issue.path)).toEqual([['limit']]);
  });

  it('names array positions and the whole input in its messages', async () => {
    const { dispatcher } = setup({});
    const missing = await dispatcher.dispatch('accounts.remove', undefined);
    expect(missing.ok || missing.error.message).toMatch(/^The input for accounts\.remove is not valid: input: /);
  });

  it('maps an AppError to its code, message and retryable flag', async () => {
    const { dispatcher, logger } = setup({
      'accounts.test': async () => {
        throw new AppError('needs-credentials', 'The credentials of Acme were refused. Enter new ones.', { retryable: false });
      },
      'accounts.list': async () => {
        throw new AppError('server', 'The Quoting Service answered 503.', { retryable: true });
      },
    });
    expect(await dispatcher.dispatch('accounts.test', { id: 'acc-1' })).toEqual({
      ok: false,
      error: { code: 'needs-credentials', message: 'The credentials of Acme were refused. Enter new ones.', retryable: false },
    });
    expect(await dispatcher.dispatch('accounts.list', undefined)).toEqual({
      ok: false,
      error: { code: 'server', message: 'The Quoting Service answered 503.', retryable: true },
    });
    expect(logger.lines.filter((line) => line.level === 'error')).toHaveLength(0);
  });

  it("passes the field issues of the core's own invalid-input errors through, and drops a malformed list", async () => {
    const issues = [{ path: ['baseUrl'], message: 'Enter the credentials again for the new address.' }];
    const { dispatcher } = setup({
      'accounts.update': async () => {
        throw new AppError('invalid-input', 'baseUrl: Enter the credentials again for the new address.', { issues });
      },
      'accounts.add': async () => {
        throw Object.assign(new Error('Refused'), { code: 'invalid-input', retryable: false, issues: [{ path: 'name', message: 3 }] });
      },
    });
    expect(await dispatcher.dispatch('accounts.update', { id: 'acc-1', baseUrl: 'https://other.example.com' })).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'baseUrl: Enter the credentials again for the new address.', retryable: false, issues },
    });
    expect(await dispatcher.dispatch('accounts.add', validDraft)).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'Refused', retryable: false },
    });
  });

  it('maps any error carrying a known code and retryable flag, whatever its class', async () => {
    const { dispatcher } = setup({
      'accounts.list': async () => {
        throw Object.assign(new Error('Timed out waiting for the service'), { code: 'timeout', retryable: true });
      },
    });
    const result = await dispatcher.dispatch('accounts.list', undefined);
    expect(result).toEqual({ ok: false, error: { code: 'timeout', message: 'Timed out waiting for the service', retryable: true } });
  });

  it('masks a registered secret inside a coded error message before it crosses the bridge', async () => {
    const secret = 'csec_bridge_leak_check_5f1e0a9b7c';
    globalRedactor.add(secret);
    try {
      const { dispatcher } = setup({
        'accounts.test': async () => {
          throw new AppError('authentication', `The service refused the client secret ${secret}.`);
        },
        'accounts.list': async () => {
          throw Object.assign(new Error(`Timed out sending ${secret}`), { code: 'timeout', retryable: true });
        },
      });
      const app = await dispatcher.dispatch('accounts.test', { id: 'acc-1' });
      expect(app).toEqual({ ok: false, error: { code: 'authentication', message: `The service refused the client secret ${REDACTED}.`, retryable: false } });
      const shaped = await dispatcher.dispatch('accounts.list', undefined);
      expect(JSON.stringify(shaped)).not.toContain(secret);
      expect(shaped).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
    } finally {
      globalRedactor.remove(secret);
    }
  });

  it('turns an unexpected throw into an internal error with a readable message, and logs it', async () => {
    const { dispatcher, logger } = setup({
      'accounts.list': async () => {
        throw Object.assign(new TypeError('Cannot read properties of undefined'), { code: 'ERR_SOMETHING' });
      },
    });
    const result = await dispatcher.dispatch('accounts.list', undefined);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('internal');
    expect(result.error.message).toMatch(/Something went wrong inside Quotedesk while running accounts\.list/);
    expect(result.error.message).not.toContain('Cannot read properties');
    const logged = logger.lines.find((line) => line.level === 'error');
    expect(logged?.fields?.method).toBe('accounts.list');
    expect(JSON.stringify(logged?.fields)).toContain('Cannot read properties of undefined');
  });

  it('refuses an output that breaks the contract, logging the problem but never the value', async () => {
    const leaked = 'live_SHOULD_NEVER_BE_SEEN_0123456789abcd';
    const { dispatcher, logger } = setup({
      'accounts.list': async () => [{ ...accountView(), status: leaked }] as never,
    });
    const result = await dispatcher.dispatch('accounts.list', undefined);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-output');
    expect(JSON.stringify(result)).not.toContain(leaked);
    expect(logger.text()).toContain('[0].status');
    expect(logger.text()).not.toContain(leaked);
  });

  it('strips fields the contract does not declare from an output', async () => {
    const { dispatcher } = setup({
      'accounts.list': async () => [{ ...accountView(), apiKey: 'live_0123456789abcdef0123456789abcdef' }] as never,
    });
    const result = await dispatcher.dispatch('accounts.list', undefined);
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain('apiKey');
  });
});

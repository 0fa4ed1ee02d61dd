import { describe, expect, it } from 'vitest';
import { AccountDraft, AccountUpdate } from '../../../preload/contract';
import { baseUrlIssue, credentialOrigin, isLoopbackHost } from '../../../preload/contract/plain/base-url';
import { baseUrlProblem } from '../../../i18n/words/base-url';

describe('the base URL rule', () => {
  it('accepts https anywhere and http only on loopback', () => {
    for (const ok of ['https://quotes.example.com', 'https://quotes.example.com:8443/base', 'http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'http://127.10.0.3']) {
      expect(baseUrlProblem(ok), ok).toBeNull();
    }
  });

  it('refuses plain http to another host, and says what to type instead', () => {
    expect(baseUrlProblem('http://quotes.example.com')).toMatch(/https:\/\/quotes\.example\.com/);
    expect(baseUrlProblem('http://10.0.0.5:8080')).toMatch(/only for a service on this computer/);
    expect(baseUrlProblem('http://127.0.0.1.evil.example')).not.toBeNull();
  });

  it('refuses a user name or password in the address', () => {
    expect(baseUrlProblem('https://user:pass@quotes.example.com')).toMatch(/user name or password/);
    expect(baseUrlProblem('https://user@quotes.example.com')).toMatch(/user name or password/);
  });

  it('hints "add https:// in front" for an address without a scheme', () => {
    expect(baseUrlProblem('quotes.example.com')).toMatch(/add https:\/\/ in front/);
    expect(baseUrlProblem('127.0.0.1:4010')).toMatch(/add https:\/\/ in front/);
  });

  it('refuses other schemes and garbage', () => {
    expect(baseUrlProblem('ftp://quotes.example.com')).toMatch(/https:\/\//);
    expect(baseUrlProblem('javascript:alert(1)')).not.toBeNull();
    expect(baseUrlProblem('')).not.toBeNull();
    expect(baseUrlProblem('https://')).not.toBeNull();
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });

  it('binds credentials to scheme, host and port', () => {
    expect(credentialOrigin('https://a.example.com/x')).toBe('https://a.example.com');
    expect(credentialOrigin('https://a.example.com:8443')).not.toBe(credentialOrigin('https://a.example.com'));
    expect(credentialOrigin('not a url')).toBeNull();
  });

  it('is the rule of the contract schema, whose message names the rule that failed (the words are the form\'s and the core\'s)', () => {
    const draft = { name: 'Acme', environment: 'production', access: 'client', credentials: { mechanism: 'api-key', apiKey: 'k' } };
    for (const baseUrl of ['quotes.example.com', 'http://quotes.example.com', 'https://user:pw@quotes.example.com']) {
      const parsed = AccountDraft.safeParse({ ...draft, baseUrl });
      expect(parsed.success, baseUrl).toBe(false);
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['baseUrl'], message: `not a usable service address (${baseUrlIssue(baseUrl)?.kind})` })]);
    }
    expect(AccountUpdate.safeParse({ id: 'a', baseUrl: 'http://quotes.example.com' }).success).toBe(false);
    expect(AccountDraft.parse({ ...draft, baseUrl: ' http://127.0.0.1:4010 ' }).baseUrl).toBe('http://127.0.0.1:4010');
  });
});

import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_ALLOW_LIST, externalLinkDecision, isHttpsLink } from '../../../../main/core/links/external-links';

const accounts = { accountBaseUrls: ['https://quotes.northwind.example', 'http://127.0.0.1:4010'] };

describe('links the app may open in the system browser', () => {
  it('opens https links to the hosts of configured accounts and to the allow-list', () => {
    expect(externalLinkDecision('https://quotes.northwind.example/portal/keys', accounts)).toEqual({ allowed: true });
    expect(externalLinkDecision('https://QUOTES.northwind.example:8443/help', accounts)).toEqual({ allowed: true });
    for (const site of EXTERNAL_LINK_ALLOW_LIST) {
      expect(externalLinkDecision(`https://${site}/docs`, accounts)).toEqual({ allowed: true });
      expect(externalLinkDecision(`https://portal.${site}/settings`, accounts)).toEqual({ allowed: true });
    }
  });

  it('refuses every other host, with the reason in plain words', () => {
    const decision = externalLinkDecision('https://evil.example/login', accounts);
    expect(decision).toEqual({ allowed: false, reason: expect.stringContaining('evil.example') });
    // Look-alikes of an allowed host are other hosts.
    for (const url of ['https://quotes.northwind.example.evil.example/', 'https://northwind.example/', 'https://notlocaria.com/', 'https://locaria.com.evil.example/']) {
      expect(externalLinkDecision(url, accounts).allowed, url).toBe(false);
    }
  });

  it('refuses anything but https, even to an account host, and user info in the address', () => {
    for (const url of ['http://quotes.northwind.example/', 'http://127.0.0.1:4010/', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://quotes.northwind.example/share', 'quotedesk://quote/1', 'not a url', '']) {
      expect(externalLinkDecision(url, accounts).allowed, url).toBe(false);
    }
    expect(externalLinkDecision('http://quotes.northwind.example/', accounts)).toEqual({ allowed: false, reason: expect.stringMatching(/https/) });
    expect(externalLinkDecision('https://user:pw@quotes.northwind.example/', accounts)).toEqual({ allowed: false, reason: expect.stringMatching(/user name or password/) });
  });

  it('follows the accounts: a host stops being allowed once its account is gone', () => {
    expect(externalLinkDecision('https://quotes.northwind.example/', { accountBaseUrls: [] }).allowed).toBe(false);
    expect(externalLinkDecision('https://quotes.northwind.example/', { accountBaseUrls: ['not a url'] }).allowed).toBe(false);
  });

  it('isHttpsLink: well-formed https without user info', () => {
    expect(isHttpsLink('https://example.com/x')).toBe(true);
    expect(isHttpsLink('https://a@example.com/x')).toBe(false);
    expect(isHttpsLink('http://example.com/x')).toBe(false);
    expect(isHttpsLink('nope')).toBe(false);
  });
});

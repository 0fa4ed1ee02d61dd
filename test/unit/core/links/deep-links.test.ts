import { describe, expect, it } from 'vitest';
import { deepLinkFor, deepLinkInArguments, parseDeepLink } from '../../../../main/core/links/deep-links';

const QUOTE = '6f1c2d3e-4b5a-4c6d-8e7f-1a2b3c4d5e6f';
const OTHER = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const known = new Set(['acc-1', 'demo-0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e']);
const context = { isKnownAccount: (id: string) => known.has(id) };
const parse = (link: unknown) => parseDeepLink(link, context);

describe('deep links', () => {
  it('opens a quote, an account inbox, the inbox filtered to some quotes, and the whole inbox', () => {
    expect(parse(`quotedesk://quote/acc-1/${QUOTE}`)).toEqual({ ok: true, route: { view: 'quote', accountId: 'acc-1', quoteId: QUOTE } });
    expect(parse(`quotedesk://quote/demo-0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e/${QUOTE.toUpperCase()}/`)).toEqual({
      ok: true,
      route: { view: 'quote', accountId: 'demo-0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e', quoteId: QUOTE },
    });
    expect(parse('quotedesk://inbox')).toEqual({ ok: true, route: { view: 'inbox', accountId: null, quoteIds: [] } });
    expect(parse('QuoteDesk://inbox/acc-1')).toEqual({ ok: true, route: { view: 'inbox', accountId: 'acc-1', quoteIds: [] } });
    expect(parse(`quotedesk://inbox/acc-1?quotes=${QUOTE},${OTHER}`)).toEqual({ ok: true, route: { view: 'inbox', accountId: 'acc-1', quoteIds: [QUOTE, OTHER] } });
  });

  it('reads back every link it makes as the same route', () => {
    const routes = [
      { view: 'quote' as const, accountId: 'acc-1', quoteId: QUOTE },
      { view: 'inbox' as const, accountId: null, quoteIds: [] },
      { view: 'inbox' as const, accountId: 'acc-1', quoteIds: [QUOTE, OTHER] },
    ];
    for (const route of routes) expect(parse(deepLinkFor(route))).toEqual({ ok: true, route });
  });

  it.each([
    ['not a string', 42, /not a string/],
    ['another scheme', `https://quote/acc-1/${QUOTE}`, /not a quotedesk/],
    ['a look-alike scheme', `quotedesk2://quote/acc-1/${QUOTE}`, /not a quotedesk/],
    ['no slashes', `quotedesk:quote/acc-1/${QUOTE}`, /not a quotedesk/],
    ['an unknown view', 'quotedesk://settings', /unknown view/],
    ['a quote link without its quote', 'quotedesk://quote/acc-1', /quotedesk:\/\/quote\/<account>/],
    ['a quote link with an extra segment', `quotedesk://quote/acc-1/${QUOTE}/pdf`, /quotedesk:\/\/quote\/<account>/],
    ['a quote id that is not a UUID', 'quotedesk://quote/acc-1/42', /not a UUID/],
    ['an unknown account', `quotedesk://quote/acc-9/${QUOTE}`, /unknown account/],
    ['an empty segment', `quotedesk://quote//acc-1/${QUOTE}`, /empty path segment/],
    ['an unknown query', 'quotedesk://inbox?status=PENDING', /only query/],
    ['a filter with a bad id', `quotedesk://inbox/acc-1?quotes=${QUOTE},x`, /not a UUID/],
    ['a query on a quote link', `quotedesk://quote/acc-1/${QUOTE}?x=1`, /takes no query/],
  ])('refuses a malformed link: %s', (_name, link, reason) => {
    const result = parse(link);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it.each([
    ['path traversal', `quotedesk://quote/../acc-1/${QUOTE}`, /traversal/],
    ['traversal in the quote position', 'quotedesk://quote/acc-1/..', /traversal/],
    ['an encoded slash', `quotedesk://quote/acc-1%2F..%2Fx/${QUOTE}`, /percent-encoded/],
    ['an encoded dot', `quotedesk://quote/%2e%2e/${QUOTE}`, /percent-encoded/],
    ['a backslash', `quotedesk://quote/acc-1\\..\\x/${QUOTE}`, /backslash/],
    ['user information', `quotedesk://evil@quote/acc-1/${QUOTE}`, /user information/],
    ['a fragment', `quotedesk://quote/acc-1/${QUOTE}#x`, /fragment/],
    ['an oversized link', `quotedesk://inbox/acc-1?quotes=${Array(60).fill(QUOTE).join(',')}`, /longer than 2048 bytes/],
    ['a newline (argument smuggling)', `quotedesk://quote/acc-1/${QUOTE}\n--inspect`, /control/],
    ['a space', `quotedesk://quote/acc-1/${QUOTE} --x`, /spaces/],
    ['non-ASCII look-alike characters', `quotedesk://quote/acc‐1/${QUOTE}`, /non-ASCII/],
    ['a hostile account id', `quotedesk://inbox/-rf`, /malformed account/],
  ])('refuses a hostile link: %s', (_name, link, reason) => {
    const result = parse(link);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('finds the link among a second launch\'s arguments, and nothing else', () => {
    expect(deepLinkInArguments(['/usr/bin/quotedesk', '--flag', `quotedesk://quote/acc-1/${QUOTE}`])).toBe(`quotedesk://quote/acc-1/${QUOTE}`);
    expect(deepLinkInArguments(['/usr/bin/quotedesk', 'https://example.com'])).toBeNull();
  });
});

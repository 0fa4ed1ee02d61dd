// The small rules of the team's entries: amounts, mentions, keys and the canonical bytes signed.
import { describe, expect, it } from 'vitest';
import { mentionsIn, parseAmount } from '../../../../main/core/team';
import { parseKey, serviceToken } from '../../../../main/core/team/keys';
import { canonicalJson } from '../../../../main/core/team/signing';

describe('team entries', () => {
  it('reads AMOUNT:CUR and refuses anything else', () => {
    expect(parseAmount('5000:eur')).toEqual({ amount: 5000, currency: 'EUR' });
    expect(parseAmount(' 1999.5 : USD ')).toEqual({ amount: 1999.5, currency: 'USD' });
    for (const bad of ['5000', 'EUR:5000', '-1:EUR', '5000:EURO', '1e3:EUR', '']) expect(parseAmount(bad)).toBeNull();
  });

  it('finds each @mention once, lower-cased, and not an e-mail address written without @', () => {
    expect(mentionsIn('@Cyd@Example.com and @bob@example.com, again @cyd@example.com. mail ada@example.com')).toEqual(['cyd@example.com', 'bob@example.com']);
  });

  it('gives the same bytes whatever the order of fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }));
  });

  it('knows a key by its shape only', () => {
    expect(parseKey('quote.s1.q1.note.abc')).toEqual({ kind: 'note', ref: { service: 's1', quote: 'q1' }, id: 'abc' });
    expect(parseKey('quote.s1.q1.assignee')).toEqual({ kind: 'assignee', ref: { service: 's1', quote: 'q1' } });
    expect(parseKey('quote.s1.q1.other.abc')).toBeNull();
    expect(parseKey('member.UABC')).toEqual({ kind: 'member', publicKey: 'UABC' });
  });

  it('names one service the same way for every teammate, whatever the trailing slash or case', () => {
    expect(serviceToken('https://Quotes.example.com/')).toBe(serviceToken('https://quotes.example.com'));
    expect(serviceToken('https://quotes.example.com')).not.toBe(serviceToken('https://other.example.com'));
  });
});

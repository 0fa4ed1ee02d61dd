import { describe, expect, it } from 'vitest';
import { signBody, verifySignature } from '../../../../main/core/webhooks/signature';
import { KAT } from './harness';

const only = (current: string) => ({ current, previous: null });

describe('webhook signature', () => {
  it('accepts the known-answer vector', () => {
    expect(signBody(KAT.secret, Buffer.from(KAT.body))).toBe(KAT.signature);
    expect(verifySignature(Buffer.from(KAT.body), KAT.signature, only(KAT.secret))).toEqual({ ok: true, secret: 'current' });
    expect(verifySignature(Buffer.from(KAT.body), KAT.signature.toUpperCase(), only(KAT.secret)).ok).toBe(true);
  });

  it('refuses the vector with any single byte of the body flipped', () => {
    const body = Buffer.from(KAT.body);
    for (let index = 0; index < body.length; index++) {
      const flipped = Buffer.from(body);
      flipped[index] = (flipped[index] as number) ^ 0x01;
      expect(verifySignature(flipped, KAT.signature, only(KAT.secret))).toEqual({ ok: false, reason: 'mismatch' });
    }
  });

  it('says why a malformed header is refused, and never throws', () => {
    const body = Buffer.from(KAT.body);
    const cases: Array<[string | string[] | undefined, string]> = [
      [undefined, 'missing'],
      ['', 'missing'],
      [[KAT.signature, KAT.signature], 'repeated'],
      [`${KAT.signature}, ${KAT.signature}`, 'repeated'],
      ['zz'.repeat(32), 'malformed'],
      [KAT.signature.slice(0, 62), 'malformed'],
      [`${KAT.signature}00`, 'malformed'],
      [`sha256=${KAT.signature}`, 'malformed'],
      ['\u00e9'.repeat(64), 'malformed'],
    ];
    for (const [header, reason] of cases) expect(verifySignature(body, header, only(KAT.secret))).toEqual({ ok: false, reason });
  });

  it('accepts the previous secret only while it is offered', () => {
    const body = Buffer.from(KAT.body);
    expect(verifySignature(body, KAT.signature, { current: 'new-secret', previous: KAT.secret })).toEqual({ ok: true, secret: 'previous' });
    expect(verifySignature(body, KAT.signature, { current: 'new-secret', previous: null })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(body, KAT.signature, { current: null, previous: null })).toEqual({ ok: false, reason: 'no-secret' });
  });
});

// node:crypto's Ed25519 over nkeys keys: the same signatures nkeys makes, checked both ways, and
// anything else refused.
import { createUser } from '@nats-io/nkeys';
import { describe, expect, it } from 'vitest';
import { ed25519Sign, ed25519Verify } from '../../../../main/core/team/ed25519';

describe('Ed25519 for nkeys keys', () => {
  const data = new TextEncoder().encode('quotedesk-team/1\nquote.s.q.note.x\n{"body":{}}');

  it('signs exactly as nkeys does, and each side verifies the other', () => {
    const pair = createUser();
    const ours = ed25519Sign(pair, data);
    expect(Buffer.from(ours)).toEqual(Buffer.from(pair.sign(data)));
    expect(pair.verify(data, ours)).toBe(true);
    expect(ed25519Verify(pair.getPublicKey(), data, pair.sign(data))).toBe(true);
  });

  it('refuses another key, changed data, a damaged signature and a key that is not an nkey', () => {
    const pair = createUser();
    const signature = ed25519Sign(pair, data);
    expect(ed25519Verify(createUser().getPublicKey(), data, signature)).toBe(false);
    expect(ed25519Verify(pair.getPublicKey(), new TextEncoder().encode('other'), signature)).toBe(false);
    const damaged = Uint8Array.from(signature);
    damaged[0] = damaged[0]! ^ 1;
    expect(ed25519Verify(pair.getPublicKey(), data, damaged)).toBe(false);
    // Another last character (a key already ending in A was left unchanged: the test failed 1 run in 32).
    const key = pair.getPublicKey();
    expect(ed25519Verify(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, data, signature)).toBe(false);
    expect(ed25519Verify('not a key', data, signature)).toBe(false);
  });
});

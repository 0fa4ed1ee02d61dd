// Signing with the public key derived once per pair: each pair still signs only as itself, and a
// forged entry (another author claimed, the text changed, a replay under another key) is refused
// on arrival as before.
import { createUser } from '@nats-io/nkeys';
import { describe, expect, it } from 'vitest';
import type { EntryBody } from '../../../../main/core/team/entries';
import { checkEntry, publicKeyOf, signEntry } from '../../../../main/core/team/signing';

const KEY = 'quote.s1.q1.note.abcdefabcdef';
const body: EntryBody = { kind: 'note', id: 'abcdefabcdef', text: 'the price is fine', mentions: [], at: 1_780_000_000_000 };
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('team entries signed with the cached public key', () => {
  it('derives each pair its own key, and refuses to sign as anybody else', () => {
    const ada = createUser();
    const bob = createUser();
    expect(publicKeyOf(ada)).toBe(ada.getPublicKey());
    expect(publicKeyOf(bob)).toBe(bob.getPublicKey());
    const adaAuthor = { key: ada.getPublicKey(), name: 'Ada', email: 'ada@example.com' };
    expect(() => signEntry(KEY, body, adaAuthor, bob)).toThrow(/signing key/);
    expect(checkEntry(KEY, bytes(signEntry(KEY, body, adaAuthor, ada)))).toMatchObject({ ok: true });
  });

  it('still refuses a forged entry: another author claimed, a changed text, a replay under another key', () => {
    const ada = createUser();
    const mallory = createUser();
    const adaAuthor = { key: ada.getPublicKey(), name: 'Ada', email: 'ada@example.com' };
    const signed = signEntry(KEY, body, adaAuthor, ada);
    // Signed twice (the key cached): the same signature, checked good.
    expect(signEntry(KEY, body, adaAuthor, ada).sig).toBe(signed.sig);

    const byMallory = signEntry(KEY, body, { key: mallory.getPublicKey(), name: 'Mallory', email: 'm@example.com' }, mallory);
    const claimsAda = { ...byMallory, author: adaAuthor };
    expect(checkEntry(KEY, bytes(claimsAda))).toEqual({ ok: false, claimed: adaAuthor, reason: 'bad-signature' });
    expect(checkEntry(KEY, bytes({ ...signed, body: { ...body, text: 'approve it all' } }))).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(checkEntry('quote.s1.q2.note.abcdefabcdef', bytes(signed))).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});

// Ed25519 through node:crypto for nkeys keys. The nkeys library signs and verifies in plain
// JavaScript (tens of milliseconds each on a busy machine); Ed25519 is deterministic, so
// node:crypto's native code gives the very same signatures over the same key, in microseconds.
// nkeys stays the keys' format and the check of a public key's checksum.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { fromPublic } from '@nats-io/nkeys';
import type { KeyPair } from '@nats-io/nkeys';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as nkeys writes its keys. */
function base32Decode(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Error('not a base32 key');
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

const publicKeys = new Map<string, KeyObject>();
/** Public keys seen at once; a roster is small, so this stays small. */
const MAX_CACHED = 10_000;

/** The public key's 32 raw bytes (after its one prefix byte), once nkeys accepted it (prefix and checksum). */
function publicKeyObject(nkey: string): KeyObject {
  const known = publicKeys.get(nkey);
  if (known) return known;
  fromPublic(nkey);
  const raw = base32Decode(nkey).subarray(1, 33);
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
  if (publicKeys.size >= MAX_CACHED) publicKeys.clear();
  publicKeys.set(nkey, key);
  return key;
}

const privateKeys = new WeakMap<KeyPair, KeyObject>();

/** The seed's 32 raw bytes (after its two prefix bytes), checked against the pair's public key. */
function privateKeyObject(pair: KeyPair): KeyObject {
  const known = privateKeys.get(pair);
  if (known) return known;
  const seed = base32Decode(new TextDecoder().decode(pair.getSeed())).subarray(2, 34);
  const x = Buffer.from(base32Decode(pair.getPublicKey()).subarray(1, 33)).toString('base64url');
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(seed).toString('base64url'), x }, format: 'jwk' });
  // A private key that does not make the pair's public key would sign for nobody: refuse it.
  if (createPublicKey(key).export({ format: 'jwk' }).x !== x) throw new Error('the signing seed does not match its public key');
  privateKeys.set(pair, key);
  return key;
}

export function ed25519Sign(pair: KeyPair, data: Uint8Array): Uint8Array {
  return sign(null, data, privateKeyObject(pair));
}

/** False for a bad signature or a key that is not an nkeys public key. */
export function ed25519Verify(nkey: string, data: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, data, publicKeyObject(nkey), signature);
  } catch {
    return false;
  }
}

// Signing and checking team entries with the author's Ed25519 key (an nkeys user key). The
// signature covers the KV key as well as the entry, so a signed entry cannot be replayed under
// another key (a note moved onto another quote, a join request passed off as an admission).
import type { KeyPair } from '@nats-io/nkeys';
import { ed25519Sign, ed25519Verify } from './ed25519';
import { Author, SignedEntry } from './entries';
import type { EntryBody } from './entries';

const DOMAIN = 'quotedesk-team/1';

/** JSON with object keys sorted at every level: the same value always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function signedBytes(kvKey: string, body: EntryBody, author: Author): Uint8Array {
  return new TextEncoder().encode(`${DOMAIN}\n${kvKey}\n${canonicalJson({ body, author })}`);
}

const publicKeys = new WeakMap<KeyPair, string>();

/**
 * The pair's public key, derived once per pair: nkeys derives it in plain JavaScript (milliseconds
 * under load) on every call, and a desk asks for it at each entry it signs.
 */
export function publicKeyOf(pair: KeyPair): string {
  let key = publicKeys.get(pair);
  if (key === undefined) publicKeys.set(pair, (key = pair.getPublicKey()));
  return key;
}

export function signEntry(kvKey: string, body: EntryBody, author: Author, pair: KeyPair): SignedEntry {
  if (publicKeyOf(pair) !== author.key) throw new Error('the author must be the signing key');
  const sig = Buffer.from(ed25519Sign(pair, signedBytes(kvKey, body, author))).toString('base64');
  return { v: 1, body, author, sig };
}

export type Checked = { ok: true; entry: SignedEntry } | { ok: false; claimed: Author | null; reason: 'unreadable' | 'bad-signature' };

/** Parses a KV value and checks its signature against the key it claims; says why not when it fails. */
export function checkEntry(kvKey: string, value: Uint8Array): Checked {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(value));
  } catch {
    return { ok: false, claimed: null, reason: 'unreadable' };
  }
  const parsed = SignedEntry.safeParse(json);
  if (!parsed.success) {
    const claimed = Author.safeParse((json as { author?: unknown } | null)?.author);
    return { ok: false, claimed: claimed.success ? claimed.data : null, reason: 'unreadable' };
  }
  const entry = parsed.data;
  const good = ed25519Verify(entry.author.key, signedBytes(kvKey, entry.body, entry.author), Buffer.from(entry.sig, 'base64'));
  return good ? { ok: true, entry } : { ok: false, claimed: entry.author, reason: 'bad-signature' };
}

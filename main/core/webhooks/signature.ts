// Webhook signatures: hex HMAC-SHA256 over the exact raw body bytes (spec, "Webhooks").
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a delivery's signature was refused, in words the inspector can show. */
export type SignatureFailure = 'missing' | 'repeated' | 'malformed' | 'mismatch' | 'no-secret';

export type SignatureCheck =
  | { ok: true; secret: 'current' | 'previous' }
  | { ok: false; reason: SignatureFailure };

/** 32 bytes as hex; decoding stops at the first non-hex pair, so any other character makes it shorter. */
const HEX_LENGTH = 64;
const DIGEST_BYTES = 32;
const BY_CURRENT: SignatureCheck = Object.freeze({ ok: true, secret: 'current' });
const BY_PREVIOUS: SignatureCheck = Object.freeze({ ok: true, secret: 'previous' });

export function signBody(secret: string, body: Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Checks a delivery's signature header against the secrets accepted now (the current one,
 * then the previous one during its grace period). Never throws: every refusal is a reason,
 * so a malformed header can only ever become a 401.
 */
export function verifySignature(
  raw: Uint8Array,
  header: string | string[] | undefined,
  secrets: { current: string | null; previous: string | null },
): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, reason: 'missing' };
  // Node joins most repeated headers with ', ' but keeps unknown ones as arrays in some paths.
  if (Array.isArray(header)) return { ok: false, reason: 'repeated' };
  const value = header.trim();
  if (value.includes(',')) return { ok: false, reason: 'repeated' };
  if (value.length !== HEX_LENGTH) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(value, 'hex');
  if (given.length !== DIGEST_BYTES) return { ok: false, reason: 'malformed' };
  if (secrets.current === null && secrets.previous === null) return { ok: false, reason: 'no-secret' };
  if (secrets.current !== null && matches(raw, given, secrets.current)) return BY_CURRENT;
  if (secrets.previous !== null && matches(raw, given, secrets.previous)) return BY_PREVIOUS;
  return { ok: false, reason: 'mismatch' };
}

function matches(raw: Uint8Array, given: Buffer, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(raw).digest();
  return expected.length === given.length && timingSafeEqual(expected, given);
}

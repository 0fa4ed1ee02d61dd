// What a relayed message carries besides the raw body (the body is the delivery's bytes as
// signed, so the dedupe key a subscriber computes is the receiver's).
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { MsgHdrs } from '@nats-io/transport-node';

export const RELAY_HEADERS = {
  /** The envelope's event type. */
  event: 'Quotedesk-Event',
  /** When the relay received the delivery (milliseconds since the epoch). */
  receivedAt: 'Quotedesk-Received-At',
} as const;

/**
 * Marks a value stored as base64url of its UTF-8. The event type is the sender's text: NATS
 * refuses a header value with CR or LF (the relay answered 500 to every retry, and the event
 * was lost) and trims spaces at either end, so anything but printable ASCII without spaces at
 * its ends is stored encoded and read back as it was.
 */
const ENCODED = 'b64u:';
const STORED_AS_IS = /^[\x21-\x7E]([\x20-\x7E]*[\x21-\x7E])?$/;

export function encodeHeaderValue(value: string): string {
  if (STORED_AS_IS.test(value) && !value.startsWith(ENCODED)) return value;
  return `${ENCODED}${Buffer.from(value, 'utf8').toString('base64url')}`;
}

export function decodeHeaderValue(stored: string): string {
  return stored.startsWith(ENCODED) ? Buffer.from(stored.slice(ENCODED.length), 'base64url').toString('utf8') : stored;
}

/** The headers the relay stores with a delivery. */
export function relayHeaders(event: { event: string; receivedAt: number }): MsgHdrs {
  const headers = natsHeaders();
  headers.set(RELAY_HEADERS.event, encodeHeaderValue(event.event));
  headers.set(RELAY_HEADERS.receivedAt, encodeHeaderValue(String(event.receivedAt)));
  return headers;
}

/** What the relay stored with a message (null for what it did not). */
export function readRelayHeaders(headers: MsgHdrs | undefined): { event: string | null; receivedAt: number | null } {
  const event = headers?.has(RELAY_HEADERS.event) ? decodeHeaderValue(headers.get(RELAY_HEADERS.event)) : null;
  const receivedAt = Number(decodeHeaderValue(headers?.get(RELAY_HEADERS.receivedAt) ?? ''));
  return { event, receivedAt: Number.isFinite(receivedAt) && receivedAt > 0 ? receivedAt : null };
}

// What a relayed message carries besides the raw body (the body is the delivery's bytes as
// signed, so the dedupe key a subscriber computes is the receiver's).
export const RELAY_HEADERS = {
  /** The envelope's event type. */
  event: 'Quotedesk-Event',
  /** When the relay received the delivery (milliseconds since the epoch). */
  receivedAt: 'Quotedesk-Received-At',
} as const;

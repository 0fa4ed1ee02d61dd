// The browser-mode socket's framing, shared by the page (renderer/src/lib/bridge.ts) and the
// host (main/web, which validates incoming frames with zod built on these constants).

/** The subprotocol the page and the host speak over the socket. */
export const BRIDGE_PROTOCOL = 'quotedesk.bridge.v1';
/** The page presents its token as a second subprotocol, `token.<token>`, so it never appears in a URL the server sees. */
export const TOKEN_PROTOCOL_PREFIX = 'token.';
export const BRIDGE_PATH = '/bridge';
/**
 * Close code for a page that presented a token this launch did not issue (an old tab after a
 * restart). A browser cannot read the status of a refused upgrade, so the host completes the
 * handshake and closes at once with this code: the page can then tell "wrong token" from "host down".
 */
export const TOKEN_REFUSED_CLOSE_CODE = 4401;

/**
 * Larger than any legitimate call (an account draft is a few hundred bytes; a selection of any
 * size a few hundred too, see QuoteSelection). The page refuses to send a larger call, and the
 * host answers one with an error rather than running it.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** The words for a call over MAX_MESSAGE_BYTES, from the page or the host. */
export function tooLargeMessage(bytes: number): string {
  return `This request is too large to send to Quotedesk (${Math.ceil(bytes / 1024).toLocaleString('en')} KB, at most ${MAX_MESSAGE_BYTES / 1024} KB). Select fewer quotes, or a range with Shift-click.`;
}
/** Longer than any method name; a longer one is refused before it is looked up. */
export const MAX_METHOD_NAME_LENGTH = 200;

/** Longer than any lane name (see CallOptions). */
export const MAX_LANE_LENGTH = 200;

/** Page -> host: run a method. `id` comes back on its answer. */
export interface CallMessage {
  type: 'call';
  id: number;
  method: string;
  input?: unknown;
  /**
   * The call's lane (CallOptions.lane): a later call of the same lane on this socket
   * supersedes it. The page then waits for the later call's answer only, so the host may
   * skip a superseded call (not run it, not answer it).
   */
  lane?: string;
}

/** Host -> page: the dispatcher's Result for the call with the same id. */
export interface ResultMessage {
  type: 'result';
  id: number;
  result: unknown;
}

/** Host -> page: a pushed contract event. */
export interface EventMessage {
  type: 'event';
  name: string;
  payload: unknown;
}

export type HostMessage = ResultMessage | EventMessage;

/** Reads a frame from the host; null for anything that is not one of its two messages. */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const frame = message as Record<string, unknown>;
  if (frame.type === 'result' && typeof frame.id === 'number') return { type: 'result', id: frame.id, result: frame.result };
  if (frame.type === 'event' && typeof frame.name === 'string') return { type: 'event', name: frame.name, payload: frame.payload };
  return null;
}

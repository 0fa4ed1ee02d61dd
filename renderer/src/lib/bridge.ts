// The only renderer module that touches a transport. Everything else receives `bridge`
// (type BridgeApi) and never learns whether it runs in Electron or in a browser.
//
//   import { bridge, connection } from './lib/bridge';
//   const result = await bridge.quotes.list({ accountId });   // Result: { ok, value } | { ok: false, error }
//   const stop = connection.subscribe((state) => ...);         // see ConnectionState
//
// In Electron, `bridge` is the preload's window.quotedesk and `connection` stays 'connected'.
// In browser mode it is a WebSocket client: calls made while the socket is down resolve at
// once to `{ ok: false, error: { code: 'network', retryable: true } }` (never hang), and the
// client reconnects with backoff; show "Reconnecting…" while connection.state is 'reconnecting'.
// A page opened without the launch token never connects: its state is 'no-access'.
import type { BridgeApi, BridgeError, Result } from '../../../preload/contract';
import { BRIDGE_PATH, BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX, buildApi, parseHostMessage } from '../../../preload/contract/plain';
import { MAX_MESSAGE_BYTES, TOKEN_REFUSED_CLOSE_CODE, tooLargeMessage } from '../../../preload/contract/plain/socket-framing';
import { m } from '../../../i18n/paraglide/messages.js';
import { hostReconnectingMessage, hostRefusedMessage, hostUnreachableMessage } from './host-link-words';
import type { CallMessage, CallOptions, EventName, MethodName } from '../../../preload/contract/plain';

declare global {
  interface Window {
    quotedesk?: BridgeApi;
  }
}

/**
 * 'unreachable': still retrying, but the last few attempts in a row have failed (the host
 * is gone or was restarted with a new token). 'no-access': the page has no launch token and
 * never tries to connect. 'refused': the host answered that this page's token is not this
 * launch's (a tab from before a restart); waiting will never help, so it stops trying.
 */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'unreachable' | 'closed' | 'no-access' | 'refused';

/** The transport's health, for a "Reconnecting…" indicator. */
export interface ConnectionMonitor {
  readonly state: ConnectionState;
  /** Calls `listener` with every change (not the current state); returns the unsubscribe function. */
  subscribe(listener: (state: ConnectionState) => void): () => void;
}

/** The part of a browser WebSocket the client uses (also met by the `ws` package in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface SocketBridgeOptions {
  url: string;
  token: string;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** First wait before reconnecting; doubles per failed attempt up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A socket that has not opened by then is given up and retried. */
  connectTimeoutMs?: number;
  /** An answer that has not come by then resolves to a 'timeout' error. */
  callTimeoutMs?: number;
  /** Failed attempts in a row (since the last good connection) after which the state is 'unreachable'. */
  unreachableAfter?: number;
}

export interface SocketBridge {
  api: BridgeApi;
  connection: ConnectionMonitor;
  /** Stops reconnecting and fails pending calls. */
  close(): void;
}

const OPEN = 1;

type Pending = { resolve: (result: Result<unknown>) => void; timer: ReturnType<typeof setTimeout>; lane?: string };

function failure(code: BridgeError['code'], message: string, retryable: boolean): Result<never> {
  return { ok: false, error: { code, message, retryable } };
}

const RECONNECTING = (): Result<never> => failure('network', hostReconnectingMessage(), true);
const UNREACHABLE = (): Result<never> => failure('network', hostUnreachableMessage(), true);
const REFUSED = (): Result<never> => failure('forbidden', hostRefusedMessage(), false);

export function createSocketBridge(options: SocketBridgeOptions): SocketBridge {
  const createSocket = options.createSocket ?? browserSocket;
  const initialBackoff = options.initialBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 5_000;
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  const callTimeout = options.callTimeoutMs ?? 120_000;
  // A restarted host answers an old tab's token with TOKEN_REFUSED_CLOSE_CODE, so these
  // attempts only have to outlast a host that is starting again (about 10 s with the backoff).
  const unreachableAfter = options.unreachableAfter ?? 6;

  let state: ConnectionState = 'connecting';
  let socket: SocketLike | null = null;
  let attemptInFlight = false;
  let failedAttempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** The latest call of each lane (CallOptions.lane) still unanswered. */
  const laneCalls = new Map<string, number>();
  /** Calls made while an attempt is in flight: sent if it opens, failed if it does not. */
  let queued: Array<() => void> = [];
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();

  function setState(next: ConnectionState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  }

  function disconnected(): Result<never> {
    if (state === 'refused') return REFUSED();
    return state === 'unreachable' ? UNREACHABLE() : RECONNECTING();
  }

  function connect(): void {
    let current: SocketLike;
    try {
      current = createSocket(options.url, [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${options.token}`]);
    } catch (error) {
      // A socket that cannot even be created (a malformed address) is retried like a refused one.
      console.error('The app bridge could not open its connection', error);
      retryLater();
      return;
    }
    attemptInFlight = true;
    socket = current;
    const giveUp = setTimeout(() => current.close(), connectTimeout);
    current.onopen = () => {
      clearTimeout(giveUp);
      attemptInFlight = false;
      failedAttempts = 0;
      setState('connected');
      const waiting = queued;
      queued = [];
      for (const send of waiting) send();
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => undefined; // a close always follows; it decides what happens next
    current.onclose = (event) => {
      clearTimeout(giveUp);
      if (socket !== current) return;
      socket = null;
      attemptInFlight = false;
      if (event?.code === TOKEN_REFUSED_CLOSE_CODE) setState('refused');
      failAll();
      if (state === 'closed' || state === 'refused') return;
      retryLater();
    };
  }

  function retryLater(): void {
    // failedAttempts counts this failure once scheduleReconnect has run.
    scheduleReconnect();
    // failedAttempts resets on every open, so this counts failures since the last good connection:
    // a host restarted with a new token is reported unreachable, not "Reconnecting" forever.
    setState(failedAttempts >= unreachableAfter ? 'unreachable' : 'reconnecting');
  }

  function scheduleReconnect(): void {
    const ceiling = Math.min(maxBackoff, initialBackoff * 2 ** failedAttempts);
    failedAttempts += 1;
    // Jitter spreads the reconnects of several tabs after a host restart.
    const wait = ceiling / 2 + Math.random() * (ceiling / 2);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (state !== 'closed') connect();
    }, wait);
  }

  function failAll(): void {
    for (const [id, call] of pending) {
      forget(id, call);
      call.resolve(disconnected());
    }
    const waiting = queued;
    queued = [];
    for (const send of waiting) send();
  }

  function receive(data: unknown): void {
    const message = parseHostMessage(data);
    if (message?.type === 'result') {
      const call = pending.get(message.id);
      // A superseded call's answer (when the host sent one anyway) has no one waiting for it.
      if (!call) return;
      forget(message.id, call);
      call.resolve(isResult(message.result) ? message.result : failure('internal', m.shell_host_unreadable_answer(), false));
    } else if (message?.type === 'event') {
      for (const listener of [...(eventListeners.get(message.name) ?? [])]) {
        try {
          listener(message.payload);
        } catch (error) {
          console.error(`A listener for ${message.name} failed`, error);
        }
      }
    }
  }

  function forget(id: number, call: Pending): void {
    pending.delete(id);
    clearTimeout(call.timer);
    if (call.lane !== undefined && laneCalls.get(call.lane) === id) laneCalls.delete(call.lane);
  }

  function call(method: MethodName, input: unknown, options?: CallOptions): Promise<Result<unknown>> {
    return new Promise((ownResolve: (result: Result<unknown>) => void) => {
      const send = () => {
        let resolve = ownResolve;
        const current = socket;
        if (!current || current.readyState !== OPEN) {
          resolve(disconnected());
          return;
        }
        const id = nextId++;
        const lane = options?.lane;
        const frame = JSON.stringify({ type: 'call', id, method, input, ...(lane === undefined ? {} : { lane }) } satisfies CallMessage);
        const bytes = frameSize(frame);
        if (bytes > MAX_MESSAGE_BYTES) {
          // The host would refuse it: this call fails with the reason, the socket and every other call go on.
          resolve(failure('invalid-input', tooLargeMessage(bytes), false));
          return;
        }
        const superseded = lane === undefined ? undefined : laneCalls.get(lane);
        const earlier = superseded === undefined ? undefined : pending.get(superseded);
        if (superseded !== undefined && earlier) {
          // The earlier call of this lane is superseded: its caller gets this call's answer,
          // and the host, told by the lane, may skip it.
          forget(superseded, earlier);
          resolve = (result) => {
            ownResolve(result);
            earlier.resolve(result);
          };
        }
        const timer = setTimeout(() => {
          const call = pending.get(id);
          if (call) forget(id, call);
          resolve(failure('timeout', m.shell_host_timeout_message({ request: method }), true));
        }, callTimeout);
        pending.set(id, { resolve, timer, ...(lane === undefined ? {} : { lane }) });
        if (lane !== undefined) laneCalls.set(lane, id);
        current.send(frame);
      };
      if (state === 'connected') send();
      else if (attemptInFlight) queued.push(send);
      else ownResolve(disconnected());
    });
  }

  function subscribe(name: EventName, listener: (payload: unknown) => void): () => void {
    let listeners = eventListeners.get(name);
    if (!listeners) eventListeners.set(name, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  connect();

  return {
    api: buildApi<BridgeApi>(call, subscribe),
    connection: {
      get state() {
        return state;
      },
      subscribe(listener) {
        stateListeners.add(listener);
        return () => {
          stateListeners.delete(listener);
        };
      },
    },
    close() {
      setState('closed');
      clearTimeout(reconnectTimer);
      socket?.close(1000, 'Closed by the page');
      socket = null;
      attemptInFlight = false;
      failAll();
    },
  };
}

/** The frame's size in UTF-8 bytes (a character takes at most 3 of them), counted only when it could matter. */
function frameSize(frame: string): number {
  return frame.length * 3 <= MAX_MESSAGE_BYTES ? frame.length : new TextEncoder().encode(frame).byteLength;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isResult(value: unknown): value is Result<unknown> {
  if (!isRecord(value)) return false;
  // JSON has no undefined: a void method's `{ ok: true, value: undefined }` arrives as `{ ok: true }`.
  if (value.ok === true) return true;
  return value.ok === false && isRecord(value.error) && typeof value.error.code === 'string' && typeof value.error.message === 'string';
}

// Browser globals, reached through one typed view so this file also compiles (and is
// unit-tested) under the Node test config, which has no DOM types.
interface BrowserGlobals {
  quotedesk?: BridgeApi;
  location: { protocol: string; host: string; hash: string; pathname: string; search: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  WebSocket: new (url: string, protocols: string[]) => SocketLike;
}
const browser = globalThis as unknown as BrowserGlobals;

function browserSocket(url: string, protocols: string[]): SocketLike {
  return new browser.WebSocket(url, protocols);
}

const TOKEN_KEY = 'quotedesk.token';

/**
 * The launch token arrives in the URL fragment (which never reaches a server log). It is
 * kept in sessionStorage so a reload still works, and removed from the visible URL.
 */
export function takeLaunchToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(browser.location.hash);
  if (match?.[1]) {
    browser.sessionStorage.setItem(TOKEN_KEY, match[1]);
    browser.history.replaceState(null, '', `${browser.location.pathname}${browser.location.search}`);
    return match[1];
  }
  return browser.sessionStorage.getItem(TOKEN_KEY);
}

const ALWAYS_CONNECTED: ConnectionMonitor = { state: 'connected', subscribe: () => () => undefined };
const NO_ACCESS: ConnectionMonitor = { state: 'no-access', subscribe: () => () => undefined };

/** The bridge of a page without the launch token: it never connects, and every call says why. */
export function createNoAccessBridge(): { api: BridgeApi; connection: ConnectionMonitor } {
  const refused = (): Promise<Result<never>> =>
    Promise.resolve(failure('forbidden', m.shell_host_no_access_message(), false));
  return { api: buildApi<BridgeApi>(refused, () => () => undefined), connection: NO_ACCESS };
}

function createBridge(): { bridge: BridgeApi; connection: ConnectionMonitor } {
  if (browser.quotedesk) return { bridge: browser.quotedesk, connection: ALWAYS_CONNECTED };
  const token = takeLaunchToken();
  if (!token) {
    const blocked = createNoAccessBridge();
    return { bridge: blocked.api, connection: blocked.connection };
  }
  const scheme = browser.location.protocol === 'https:' ? 'wss' : 'ws';
  const socketBridge = createSocketBridge({ url: `${scheme}://${browser.location.host}${BRIDGE_PATH}`, token });
  return { bridge: socketBridge.api, connection: socketBridge.connection };
}

const created = createBridge();
export const bridge: BridgeApi = created.bridge;
export const connection: ConnectionMonitor = created.connection;

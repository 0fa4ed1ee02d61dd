// The renderer's API object (`api.quotes.list(input)`, `api.events['accounts.changed'](listener)`)
// built from the name lists over any transport: the preload's IPC, the browser-mode socket and
// the renderer tests' fake all get the same shape from here.
import { EVENT_NAMES, METHOD_NAMES, splitMethodName } from './names';
import type { EventName, MethodName } from './names';

/** How one call travels, beside its input. */
export interface CallOptions {
  /**
   * Calls of one lane replace each other: a call made while an earlier call of the same lane
   * is still unanswered supersedes it, and the earlier call's caller receives the later
   * call's answer. For queries whose earlier answers nobody would read (the inbox's rows
   * at each keystroke): the app host may then skip the superseded ones instead of computing
   * and sending them. A transport without lanes answers each call on its own.
   */
  lane?: string;
}

export type CallTransport = (method: MethodName, input: unknown, options?: CallOptions) => Promise<unknown>;
export type SubscribeTransport = (name: EventName, listener: (payload: unknown) => void) => () => void;

/**
 * One function per method, grouped by namespace, and one subscribe function per event under
 * `events`. `Api` is the contract's BridgeApi (this folder may not import it): the object has
 * exactly that shape because BridgeApi is derived from the same names.
 */
export function buildApi<Api>(call: CallTransport, subscribe: SubscribeTransport): Api {
  const api: Record<string, Record<string, unknown>> = { events: {} };
  for (const method of METHOD_NAMES) {
    const [namespace, fn] = splitMethodName(method);
    (api[namespace] ??= {})[fn] = (input?: unknown, options?: CallOptions) => call(method, input, options);
  }
  const events = api.events as Record<string, unknown>;
  for (const name of EVENT_NAMES) {
    events[name] = (listener: (payload: unknown) => void) => subscribe(name, listener);
  }
  return api as unknown as Api;
}

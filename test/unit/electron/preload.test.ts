import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES, METHOD_NAMES } from '../../../preload/contract';

const exposed = new Map<string, unknown>();
const invoked: Array<{ channel: string; args: unknown[] }> = [];
const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();

vi.mock('electron', () => {
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push({ channel, args });
      return { ok: true, value: channel };
    },
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    },
    removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
      listeners.get(channel)?.delete(listener);
    },
  };
  return {
    ipcRenderer,
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  };
});

type Exposed = Record<string, Record<string, (...args: unknown[]) => unknown>>;
let api: Exposed;

beforeAll(async () => {
  await import('../../../preload/index');
  api = exposed.get('quotedesk') as Exposed;
});

describe('preload', () => {
  it('exposes only window.quotedesk, one function per contract method grouped by namespace', () => {
    expect([...exposed.keys()]).toEqual(['quotedesk']);
    const exposedMethods = Object.entries(api)
      .filter(([namespace]) => namespace !== 'events')
      .flatMap(([namespace, functions]) => Object.keys(functions).map((name) => `${namespace}.${name}`));
    expect(exposedMethods.sort()).toEqual([...METHOD_NAMES].sort());
    expect(Object.keys(api.events ?? {}).sort()).toEqual([...EVENT_NAMES].sort());
    for (const namespace of Object.values(api)) for (const value of Object.values(namespace)) expect(typeof value).toBe('function');
  });

  it('invokes each method on its own channel with its input only', async () => {
    const draft = { name: 'Acme' };
    expect(await api.accounts?.add?.(draft)).toEqual({ ok: true, value: 'accounts.add' });
    await api.app?.info?.();
    expect(invoked).toEqual([
      { channel: 'accounts.add', args: [draft] },
      { channel: 'app.info', args: [undefined] },
    ]);
  });

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    const received: unknown[] = [];
    const stop = api.events?.['accounts.statusChanged']?.((payload: unknown) => received.push(payload)) as () => void;
    const sender = { send: () => undefined };
    for (const listener of listeners.get('accounts.statusChanged') ?? []) listener({ sender }, { accountId: 'a', status: 'ok', message: null });
    stop();
    expect(listeners.get('accounts.statusChanged')?.size).toBe(0);
    expect(received).toEqual([{ accountId: 'a', status: 'ok', message: null }]);
  });

  it('uses channel names that cannot be confused: no event shares a method name', () => {
    expect(METHOD_NAMES.filter((name) => (EVENT_NAMES as string[]).includes(name))).toEqual([]);
  });
});

// The renderer's browser-mode transport (renderer/src/lib/bridge.ts) against a real web host.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ConnectionState, SocketLike } from '../../../renderer/src/lib/bridge';
import type * as BridgeExports from '../../../renderer/src/lib/bridge';
import { accountView } from '../../helpers/bridge-fixtures';
import { startTestHost } from './web-host-fixture';

// Imported only after the browser globals it reads at load are in place.
type BridgeModule = typeof BridgeExports;

const info = { version: '2.0.0', host: 'web' as const, demo: false, credentialStorage: { backend: 'file', weak: true, message: null }, dataProblems: [] };
let fixture: Awaited<ReturnType<typeof startTestHost>>;
let bridgeModule: BridgeModule;
const replacedUrls: string[] = [];
const storage = new Map<string, string>();

/** What the browser does for the page: the socket carries the page's own origin. */
function pageSocket(origin: () => string) {
  return (url: string, protocols: string[]) => new WebSocket(url, protocols, { origin: origin() }) as unknown as SocketLike;
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : setTimeout(check, 5));
    check();
  });
}

beforeAll(async () => {
  fixture = await startTestHost({ 'app.info': async () => info });
  const origin = fixture.host.origin;
  Object.assign(globalThis, {
    location: { protocol: 'http:', host: `127.0.0.1:${fixture.host.port}`, hash: `#token=${fixture.host.token}`, pathname: '/', search: '?view=inbox' },
    history: { replaceState: (_data: unknown, _unused: string, url: string) => replacedUrls.push(url) },
    sessionStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
    WebSocket: class PageWebSocket extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { origin });
      }
    },
  });
  bridgeModule = await import('../../../renderer/src/lib/bridge');
});

afterAll(async () => {
  await fixture.close();
});

describe('renderer bridge in browser mode', () => {
  it('takes the token from the URL fragment, keeps it for reloads and hides it from the address bar', async () => {
    const result = await bridgeModule.bridge.app.info();
    expect(result).toEqual({ ok: true, value: info });
    expect(storage.get('quotedesk.token')).toBe(fixture.host.token);
    expect(replacedUrls).toEqual(['/?view=inbox']);
    expect(bridgeModule.connection.state).toBe('connected');

    // A reload: no fragment any more, the token comes from sessionStorage.
    Object.assign((globalThis as unknown as { location: { hash: string } }).location, { hash: '' });
    expect(bridgeModule.takeLaunchToken()).toBe(fixture.host.token);
  });

  it('delivers pushed events to subscribers of that event only', async () => {
    const { api, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${fixture.host.port}/bridge`,
      token: fixture.host.token,
      createSocket: pageSocket(() => fixture.host.origin),
    });
    await api.app.info();
    const changed: unknown[] = [];
    const statuses: unknown[] = [];
    const stop = api.events['accounts.changed']((payload) => changed.push(payload));
    api.events['accounts.statusChanged']((payload) => statuses.push(payload));

    fixture.hub.emit('accounts.changed', { accounts: [accountView()] });
    await until(() => changed.length === 1);
    stop();
    fixture.hub.emit('accounts.changed', { accounts: [] });
    fixture.hub.emit('accounts.statusChanged', { accountId: 'acc-1', status: 'ok', message: null });
    await until(() => statuses.length === 1);

    expect(changed).toEqual([{ accounts: [accountView()] }]);
    close();
  });

  it('refuses to send a call larger than the host takes: that call fails with the reason, the socket and other calls go on', async () => {
    const { api, connection, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${fixture.host.port}/bridge`,
      token: fixture.host.token,
      createSocket: pageSocket(() => fixture.host.origin),
    });
    expect((await api.app.info()).ok).toBe(true);
    const states: ConnectionState[] = [];
    connection.subscribe((state) => states.push(state));
    // About 1.7 MB of ids: more than the host reads, which would close the socket.
    const quoteIds = Array.from({ length: 50_000 }, (_, index) => `quote-${String(index).padStart(24, '0')}`);

    const [refused, meanwhile] = await Promise.all([api.selection.markRead({ sort: 'newest', selection: { kind: 'quotes', quoteIds } }), api.app.info()]);

    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input', retryable: false } });
    expect(!refused.ok && refused.error.message).toMatch(/too large to send to Quotedesk \(1,\d{3} KB, at most 256 KB\)/);
    expect(meanwhile).toEqual({ ok: true, value: info });
    expect(connection.state).toBe('connected');
    expect(states).toEqual([]);
    close();
  });

  it('reports a host that went away and does not come back as unreachable, not reconnecting forever', async () => {
    const own = await startTestHost({ 'app.info': async () => info });
    const { port, token } = own.host;
    const { api, connection, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${port}/bridge`,
      token,
      createSocket: pageSocket(() => `http://127.0.0.1:${port}`),
      initialBackoffMs: 20,
      maxBackoffMs: 40,
      unreachableAfter: 3,
    });
    expect((await api.app.info()).ok).toBe(true);
    await own.host.close();
    await until(() => connection.state === 'unreachable');
    close();
  });

  it('says its link is from an earlier launch, and stops trying, when the host restarted with a new token', async () => {
    const own = await startTestHost({ 'app.info': async () => info });
    const { port, token } = own.host;
    const { api, connection, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${port}/bridge`,
      token,
      createSocket: pageSocket(() => `http://127.0.0.1:${port}`),
      initialBackoffMs: 20,
      maxBackoffMs: 40,
      unreachableAfter: 50,
    });
    expect((await api.app.info()).ok).toBe(true);
    await own.host.close();
    // Same port and data folder, new launch: a new token the old tab does not have.
    const restarted = await startTestHost({ 'app.info': async () => info }, { port, root: own.root });
    await until(() => connection.state === 'refused');
    expect(await api.app.info()).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'This link is from an earlier launch of Quotedesk: open the new link that `npm run web` printed.', retryable: false },
    });
    // No more attempts: the state stays refused rather than cycling through "reconnecting".
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(connection.state).toBe('refused');
    close();
    await restarted.close();
  });

  it('answers calls with a network error while the host is down, then reconnects when it is back', async () => {
    const own = await startTestHost({ 'app.info': async () => info });
    const { port, token } = own.host;
    const { api, connection, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${port}/bridge`,
      token,
      createSocket: pageSocket(() => `http://127.0.0.1:${port}`),
      initialBackoffMs: 20,
      maxBackoffMs: 40,
    });
    const states: ConnectionState[] = [];
    connection.subscribe((state) => states.push(state));
    expect((await api.app.info()).ok).toBe(true);

    await own.host.close();
    await until(() => connection.state === 'reconnecting');
    const whileDown = await api.app.info();
    expect(whileDown).toEqual({ ok: false, error: { code: 'network', message: 'Reconnecting to Quotedesk… Try again once it is back.', retryable: true } });

    const restarted = await startTestHost({ 'app.info': async () => info }, { port, token, root: own.root });
    await until(() => connection.state === 'connected');
    expect(await api.app.info()).toEqual({ ok: true, value: info });
    expect(states[0]).toBe('connected');
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('connected');

    close();
    expect(connection.state).toBe('closed');
    await restarted.close();
  });

  it('fails a call in flight with a network error when the connection drops', async () => {
    let reached = false;
    const own = await startTestHost({
      'accounts.list': () => {
        reached = true;
        return new Promise(() => undefined);
      },
    });
    const { api, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${own.host.port}/bridge`,
      token: own.host.token,
      createSocket: pageSocket(() => own.host.origin),
      initialBackoffMs: 1_000,
    });
    const inFlight = api.accounts.list();
    await until(() => reached);
    await own.close();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'network', retryable: true } });
    close();
  });

  it('never connects with a wrong token, and says so through the error rather than hanging or retrying', async () => {
    const { api, connection, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${fixture.host.port}/bridge`,
      token: 'token-of-an-earlier-launch',
      createSocket: pageSocket(() => fixture.host.origin),
      initialBackoffMs: 5,
    });
    const states: ConnectionState[] = [];
    connection.subscribe((state) => states.push(state));
    const result = await api.app.info();
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden', retryable: false } });
    expect(connection.state).toBe('refused');
    // The host completes the handshake before closing it with the refusal code, so the socket opens for an instant.
    expect(states.at(-1)).toBe('refused');
    expect(states).not.toContain('reconnecting');
    close();
  });

  it('reports the host unreachable once several attempts in a row failed without ever connecting', async () => {
    const gone = await startTestHost({});
    const port = gone.host.port;
    await gone.close();
    const { api, connection, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${port}/bridge`,
      token: gone.host.token,
      createSocket: pageSocket(() => `http://127.0.0.1:${port}`),
      initialBackoffMs: 5,
      maxBackoffMs: 10,
      unreachableAfter: 3,
    });
    const states: ConnectionState[] = [];
    connection.subscribe((state) => states.push(state));
    await until(() => connection.state === 'unreachable');
    expect(states).toEqual(['reconnecting', 'unreachable']);
    expect(await api.app.info()).toMatchObject({ ok: false, error: { code: 'network', message: expect.stringContaining("Can't reach Quotedesk") } });
    close();
  });

  it('does not connect at all when the page has no launch token, and says so', async () => {
    storage.clear();
    Object.assign((globalThis as unknown as { location: { hash: string } }).location, { hash: '' });
    let sockets = 0;
    const PageWebSocket = (globalThis as unknown as { WebSocket: new (url: string, protocols: string[]) => WebSocket }).WebSocket;
    Object.assign(globalThis, {
      WebSocket: class CountingWebSocket extends PageWebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols);
          sockets += 1;
        }
      },
    });
    vi.resetModules();
    const fresh: BridgeModule = await import('../../../renderer/src/lib/bridge');
    expect(fresh.connection.state).toBe('no-access');
    expect(await fresh.bridge.accounts.list()).toMatchObject({ ok: false, error: { code: 'forbidden', retryable: false } });
    expect(sockets).toBe(0);
  });
});

// A bridge method whose output is void (webhooks.unregister) must succeed over the browser-mode
// socket, where JSON drops `value: undefined` from the host's `{ ok: true, value }`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type * as BridgeExports from '../../../renderer/src/lib/bridge';
import type { SocketLike } from '../../../renderer/src/lib/bridge';
import { startTestHost } from './web-host-fixture';

let fixture: Awaited<ReturnType<typeof startTestHost>>;
let bridgeModule: typeof BridgeExports;
const removed: string[] = [];

beforeAll(async () => {
  fixture = await startTestHost({
    'webhooks.unregister': async ({ accountId: id }) => {
      if (id !== 'acc-1') throw Object.assign(new Error(`No account ${id}`), { code: 'account-not-found', retryable: false });
      removed.push(id);
    },
  });
  // The module builds its default bridge from the page's globals when it loads.
  Object.assign(globalThis, {
    location: { protocol: 'http:', host: `127.0.0.1:${fixture.host.port}`, hash: '', pathname: '/', search: '' },
    history: { replaceState: () => undefined },
    sessionStorage: { getItem: () => fixture.host.token, setItem: () => undefined },
    WebSocket: class PageWebSocket extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { origin: fixture.host.origin });
      }
    },
  });
  bridgeModule = await import('../../../renderer/src/lib/bridge');
});

afterAll(async () => {
  await fixture.close();
});

describe('void results over the browser-mode socket', () => {
  it('resolves a void method to ok', async () => {
    const { api, close } = bridgeModule.createSocketBridge({
      url: `ws://127.0.0.1:${fixture.host.port}/bridge`,
      token: fixture.host.token,
      createSocket: (url, protocols) => new WebSocket(url, protocols, { origin: fixture.host.origin }) as unknown as SocketLike,
    });
    try {
      const result = await api.webhooks.unregister({ accountId: 'acc-1' });
      expect(result.ok).toBe(true);
      expect(removed).toEqual(['acc-1']);
      // A failure of the same method still arrives as the host's error.
      const missing = await api.webhooks.unregister({ accountId: 'acc-2' });
      expect(missing).toMatchObject({ ok: false, error: { code: 'account-not-found' } });
    } finally {
      close();
    }
  });
});

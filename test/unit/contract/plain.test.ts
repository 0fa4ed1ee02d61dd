import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, buildApi, parseHostMessage } from '../../../preload/contract/plain';
import type { EventName, MethodName } from '../../../preload/contract/plain';

describe('the zod-free contract', () => {
  it('builds api.ns.fn() calls and api.events[name] subscriptions over any transport', async () => {
    const calls: [MethodName, unknown][] = [];
    const subscribed: EventName[] = [];
    const api = buildApi<Record<string, Record<string, (arg?: unknown) => unknown>>>(
      async (method, input) => {
        calls.push([method, input]);
        return { ok: true, value: method };
      },
      (name, listener) => {
        subscribed.push(name);
        listener({ from: name });
        return () => undefined;
      },
    );
    expect(await api.inbox!.query!({ accountId: 'a' })).toEqual({ ok: true, value: 'inbox.query' });
    expect(await api.accounts!.testDraft!()).toEqual({ ok: true, value: 'accounts.testDraft' });
    expect(calls).toEqual([['inbox.query', { accountId: 'a' }], ['accounts.testDraft', undefined]]);
    const received: unknown[] = [];
    api.events!['accounts.statusChanged']!((payload: unknown) => received.push(payload));
    expect(subscribed).toEqual(['accounts.statusChanged']);
    expect(received).toEqual([{ from: 'accounts.statusChanged' }]);
    const built = Object.entries(api).flatMap(([ns, fns]) => (ns === 'events' ? [] : Object.keys(fns).map((fn) => `${ns}.${fn}`)));
    expect(built.sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('reads only well-formed host frames', () => {
    expect(parseHostMessage('{"type":"result","id":3,"result":{"ok":true}}')).toEqual({ type: 'result', id: 3, result: { ok: true } });
    expect(parseHostMessage('{"type":"event","name":"accounts.changed","payload":1}')).toEqual({ type: 'event', name: 'accounts.changed', payload: 1 });
    for (const bad of ['not json', '{"type":"result","id":"3"}', '{"type":"call","id":1}', 'null', '42', new ArrayBuffer(2)]) {
      expect(parseHostMessage(bad)).toBeNull();
    }
  });
});

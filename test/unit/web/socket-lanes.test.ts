// Lanes over the browser-mode socket (CallOptions.lane): a page that sends a later call of a
// lane has stopped waiting for the earlier one, so the host neither computes nor answers it.
// The inbox sends its rows query in a lane at each keystroke: a key the next one replaced
// must not cost the core a query over 100,000 quotes.
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { SocketLike } from '../../../renderer/src/lib/bridge';
import { openSocket, outcome, startTestHost } from './web-host-fixture';

type Fixture = Awaited<ReturnType<typeof startTestHost>>;
let fixture: Fixture | null = null;

afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

/** A host whose inbox.query records each offset it ran and answers it as its total; `held` offsets wait for release. */
async function recordingHost(held: Set<number> = new Set()) {
  const ran: number[] = [];
  const releases = new Map<number, () => void>();
  fixture = await startTestHost({
    'inbox.query': async (input) => {
      ran.push(input.offset);
      if (held.has(input.offset)) await new Promise<void>((resolve) => releases.set(input.offset, resolve));
      return { rows: [], total: input.offset, offset: input.offset, accounts: [] };
    },
  });
  return { fixture, ran, release: (offset: number) => releases.get(offset)?.() };
}

function call(id: number, offset: number, lane?: string): string {
  return JSON.stringify({ type: 'call', id, method: 'inbox.query', input: { sort: 'newest', offset, limit: 1 }, ...(lane ? { lane } : {}) });
}

function collect(socket: WebSocket): Array<{ id: number; result: { ok: boolean; value?: { total: number } } }> {
  const answers: Array<{ id: number; result: { ok: boolean; value?: { total: number } } }> = [];
  socket.on('message', (data: Buffer) => answers.push(JSON.parse(data.toString('utf8')) as (typeof answers)[number]));
  return answers;
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : setTimeout(check, 5));
    check();
  });
}

describe('lanes on the bridge socket', () => {
  it('runs only the latest of the calls of a lane that arrive together, and answers the others of no lane', async () => {
    const { fixture, ran } = await recordingHost();
    const socket = openSocket(fixture.host);
    await outcome(socket);
    const answers = collect(socket);
    // Sent in one go, as a page busy with layout would: the host reads them in one turn.
    socket.send(call(1, 10, 'rows'));
    socket.send(call(2, 20, 'rows'));
    socket.send(call(3, 30, 'counts'));
    socket.send(call(4, 40, 'rows'));
    socket.send(call(5, 50));
    await until(() => answers.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran.sort()).toEqual([30, 40, 50]);
    expect(answers.map((answer) => answer.id).sort()).toEqual([3, 4, 5]);
    expect(answers.find((answer) => answer.id === 4)?.result.value?.total).toBe(40);
    socket.close();
  });

  it('does not answer a call superseded while it ran; the later call is answered', async () => {
    const { fixture, ran, release } = await recordingHost(new Set([10]));
    const socket = openSocket(fixture.host);
    await outcome(socket);
    const answers = collect(socket);
    socket.send(call(1, 10, 'rows'));
    await until(() => ran.length === 1);
    socket.send(call(2, 20, 'rows'));
    await until(() => answers.length === 1);
    release(10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([10, 20]);
    expect(answers.map((answer) => answer.id)).toEqual([2]);
    socket.close();
  });

  it('keeps lanes to their page: another connection\'s call of the same lane name supersedes nothing', async () => {
    const { fixture, ran } = await recordingHost();
    const first = openSocket(fixture.host);
    const second = openSocket(fixture.host);
    await Promise.all([outcome(first), outcome(second)]);
    const firstAnswers = collect(first);
    const secondAnswers = collect(second);
    first.send(call(1, 10, 'rows'));
    second.send(call(1, 20, 'rows'));
    await until(() => firstAnswers.length === 1 && secondAnswers.length === 1);
    expect(ran.sort()).toEqual([10, 20]);
    first.close();
    second.close();
  });
});

describe('lanes in the page\'s socket client', () => {
  it('gives a superseded call the later call\'s answer, and the host runs the later one only once', async () => {
    const { fixture, ran, release } = await recordingHost(new Set([10]));
    // The module builds the page's own bridge when loaded: a stand-in window.quotedesk keeps it from connecting.
    Object.assign(globalThis, { quotedesk: {} });
    const { createSocketBridge } = await import('../../../renderer/src/lib/bridge');
    const { api, close } = createSocketBridge({
      url: `ws://127.0.0.1:${fixture.host.port}/bridge`,
      token: fixture.host.token,
      createSocket: (url, protocols) => {
        const socket = openSocket(fixture.host, { path: new URL(url).pathname, token: protocols[1]!.slice('token.'.length) });
        return socket as unknown as SocketLike;
      },
    });
    const earlier = api.inbox.query({ sort: 'newest', offset: 10, limit: 1 }, { lane: 'rows' });
    await until(() => ran.length === 1);
    const later = api.inbox.query({ sort: 'newest', offset: 20, limit: 1 }, { lane: 'rows' });
    const unlaned = api.inbox.query({ sort: 'newest', offset: 30, limit: 1 });
    const [earlierResult, laterResult, unlanedResult] = await Promise.all([earlier, later, unlaned]);
    expect(earlierResult).toMatchObject({ ok: true, value: { total: 20 } });
    expect(laterResult).toMatchObject({ ok: true, value: { total: 20 } });
    expect(unlanedResult).toMatchObject({ ok: true, value: { total: 30 } });
    release(10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran.sort()).toEqual([10, 20, 30]);
    close();
  });
});

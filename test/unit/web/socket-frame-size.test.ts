// A call the host cannot take (over MAX_MESSAGE_BYTES, or a selection naming more quotes than
// a call may) is answered with an error for that call alone: the socket stays open and the
// page's other calls go on. A Shift-click over 25,084 quotes once sent 978 KB and the host
// closed the socket (1009), failing every pending call with "Reconnecting…".
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { MAX_FRAME_READ_BYTES, MAX_MESSAGE_BYTES } from '../../../main/web/protocol';
import { SELECTION_IDS_MAX } from '../../../preload/contract/bridge/selection';
import { nextMessage, openSocket, outcome, startTestHost } from './web-host-fixture';

type Fixture = Awaited<ReturnType<typeof startTestHost>>;
let fixture: Fixture | null = null;
const info = { version: '2.0.0', host: 'web' as const, demo: false, credentialStorage: { backend: 'file', weak: true, message: null }, dataProblems: [] };

afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

async function connected(): Promise<WebSocket> {
  let marked = 0;
  fixture = await startTestHost({
    'app.info': async () => info,
    'selection.markRead': async () => ((marked += 1), { quotes: marked, unread: { total: 0, accounts: [] } }),
  });
  const socket = openSocket(fixture.host);
  expect(await outcome(socket)).toEqual({ opened: true });
  return socket;
}

function markRead(id: number, quoteIds: string[]): string {
  return JSON.stringify({ type: 'call', id, method: 'selection.markRead', input: { sort: 'newest', selection: { kind: 'quotes', quoteIds } } });
}

async function stillAnswers(socket: WebSocket): Promise<void> {
  socket.send(JSON.stringify({ type: 'call', id: 99, method: 'app.info' }));
  expect(await nextMessage(socket)).toEqual({ type: 'result', id: 99, result: { ok: true, value: info } });
  expect(socket.readyState).toBe(socket.OPEN);
}

const ids = (count: number, width: number) => Array.from({ length: count }, (_, index) => `q${String(index).padStart(width, '0')}`);

describe('a call the host cannot take', () => {
  it('over the frame limit is answered with the reason, not run, and the socket stays open', async () => {
    const socket = await connected();
    const frame = markRead(1, ids(25_084, 36));
    expect(frame.length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(frame.length).toBeLessThan(MAX_FRAME_READ_BYTES);

    socket.send(frame);

    const answer = (await nextMessage(socket)) as { id: number; result: { ok: boolean; error: { code: string; message: string } } };
    expect(answer.id).toBe(1);
    expect(answer.result).toMatchObject({ ok: false, error: { code: 'invalid-input', retryable: false } });
    expect(answer.result.error.message).toMatch(/too large to send to Quotedesk/);
    expect(fixture!.logger.lines.some((line) => line.message === 'bridge call refused: too large')).toBe(true);
    await stillAnswers(socket);
    socket.close();
  });

  it('naming more quotes than a selection may is refused as invalid input, saying how to select them', async () => {
    const socket = await connected();
    socket.send(markRead(2, ids(SELECTION_IDS_MAX + 1, 8)));

    const answer = (await nextMessage(socket)) as { id: number; result: { ok: boolean; error: { code: string; issues: { message: string }[] } } };
    expect(answer.result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(answer.result.error.issues[0]!.message).toMatch(/At most 2,000 quotes can be picked one by one: select a range with Shift-click/);
    await stillAnswers(socket);
    socket.close();
  });

  it('far beyond anything a page sends still closes the socket (1009), as a flood would', async () => {
    const socket = await connected();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(markRead(3, ids(Math.ceil(MAX_FRAME_READ_BYTES / 20), 16)));
    expect(await closed).toBe(1009);
  });
});

// Lanes over Electron's IPC (CallOptions.lane): main skips a call that a later one of its lane
// superseded before it ran; the preload has already given its caller the later call's answer.
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../main/core/bridge/events';
import { registerBridgeIpc } from '../../../main/electron/ipc';
import type { FrameLike } from '../../../main/electron/sender';
import { unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

type Handler = (event: unknown, input: unknown, lane?: unknown) => Promise<unknown>;

function setup() {
  const handlers = new Map<string, Handler>();
  const ran: number[] = [];
  const logger = createRecordingLogger();
  const dispatcher = createDispatcher({
    handlers: {
      ...unusedHandlers(),
      'inbox.query': async (input) => {
        ran.push(input.offset);
        return { rows: [], total: input.offset, offset: input.offset, accounts: [] };
      },
    },
    logger,
  });
  const mainFrame: FrameLike = { processId: 3, routingId: 1, url: 'app://quotedesk/index.html', parent: null };
  registerBridgeIpc({
    ipcMain: { handle: (channel: string, handler: Handler) => handlers.set(channel, handler), removeHandler: () => undefined } as never,
    dispatcher,
    hub: createEventHub({ logger }),
    logger,
    trusted: () => ({ webContentsId: 1, mainFrame }),
    send: () => undefined,
  });
  const query = (offset: number, lane?: string) => handlers.get('inbox.query')!({ sender: { id: 1 }, senderFrame: mainFrame }, { sort: 'newest', offset, limit: 1 }, lane);
  return { query, ran };
}

describe('lanes over Electron IPC', () => {
  it('runs only the latest of the calls of a lane that arrive together; calls without a lane all run', async () => {
    const { query, ran } = setup();
    const results = await Promise.all([query(10, 'rows'), query(20, 'rows'), query(30), query(40, 'rows'), query(50, 'counts')]);
    expect(ran.sort()).toEqual([30, 40, 50]);
    expect(results[3]).toMatchObject({ ok: true, value: { total: 40 } });
    expect(results[2]).toMatchObject({ ok: true, value: { total: 30 } });
    expect(results[0]).toMatchObject({ ok: false });
  });

  it('treats a lane that is not a short string as no lane', async () => {
    const { query, ran } = setup();
    await Promise.all([query(10, 'x'.repeat(500)), query(20, 'x'.repeat(500))]);
    expect(ran.sort()).toEqual([10, 20]);
  });
});

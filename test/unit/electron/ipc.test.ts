import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../main/core/bridge/events';
import { registerBridgeIpc } from '../../../main/electron/ipc';
import type { FrameLike, TrustedRenderer } from '../../../main/electron/sender';
import { METHOD_NAMES } from '../../../preload/contract';
import { accountView, unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

type Handler = (event: unknown, input: unknown) => Promise<unknown>;

function setup() {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => {
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => {
      handlers.delete(channel);
    },
  };
  const logger = createRecordingLogger();
  const hub = createEventHub({ logger });
  const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), 'accounts.list': async () => [accountView()] }, logger });
  const rendererUrl = 'app://quotedesk/index.html';
  const mainFrame: FrameLike = { processId: 3, routingId: 1, url: rendererUrl, parent: null };
  let window: TrustedRenderer | null = { webContentsId: 1, mainFrame };
  const sent: Array<[string, unknown]> = [];
  const unregister = registerBridgeIpc({
    ipcMain: ipcMain as never,
    dispatcher,
    hub,
    logger,
    trusted: () => window,
    send: (channel, payload) => sent.push([channel, payload]),
  });
  return { handlers, hub, logger, sent, unregister, mainFrame, closeWindow: () => (window = null) };
}

describe('Electron IPC transport', () => {
  it('registers exactly one handler per contract method, and removes them all', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual([...METHOD_NAMES].sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('dispatches a call from the app window', async () => {
    const { handlers, mainFrame } = setup();
    const result = await handlers.get('accounts.list')?.({ sender: { id: 1 }, senderFrame: mainFrame }, undefined);
    expect(result).toEqual({ ok: true, value: [accountView()] });
  });

  it('refuses a call from a foreign frame without running it, and logs the refusal', async () => {
    const { handlers, mainFrame, logger } = setup();
    const foreign = { ...mainFrame, url: 'https://evil.example/' };
    const result = await handlers.get('accounts.list')?.({ sender: { id: 1 }, senderFrame: foreign }, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(logger.text()).toContain('bridge call refused');
  });

  it('refuses calls once the window is gone', async () => {
    const { handlers, mainFrame, closeWindow } = setup();
    closeWindow();
    const result = await handlers.get('accounts.list')?.({ sender: { id: 1 }, senderFrame: mainFrame }, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('forwards validated hub events on the channel named after the event, until unregistered', () => {
    const { hub, sent, unregister } = setup();
    hub.emit('accounts.statusChanged', { accountId: 'acc-1', status: 'unreachable', message: 'Connection refused' });
    unregister();
    hub.emit('accounts.changed', { accounts: [] });
    expect(sent).toEqual([['accounts.statusChanged', { accountId: 'acc-1', status: 'unreachable', message: 'Connection refused' }]]);
  });
});

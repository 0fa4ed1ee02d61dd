import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { METHOD_NAMES } from '../../preload/contract';
import type { Result } from '../../preload/contract';
import type { Dispatcher } from '../core/bridge/dispatcher';
import type { EventHub } from '../core/bridge/events';
import type { Logger } from '../core/ports';
import { isTrustedSender } from './sender';
import type { SenderEventLike, TrustedRenderer } from './sender';

export interface BridgeIpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  dispatcher: Dispatcher;
  hub: EventHub;
  logger: Logger;
  /** The app window as it is now (its main frame changes when the page reloads); null once closed. */
  trusted: () => TrustedRenderer | null;
  /** Pushes an event to the app window's page. */
  send: (channel: string, payload: unknown) => void;
}

/**
 * One ipcMain handler per contract method (the channel is the method's name) and one
 * channel per event (the event's name). Returns the function that removes them all.
 */
export function registerBridgeIpc(options: BridgeIpcOptions): () => void {
  const { ipcMain, dispatcher, logger } = options;

  for (const method of METHOD_NAMES) {
    ipcMain.handle(method, (event: IpcMainInvokeEvent, input: unknown) => handle(method, event, input));
  }

  async function handle(method: string, event: SenderEventLike, input: unknown): Promise<Result<unknown>> {
    const trusted = options.trusted();
    if (!trusted || !isTrustedSender(event, trusted)) {
      logger.warn('bridge call refused: not the app window', { method, url: event.senderFrame?.url ?? null });
      return { ok: false, error: { code: 'forbidden', message: 'Only the Quotedesk window may use the app bridge.', retryable: false } };
    }
    return dispatcher.dispatch(method, input);
  }

  const stopEvents = options.hub.subscribe((event) => options.send(event.name, event.payload));

  return () => {
    stopEvents();
    for (const method of METHOD_NAMES) ipcMain.removeHandler(method);
  };
}

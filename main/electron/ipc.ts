import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { METHOD_NAMES } from '../../preload/contract';
import type { Result } from '../../preload/contract';
import type { Dispatcher } from '../core/bridge/dispatcher';
import { SUPERSEDED, createLaneGate } from '../core/bridge/lanes';
import type { LaneGate } from '../core/bridge/lanes';
import { MAX_LANE_LENGTH } from '../../preload/contract/plain/socket-framing';
import type { EventHub } from '../core/bridge/events';
import type { Logger } from '../core/ports';
import { isTrustedSender } from './sender';
import type { SenderEventLike, TrustedRenderer } from './sender';

const SUPERSEDED_ANSWER: Result<never> = { ok: false, error: { code: 'internal', message: 'A later call of the same lane replaced this one.', retryable: true } };

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
    ipcMain.handle(method, (event: IpcMainInvokeEvent, input: unknown, lane?: unknown) => handle(method, event, input, lane));
  }

  /** Lanes per page (webContents): one page's calls never supersede another's. */
  const lanes = new Map<number, LaneGate>();

  async function handle(method: string, event: SenderEventLike, input: unknown, lane?: unknown): Promise<Result<unknown>> {
    const trusted = options.trusted();
    if (!trusted || !isTrustedSender(event, trusted)) {
      logger.warn('bridge call refused: not the app window', { method, url: event.senderFrame?.url ?? null });
      return { ok: false, error: { code: 'forbidden', message: 'Only the Quotedesk window may use the app bridge.', retryable: false } };
    }
    if (typeof lane !== 'string' || lane.length > MAX_LANE_LENGTH) return dispatcher.dispatch(method, input);
    let gate = lanes.get(event.sender.id);
    if (!gate) lanes.set(event.sender.id, (gate = createLaneGate()));
    const result = await gate.run(lane, () => dispatcher.dispatch(method, input));
    // The preload gave this call's caller the later call's answer: what goes back here is never read.
    return result === SUPERSEDED ? SUPERSEDED_ANSWER : result;
  }

  const stopEvents = options.hub.subscribe((event) => options.send(event.name, event.payload));

  return () => {
    stopEvents();
    for (const method of METHOD_NAMES) ipcMain.removeHandler(method);
  };
}

// Builds window.quotedesk (BridgeApi). Raw ipcRenderer is never exposed: the page gets one
// function per method and one subscribe function per event, each bound to its own channel
// (the contract's method or event name).
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { BridgeApi } from './contract/bridge/contract';
// Only the zod-free part of the contract: a sandboxed preload cannot require zod.
import { buildApi } from './contract/plain/api-builder';
import { createLaneJoiner } from './contract/plain/lanes';

// A call with a lane also names it to main, which skips a call a later one of its lane superseded.
const joinLane = createLaneJoiner();

const api = buildApi<BridgeApi>(
  (method, input, options) => {
    const lane = options?.lane;
    if (lane === undefined) return ipcRenderer.invoke(method, input);
    return joinLane(lane, () => ipcRenderer.invoke(method, input, lane));
  },
  (name, listener) => {
    // Only the payload reaches the page, never Electron's event object (it holds `sender`).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(name, forward);
    return () => {
      ipcRenderer.removeListener(name, forward);
    };
  },
);

contextBridge.exposeInMainWorld('quotedesk', api);

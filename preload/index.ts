// Builds window.quotedesk (BridgeApi). Raw ipcRenderer is never exposed: the page gets one
// function per method and one subscribe function per event, each bound to its own channel
// (the contract's method or event name).
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { BridgeApi, EventName, MethodName } from './contract/bridge/contract';
import { EVENT_FLAGS, METHOD_FLAGS } from './contract/bridge/names';

// Names from the zod-free list: importing the contract's values would pull zod into the
// preload, which a sandboxed preload cannot require.
const api: Record<string, Record<string, unknown>> = { events: {} };

for (const method of Object.keys(METHOD_FLAGS) as MethodName[]) {
  const dot = method.indexOf('.');
  (api[method.slice(0, dot)] ??= {})[method.slice(dot + 1)] = (input?: unknown) => ipcRenderer.invoke(method, input);
}

const events = api.events as Record<string, unknown>;
for (const name of Object.keys(EVENT_FLAGS) as EventName[]) {
  events[name] = (listener: (payload: unknown) => void) => {
    // Only the payload reaches the page, never Electron's event object (it holds `sender`).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(name, forward);
    return () => {
      ipcRenderer.removeListener(name, forward);
    };
  };
}

// The loops above produce BridgeApi's exact shape from the type-checked name lists.
contextBridge.exposeInMainWorld('quotedesk', api as unknown as BridgeApi);

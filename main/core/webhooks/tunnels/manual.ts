// Manual: the person runs their own tunnel to the local port and enters its public URL.
import { OriginListeners, parsePublicOrigin } from './tunnel';
import type { Tunnel } from './tunnel';

export interface ManualTunnel extends Tunnel {
  /** Sets (or clears, with null) the public URL; throws a clear error for one that cannot work. */
  setPublicUrl(url: string | null): void;
}

export function createManualTunnel(initialUrl: string | null = null): ManualTunnel {
  const origin = new OriginListeners();
  if (initialUrl !== null) origin.set(parsePublicOrigin(initialUrl));
  return {
    kind: 'manual',
    start: async () => undefined,
    publicOrigin: () => origin.get(),
    onChange: (listener) => origin.add(listener),
    setPublicUrl: (url) => origin.set(url === null ? null : parsePublicOrigin(url)),
    stop: async () => origin.set(null),
  };
}

/** None: no public URL at all; changes are found by polling (sync) alone. */
export function createNoTunnel(): Tunnel {
  return {
    kind: 'none',
    start: async () => undefined,
    publicOrigin: () => null,
    onChange: () => () => undefined,
    stop: async () => undefined,
  };
}

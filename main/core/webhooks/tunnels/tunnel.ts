// One interface for every way deliveries reach the local receiver.
import { saidError } from '../../errors';
import { m } from '../../../../i18n/paraglide/messages.js';

export type TunnelKind = 'manual' | 'cloudflared' | 'loopback-https' | 'none';

export interface Tunnel {
  readonly kind: TunnelKind;
  /** Starts the tunnel; resolves once it runs (a managed tunnel's first URL may come later). */
  start(): Promise<void>;
  /** The public https origin deliveries are sent to now, or null while there is none. */
  publicOrigin(): string | null;
  /** Told on every change of the public origin (null while the tunnel is down). Returns the unsubscribe. */
  onChange(listener: (origin: string | null) => void): () => void;
  stop(): Promise<void>;
}

/** The small listener set every provider shares. */
export class OriginListeners {
  private readonly listeners = new Set<(origin: string | null) => void>();
  private current: string | null = null;

  get(): string | null {
    return this.current;
  }

  set(origin: string | null): void {
    if (origin === this.current) return;
    this.current = origin;
    for (const listener of [...this.listeners]) listener(origin);
  }

  add(listener: (origin: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

/** A public origin a person typed: https only, no user info, query or fragment; the trailing slash dropped. Refuses with 'invalid-input' said in the language of the moment. */
export function parsePublicOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw saidError('invalid-input', m.core_webhook_public_url_not_url());
  }
  if (url.protocol !== 'https:') throw saidError('invalid-input', m.core_webhook_public_url_not_https());
  if (url.username || url.password) throw saidError('invalid-input', m.core_webhook_public_url_credentials());
  if (url.search || url.hash) throw saidError('invalid-input', m.core_webhook_public_url_query());
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

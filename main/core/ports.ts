// The seams between the pure-Node core and the runtime that hosts it. Each host
// (main/electron, main/web, the CLI, tests) supplies its own adapters.

/**
 * A data file that could not be read as it was (corrupt, truncated, empty, unreadable). The
 * store set it aside instead of overwriting it; the app tells the person what happened,
 * where the copy is and what to do.
 */
export interface DataFileProblem {
  /** Which file: 'settings', 'secrets', 'cache' (the offline quote cache, refilled by sync), 'receipts' (the local decision receipts), 'outbox' (decisions waiting to be sent) or 'snoozes' (the snoozed quotes). */
  file: 'settings' | 'secrets' | 'cache' | 'receipts' | 'outbox' | 'snoozes';
  /** The file's path. */
  path: string;
  /** Where the unreadable copy was kept, or null when it could not even be moved. */
  keptAt: string | null;
  /** What was wrong, in plain words. */
  reason: string;
}

/** Where secrets live: encrypted by the OS in Electron, an owner-only file elsewhere. */
export interface SecretStore {
  get(name: string): Promise<string | null>;
  /** Rejects with a clear error when the value could not be stored durably; the old value stays. */
  set(name: string, value: string): Promise<void>;
  /** Rejects when the removal could not be made durable: a failed removal never looks successful. */
  delete(name: string): Promise<void>;
  /** Every stored name, so a start-up sweep can remove secrets no account owns any more. */
  names(): Promise<string[]>;
  /** Files set aside since start because they could not be read. */
  problems(): DataFileProblem[];
  /** How well the secrets are protected, for the settings screen. */
  describe(): { backend: string; weak: boolean; message: string | null };
}

/** Plain (non-secret) settings. */
export interface SettingsStore {
  get<T>(key: string): T | undefined;
  /** Throws a clear error when the change could not be written durably; the old file stays. */
  set(key: string, value: unknown): void;
  delete(key: string): void;
  /** Files set aside since start because they could not be read. */
  problems(): DataFileProblem[];
}

export interface Notification {
  title: string;
  body: string;
  /** A quotedesk:// link the notification opens when clicked. */
  link?: string;
}
export interface Notifier {
  notify(notification: Notification): void;
}

export interface Opener {
  /** Opens a local file with the system's default application. */
  openPath(path: string): Promise<void>;
  /** Opens an https URL in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>;
}

export interface AppPaths {
  /** The per-user data folder: settings, caches, logs. */
  userData: string;
}

export interface Clock {
  /** Milliseconds since the epoch. Expiries are computed on this, never on timers alone. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export type LogFields = Record<string, unknown>;
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

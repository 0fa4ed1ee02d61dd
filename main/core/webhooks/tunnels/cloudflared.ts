// A managed cloudflared quick tunnel: spawned, its URL read from its output, restarted with
// backoff when it exits. A quick tunnel's URL changes on every start, so every start is a
// URL change the registration follows.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from '../../ports';
import { OriginListeners } from './tunnel';
import type { Tunnel } from './tunnel';

const QUICK_TUNNEL_URL = /https:\/\/[a-z0-9-]+\.trycloudflare\.com/i;

/** The cloudflared executable on this PATH, or null when there is none. */
export function findCloudflared(pathVariable = process.env.PATH ?? ''): string | null {
  const names = process.platform === 'win32' ? ['cloudflared.exe'] : ['cloudflared'];
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

export interface CloudflaredOptions {
  /** The cloudflared executable (findCloudflared()). */
  command: string;
  /** The local receiver's port. */
  localPort: number;
  logger: Logger;
  /** First wait before a restart; doubles up to maxBackoffMs. Default 1 s. */
  initialBackoffMs?: number;
  /** Default 60 s. */
  maxBackoffMs?: number;
  /** A run that lasted this long resets the backoff. Default 60 s. */
  stableAfterMs?: number;
  env?: NodeJS.ProcessEnv;
}

export interface CloudflaredTunnel extends Tunnel {
  /** How many times cloudflared was started. */
  readonly starts: number;
}

export function createCloudflaredTunnel(options: CloudflaredOptions): CloudflaredTunnel {
  const origin = new OriginListeners();
  const initial = options.initialBackoffMs ?? 1_000;
  const max = options.maxBackoffMs ?? 60_000;
  const stableAfter = options.stableAfterMs ?? 60_000;
  let backoff = initial;
  let child: ChildProcess | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let stopped = true;
  let starts = 0;

  function run(): void {
    if (stopped) return;
    starts += 1;
    const startedAt = Date.now();
    const proc = spawn(options.command, ['tunnel', '--no-autoupdate', '--url', `http://127.0.0.1:${options.localPort}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      windowsHide: true,
    });
    child = proc;
    // cloudflared prints its banner (with the URL) on stderr; read both to be safe.
    for (const stream of [proc.stdout, proc.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        const url = QUICK_TUNNEL_URL.exec(line)?.[0];
        if (url && child === proc) origin.set(url.toLowerCase());
      });
    }
    proc.once('error', (error) => options.logger.warn('cloudflared could not be started', { error: error.message }));
    proc.once('close', (code, signal) => {
      if (child !== proc) return;
      child = null;
      origin.set(null);
      if (stopped) return;
      if (Date.now() - startedAt >= stableAfter) backoff = initial;
      options.logger.warn('cloudflared exited; restarting', { code, signal, inMs: backoff });
      restartTimer = setTimeout(() => {
        restartTimer = null;
        run();
      }, backoff);
      backoff = Math.min(max, backoff * 2);
    });
  }

  return {
    kind: 'cloudflared',
    get starts() {
      return starts;
    },
    start: async () => {
      if (!stopped) return;
      stopped = false;
      backoff = initial;
      run();
    },
    publicOrigin: () => origin.get(),
    onChange: (listener) => origin.add(listener),
    stop: async () => {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = null;
      const proc = child;
      child = null;
      origin.set(null);
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const closed = new Promise<void>((resolve) => proc.once('close', () => resolve()));
        proc.kill('SIGTERM');
        const forced = setTimeout(() => proc.kill('SIGKILL'), 3_000);
        await closed;
        clearTimeout(forced);
      }
    },
  };
}

// A real nats-server with JetStream for the relay tests: started on a free loopback port with a
// temporary store folder, stopped (and its folder removed) after. Debian's package puts it at
// /usr/sbin/nats-server; .ci/run installs it when missing.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_SERVER_BIN = process.env.QUOTEDESK_NATS_SERVER ?? '/usr/sbin/nats-server';

/** Why the relay tests cannot run here, or null when they can. */
export function natsServerMissing(): string | null {
  return existsSync(NATS_SERVER_BIN) ? null : `${NATS_SERVER_BIN} is missing (apt-get install -y nats-server; .ci/run installs it): the relay tests need a real NATS server`;
}

export interface NatsServer {
  readonly url: string;
  readonly port: number;
  readonly storeDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s); the store folder stays for a restart. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store (what was stored is still there). */
  restart(): Promise<void>;
  /** Stops it and removes its folders. */
  dispose(): Promise<void>;
}

export interface NatsServerOptions {
  /** A configuration file's text (users, permissions, cluster); `port`, `host`, `jetstream` are added. */
  config?: string;
  /** The loopback address to listen on (default 127.0.0.1; all of 127.0.0.0/8 is this computer on Linux). */
  host?: string;
  /** Whether JetStream runs (default true; a test of the core protocol alone does without). */
  jetstream?: boolean;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  const missing = natsServerMissing();
  if (missing) throw new Error(missing);
  const root = mkdtempSync(join(tmpdir(), 'qd-nats-'));
  const storeDir = join(root, 'store');
  const host = options.host ?? '127.0.0.1';
  const port = await freePort(host);
  const configPath = join(root, 'server.conf');
  const jetstream = options.jetstream === false ? '' : `jetstream { store_dir: ${JSON.stringify(storeDir)} }\n`;
  writeFileSync(configPath, `host: ${host}\nport: ${port}\n${jetstream}${options.config ?? ''}\n`);
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const started = spawn(NATS_SERVER_BIN, ['-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`nats-server did not start within 10 s:\n${output}`)), 10_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        started.kill('SIGKILL');
        reject(error);
      };
      started.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server is ready')) {
          clearTimeout(timer);
          started.stderr?.removeAllListeners('data');
          started.stderr?.resume();
          resolve();
        }
      });
      started.once('exit', (code) => fail(new Error(`nats-server exited (${code}):\n${output}`)));
      started.once('error', fail);
    });
  }

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => running.kill('SIGKILL'), 5_000);
      running.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      running.kill('SIGTERM');
    });
  }

  await start();
  return {
    url: `nats://${host}:${port}`,
    port,
    storeDir,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    dispose: async () => {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

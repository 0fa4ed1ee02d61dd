import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY = /Quotedesk \(browser mode\) is running at (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/;

export interface WebHostProcess {
  url: string;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the host has stopped. */
  stop(): Promise<number | null>;
}

/** Runs `tsx main/web/main.ts` as `npm run web` would (after the build), on a random port and a fresh data dir. */
export async function startWebHostProcess(extraArgs: string[] = []): Promise<WebHostProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-'));
  // tsx's CLI directly (npx does not pass SIGTERM on), so stop() reaches the host.
  const child = spawn(process.execPath, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'main/web/main.ts', '--port', '0', '--data-dir', dataDir, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, QUOTEDESK_WEB_PORT: '' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The web host did not start within 30 s:\n${output}`)), 30_000);
    const check = () => {
      const match = READY.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The web host exited (${code}) before it was ready:\n${output}`));
    });
  });

  return {
    url,
    output: () => output,
    stop: async () => {
      const code = await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

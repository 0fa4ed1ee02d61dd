// The quotedesk command in a child process (bin/quotedesk.js), for the kill -9 tests.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../../../bin/quotedesk.js', import.meta.url));

export interface Child {
  readonly process: ChildProcess;
  lines(): string[];
  stderr(): string;
  waitFor(check: (lines: string[], stderr: string) => boolean, timeoutMs?: number): Promise<void>;
  /** SIGKILL: no handler runs, nothing is flushed or acknowledged on the way out. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

export function startChild(args: string[]): Child {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  // 'close', not 'exit': after a kill, what the child printed may still be in the pipe when 'exit' fires.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines = () => out.split('\n').filter((line) => line !== '');
  return {
    process: child,
    lines,
    stderr: () => err,
    waitFor: async (check, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (!check(lines(), err)) {
        if (child.exitCode !== null) throw new Error(`quotedesk ${args[0]} exited (${child.exitCode}):\n${err}`);
        if (Date.now() > until) throw new Error(`timed out waiting for quotedesk ${args[0]}; ${lines().length} lines so far; stderr:\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNDO_SECONDS_KEY } from '../../main/core/decisions/bridge';
import { createJsonSettingsStore } from '../../main/core/settings-and-secrets';

const READY = /Quotedesk \(browser mode\) is running at (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/;
// A host starts in 2 to 5 s; on a shared 2-core machine busy with other work it took over 30 s.
const START_TIMEOUT_MS = 90_000;

export interface WebHostProcess {
  url: string;
  dataDir: string;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the host has stopped. Safe to call twice. */
  stop(): Promise<number | null>;
}

export interface WebHostOptions {
  /**
   * Use this data dir (e.g. to restart on the same settings); the caller owns it and
   * removes it. Without it the host gets a fresh temp dir that stop() removes.
   */
  dataDir?: string;
  /**
   * The decisions' undo window for this host. Unless given, a folder that has none set gets 0:
   * specs about something else see each decision sent at once instead of after 5 s.
   */
  undoSeconds?: number;
}

/** Runs main/web/main.ts through tsx as `npm run web` does (after the build), on a random port. */
export async function startWebHostProcess(extraArgs: string[] = [], options: WebHostOptions = {}): Promise<WebHostProcess> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'quotedesk-e2e-')));
  const removeOwnDataDir = () => (ownsDataDir ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve());

  const settings = createJsonSettingsStore({ folder: dataDir });
  if (options.undoSeconds !== undefined || settings.get(UNDO_SECONDS_KEY) === undefined) settings.set(UNDO_SECONDS_KEY, options.undoSeconds ?? 0);

  let started: TsxProcess;
  try {
    started = await startTsxProcess('the web host', ['main/web/main.ts', '--port', '0', '--data-dir', dataDir, ...extraArgs], READY);
  } catch (error) {
    await removeOwnDataDir();
    throw error;
  }
  const url = started.match[1] ?? '';
  return {
    url,
    dataDir,
    output: started.output,
    stop: async () => {
      const code = await started.stop();
      await removeOwnDataDir();
      return code;
    },
  };
}

export interface TsxProcess {
  /** The match of the ready pattern in the process's stdout. */
  match: RegExpExecArray;
  output(): string;
  /** SIGTERM (SIGKILL after 10 s); resolves with the exit code. Safe to call twice. */
  stop(): Promise<number | null>;
}

/**
 * Spawns `tsx <args>` and resolves once stdout matches `ready`. A process that exits
 * first, or does not get ready in time, rejects with its output and is not left running.
 */
export function startTsxProcess(label: string, args: string[], ready: RegExp): Promise<TsxProcess> {
  // Node with tsx as a loader, one process: SIGTERM reaches our handler itself. Through
  // tsx's CLI (a parent relaying signals) a child that does not confirm a relayed signal
  // within 30 ms, as happens on a loaded machine, is SIGKILLed and exits 143.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, QUOTEDESK_WEB_PORT: '' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping: Promise<number | null> | null = null;
  const stop = () => (stopping ??= stopChild(child));

  return new Promise<TsxProcess>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      void stop().then(() => reject(new Error(`${message}:\n${output}`)));
    };
    const timer = setTimeout(() => fail(`${label} did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const onEarlyExit = (code: number | null) => fail(`${label} exited (${code}) before it was ready`);
    function check() {
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onEarlyExit);
      resolve({ match, output: () => output, stop });
    }
    child.stdout?.on('data', check);
    child.once('exit', onEarlyExit);
  });
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

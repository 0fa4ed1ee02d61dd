// Runs `quotedesk relay` / `quotedesk listen --relay` in this process, capturing what they print.
import { runCli } from '../../../../../main/cli';

export interface RunningCommand {
  stdout(): string;
  stderr(): string;
  lines(): string[];
  /** Resolves with the exit code once stopped (or exited by itself). */
  readonly exited: Promise<number>;
  stop(): Promise<number>;
  /** Waits until stdout (or stderr) matches. */
  waitFor(check: (stdout: string, stderr: string) => boolean, timeoutMs?: number): Promise<void>;
}

export function runCommand(argv: string[], env: Record<string, string> = {}): RunningCommand {
  let stdout = '';
  let stderr = '';
  const controller = new AbortController();
  const exited = runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    cwd: process.cwd(),
    signal: controller.signal,
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    lines: () => stdout.split('\n').filter((line) => line !== ''),
    exited,
    stop: () => {
      controller.abort();
      return exited;
    },
    waitFor: async (check, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      let done = false;
      void exited.then(() => (done = true));
      while (!check(stdout, stderr)) {
        if (done) throw new Error(`the command exited first:\n${stdout}\n${stderr}`);
        if (Date.now() > until) throw new Error(`timed out waiting; output so far:\n${stdout}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

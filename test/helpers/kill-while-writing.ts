// A writer process killed at a random moment after its first write: the crash-safety tests of
// the data files run it again and again, then read what it left.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Starts `writer` (a TypeScript file printing the count of each write it finished, one per
 * line) on `folder`, kills it with SIGKILL within `killWithinMs` of its first report, and
 * resolves with the last count it reported.
 */
export function runAndKill(writer: string, folder: string, killWithinMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, folder], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let reported = 0;
    let pending = '';
    let errors = '';
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) reported = Math.max(reported, Number(line));
      if (!armed && reported > 0) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * killWithinMs));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(reported) : reject(new Error(`the writer stopped by itself: ${errors}`))));
  });
}

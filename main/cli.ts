// quotedesk: a headless command line over the same core as the app, for scripting and
// support. No Electron, no simulator: it talks to whatever service --base-url names.
// This file is the entry (bin/quotedesk.js imports it); the parts live in main/cli/.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from './cli/run';

export { runCli } from './cli/run';
export type { CliIo } from './cli/run';
export { EXIT_CODES } from './cli/exit-codes';
export { helpText } from './cli/help';
export { parseTimeout } from './cli/options';

// `tsx main/cli.ts ...` (npm run cli) runs it directly.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), stdin: process.stdin });
  process.exitCode = code;
}

#!/usr/bin/env node
// The quotedesk command: runs the TypeScript CLI through tsx's ESM loader, so no build is needed.
import { register } from 'tsx/esm/api';

const unregister = register();
try {
  const { runCli } = await import(new URL('../main/cli.ts', import.meta.url).href);
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
  });
} finally {
  await unregister();
}

#!/usr/bin/env node
// `npm start`: build, then launch the desktop app. Electron's npm package fetches its binary
// from the internet on first launch; where that cannot happen, say so in plain words and
// point at browser mode instead of ending in a stack trace.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlan } from './start-plan.mjs';

const require = createRequire(import.meta.url);
const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

let electronBinary;
try {
  electronBinary = require('electron');
} catch {
  electronBinary = null;
}
const plan = startPlan({
  nodePath: process.execPath,
  electronVite: join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js'),
  electronBinary: electronBinary ?? '',
  appDir,
  args: process.argv.slice(2),
});

const build = spawnSync(plan.build.command, plan.build.args, { stdio: 'inherit', shell: plan.build.shell, cwd: appDir });
if (build.error) console.error(`\nThe build could not be started: ${build.error.message}`);
if (build.status !== 0) process.exit(build.status ?? 1);

if (!electronBinary) {
  console.error(
    '\nQuotedesk could not start its desktop window: the Electron runtime is not on this machine ' +
      'and could not be downloaded (Electron fetches its binary from the internet the first time ' +
      'the app starts, and that download failed: see the line above). Nothing was changed and no data was touched. ' +
      'Run `npm run web` to use the same app, in your browser; ' +
      'or run `npm start` again once this machine can reach the internet.\n',
  );
  process.exit(1);
}

const child = spawn(plan.launch.command, plan.launch.args, { stdio: 'inherit', shell: plan.launch.shell, cwd: appDir });
child.on('error', (error) => {
  console.error(`\nThe desktop app could not be started: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

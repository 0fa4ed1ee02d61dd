#!/usr/bin/env node
// `npm start`: build, then launch the desktop app. Electron's npm package fetches its binary
// from the internet on first launch; where that cannot happen, say so in plain words and
// point at browser mode instead of ending in a stack trace.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const build = spawnSync(npx, ['electron-vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let electronPath;
try {
  electronPath = require('electron');
} catch {
  console.error(
    '\nQuotedesk could not start its desktop window: the Electron runtime is not on this machine ' +
      'and could not be downloaded (Electron fetches its binary from the internet the first time ' +
      'the app starts, and that download failed: see the line above). Nothing was changed and no data was touched. ' +
      'Run `npm run web` to use the same app, in your browser; ' +
      'or run `npm start` again once this machine can reach the internet.\n',
  );
  process.exit(1);
}

const child = spawn(electronPath, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

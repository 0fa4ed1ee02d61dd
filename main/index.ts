// The Electron main process: the composition lives in main/electron/main-process.ts, where
// the unit tests run it under a stand-in of Electron on each platform.
import { fileURLToPath } from 'node:url';
import { runDesktopApp } from './electron/main-process';

runDesktopApp(
  {
    platform: process.platform,
    argv: process.argv,
    env: process.env,
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    resourcesPath: process.resourcesPath,
  },
  {
    preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
    rendererDir: fileURLToPath(new URL('../renderer/', import.meta.url)),
  },
);

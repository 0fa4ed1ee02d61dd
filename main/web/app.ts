import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { createCore } from '../core/core';
import { createFileLogger, registerSecret } from '../core/log';
import { createFileSecretStore, createJsonSettingsStore } from '../core/settings-and-secrets';
import { systemClock } from '../core/ports';
import { lockDataFolder, prepareDataFolder } from '../core/data-files';
import type { Simulator } from '../simulator';
import { startDemo } from '../simulator/demo';
import { createDownloadRoute } from './downloads';
import { startWebHost } from './server';
import { createTestClock, createTestClockRoute } from './test-clock';
import { withPageLanguage } from '../core/hosting/page-language';
import { posixToBcp47 } from '../../i18n/locale';

export interface WebAppOptions {
  dataDir: string;
  staticDir: string;
  port: number;
  /** Demo accounts even when real ones are configured. */
  forceDemo: boolean;
  /** Called once the demo's embedded service is up (tests act as its operator with the admin key). */
  onDemoService?: (service: Simulator['credentials']) => Promise<void>;
  /** Test-only (`--test-clock`): the core runs on a clock the e2e tests set through the web host. */
  testClock?: boolean;
}

export interface WebApp {
  url: string;
  demo: boolean;
  /** Accounts the user configured (demo ones not counted). */
  realAccounts: number;
  close(): Promise<void>;
}

/** Browser mode's composition root: Node adapters -> core -> demo mode -> web host. */
export async function launchWebApp(options: WebAppOptions): Promise<WebApp> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  // Before anything is read or written: a second process on the folder would overwrite this one's changes.
  const lock = lockDataFolder(options.dataDir, { kind: 'web' });
  const logger = createFileLogger(join(options.dataDir, 'logs', 'quotedesk-web.log'));
  if (lock.replaced) logger.warn('took over the data folder from a process that is gone', { pid: lock.replaced.pid, kind: lock.replaced.kind });
  prepareDataFolder(options.dataDir, logger);
  const downloads = createDownloadRoute();
  const testClock = options.testClock ? createTestClock() : null;
  const core = createCore({
    settings: createJsonSettingsStore({ folder: options.dataDir, logger }),
    secrets: createFileSecretStore({ path: join(options.dataDir, 'secrets.json'), logger }),
    clock: testClock ?? systemClock,
    logger,
    host: 'web',
    version: packageJson.version,
    // The offline cache lives in <dataDir>/cache; the periodic sync pass keeps it fresh.
    paths: { userData: options.dataDir },
    // A PDF reaches the page as a one-time download from the web host.
    deliverPdf: downloads.deliver,
    // An export too: the page fetches it once and saves it where the person picks.
    deliverExport: downloads.deliverExport,
    // Main speaks QUOTEDESK_LANG, else the stored choice, else this computer's LANG; the page
    // resolves "system" from the browser's own languages and tells main.
    language: { systemLanguages: () => systemLanguages(process.env), env: process.env },
  });
  try {
    const demo = await core.startDemoIfNoAccounts(async () => {
      const started = await startDemo();
      try {
        await options.onDemoService?.(started.simulator.credentials);
      } catch (error) {
        await started.simulator.close();
        throw error;
      }
      return started;
    }, { force: options.forceDemo });
    const page = (html: string) => withPageLanguage(html, { ...core.language.state(), resolvesSystem: 'browser' });
    const host = await startWebHost({ staticDir: options.staticDir, port: options.port, dispatcher: core.dispatcher, hub: core.hub, logger, downloads, page, ...(testClock ? { testClock: (token: () => string) => createTestClockRoute(testClock, token) } : {}) });
    registerSecret(logger, host.token);
    // A second `npm run web` on this folder hands over to this one by printing this address.
    lock.setUrl(host.url);
    const realAccounts = (await core.accounts.list()).filter((account) => !account.demo).length;
    return {
      url: host.url,
      demo,
      realAccounts,
      close: async () => {
        await host.close();
        await core.close();
        await logger.close();
        lock.release();
      },
    };
  } catch (error) {
    await core.close();
    await logger.close();
    lock.release();
    throw error;
  }
}

/** The POSIX locale variables as BCP 47 tags, the one that wins first. */
function systemLanguages(env: NodeJS.ProcessEnv): string[] {
  return [env.LC_ALL, env.LC_MESSAGES, env.LANG].map(posixToBcp47).filter((tag): tag is string => tag !== undefined);
}

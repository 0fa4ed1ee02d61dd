// `npm run web`: the app in a browser, served from 127.0.0.1.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataFolderBusyError } from '../core/data-files';
import { writeCredentialsFile } from '../simulator/credentials-file';
import { launchWebApp } from './app';
import { parseWebFlags, usage } from './flags';
import { busyFolderNotice, demoNotice } from './startup-notice';
import type { WebFlags } from './flags';
import { errorText } from '../core/errors';

const context = { env: process.env, platform: process.platform, home: homedir() };

async function main(): Promise<void> {
  let flags: WebFlags | 'help';
  try {
    flags = parseWebFlags(process.argv.slice(2), context);
  } catch (error) {
    process.stderr.write(`${errorText(error)}\n\n${usage(context)}\n`);
    process.exit(2);
  }
  if (flags === 'help') {
    process.stdout.write(`${usage(context)}\n`);
    return;
  }

  const staticDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
  if (!existsSync(join(staticDir, 'index.html'))) {
    process.stderr.write(`The renderer is not built (${staticDir} has no index.html). Run "npm run build" first, or use "npm run web".\n`);
    process.exit(1);
  }

  const credentialsOut = flags.demoCredentialsOut;
  let app: Awaited<ReturnType<typeof launchWebApp>>;
  try {
    app = await launchWebApp({
      dataDir: flags.dataDir,
      staticDir,
      port: flags.port,
      forceDemo: flags.demo,
      testClock: flags.testClock,
      ...(credentialsOut ? { onDemoService: (service) => writeCredentialsFile(credentialsOut, service) } : {}),
    });
  } catch (error) {
    if (!(error instanceof DataFolderBusyError)) throw error;
    const notice = busyFolderNotice(error.holder, error.message);
    process[notice.stream].write(`${notice.text}\n`);
    process.exit(notice.exitCode);
  }
  process.stdout.write(`Quotedesk (browser mode) is running at ${app.url}\n`);
  const notice = demoNotice(app);
  if (notice) process.stdout.write(`${notice}\n`);
  if (flags.testClock) process.stdout.write('Test clock: POST /__test/clock moves this host\'s time (for tests only)\n');
  if (credentialsOut && app.demo) process.stdout.write(`Demo service credentials (admin key) written to ${credentialsOut}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping after ${signal} failed: ${errorText(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Quotedesk (browser mode) could not start: ${errorText(error)}\n`);
  process.exit(1);
});

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir';

export interface WebFlags {
  port: number;
  dataDir: string;
  demo: boolean;
  /** Test-only: where to write the demo service's {baseUrl, adminApiKey} (mode 0600), so e2e tests can act as its operator. */
  demoCredentialsOut: string | null;
  /** Test-only: the core's clock and time zone are set through POST /__test/clock (see test-clock.ts). */
  testClock: boolean;
}

export interface FlagContext {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: string;
}

export function usage(context: FlagContext): string {
  return `Usage: npm run web -- [--port N] [--data-dir DIR] [--demo] [--demo-credentials-out FILE] [--test-clock]

  --port N          port on 127.0.0.1 (default 0: a free port; also QUOTEDESK_WEB_PORT)
  --data-dir DIR    where settings, credentials and logs live
                    (default: ${defaultDataDir(context.platform, context.env, context.home)})
  --demo            use the built-in Quoting Service with sample data even when accounts exist
  --demo-credentials-out FILE
                    for tests: write the demo service's address and admin key
                    to FILE (readable by you only)
  --test-clock      for tests: let them set this host's time and time zone
  --help            show this help`;
}

/** Parses `npm run web` flags; throws an Error with a message fit for the terminal on bad input. */
export function parseWebFlags(argv: string[], context: FlagContext): WebFlags | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      'demo-credentials-out': { type: 'string' },
      'test-clock': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const portText = values.port ?? (context.env.QUOTEDESK_WEB_PORT || '0');
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535 (got "${portText}")`);
  }
  const credentialsOut = values['demo-credentials-out'];
  if (credentialsOut === '') throw new Error('--demo-credentials-out needs a file name');
  return {
    ...(credentialsOut === undefined ? {} : { demoCredentialsOut: resolve(credentialsOut) }),
    port: Number(portText),
    dataDir: resolve(values['data-dir'] ?? defaultDataDir(context.platform, context.env, context.home)),
    demo: values.demo,
    demoCredentialsOut: values['demo-credentials-out'] ? resolve(values['demo-credentials-out']) : null,
    testClock: values['test-clock'],
  };
}

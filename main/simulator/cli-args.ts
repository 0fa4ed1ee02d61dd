// The simulator CLI's flags, parsed strictly: anything unexpected is a clear error.
import { parseArgs } from 'node:util';
import { QUOTES_MAX, QUOTES_MIN } from './seed/generate';

export const USAGE = 'usage: npm run sim -- [--port N] [--seed N] [--quotes N] [--credentials-out FILE]';
export const DEFAULT_CLI_PORT = 4010;

export interface CliOptions {
  help: boolean;
  port: number;
  seed: number;
  quotes: number;
  credentialsOut: string | undefined;
}

/** Throws an Error with a message fit for the console when the flags are wrong. */
export function parseCli(argv: string[], defaults: { seed: number; quotes: number }): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: String(DEFAULT_CLI_PORT) },
      seed: { type: 'string', default: String(defaults.seed) },
      quotes: { type: 'string', default: String(defaults.quotes) },
      'credentials-out': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values['credentials-out'] === '') throw new Error('--credentials-out needs a file name');
  return {
    help: values.help,
    port: integer('--port', values.port, 0, 65535),
    seed: integer('--seed', values.seed, 0, 2 ** 32 - 1),
    quotes: integer('--quotes', values.quotes, QUOTES_MIN, QUOTES_MAX),
    credentialsOut: values['credentials-out'],
  };
}

function integer(flag: string, value: string, min: number, max: number): number {
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) throw new Error(`${flag} must be an integer from ${min} to ${max}, got "${value}"`);
  return parsed;
}

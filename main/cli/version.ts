import { readFileSync } from 'node:fs';

/** The version in package.json, which ships beside main/ (bin/quotedesk.js runs from the package). */
export function cliVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const version = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === 'string' ? version : 'unknown';
}

// Every command's command-line refusals speak the CLI's language: what node:util's parseArgs
// refuses (an unknown option, a missing or unwanted value) and what the core refuses when the
// CLI hands it a value (--public-url, --forward-to, relay names). English keeps Node's words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../main/cli/run';

const LRI = '\u2066';
const PDI = '\u2069';
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the whole CLI as a terminal in `lang` would (LANG), in an empty data folder; answers its exit code and stderr. */
async function cliIn(lang: string, args: string[]): Promise<{ code: number; err: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'qd-cli-parse-'));
  folders.push(cwd);
  let err = '';
  const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) }, env: { LANG: lang, HOME: cwd, XDG_DATA_HOME: cwd }, cwd, signal: AbortSignal.timeout(10_000) };
  const code = await runCli(args, io);
  return { code, err };
}

describe('parseArgs’ refusals in the CLI’s language, in every command', () => {
  it('says an unknown option to quotedesk outbox in German and in Arabic, the option left to right', async () => {
    const german = await cliIn('de_DE.UTF-8', ['outbox', '--nope']);
    expect(german.code).toBe(2);
    expect(german.err).toContain("Unbekannte Option '--nope'");
    expect(german.err).not.toMatch(/Unknown option|positional argument/);
    const arabic = await cliIn('ar', ['outbox', '--nope']);
    expect(arabic.code).toBe(2);
    expect(arabic.err).toContain(`خيار غير معروف '${LRI}--nope${PDI}'`);
    expect(arabic.err).not.toMatch(/Unknown option|positional argument/);
  });

  it('says a missing value to quotedesk listen in Arabic, and an unwanted one in German', async () => {
    const arabic = await cliIn('ar', ['listen', '--public-url']);
    expect(arabic.code).toBe(2);
    expect(arabic.err).toContain(`قيمة الخيار '${LRI}--public-url${PDI}' مفقودة`);
    expect(arabic.err).not.toMatch(/argument missing/);
    const german = await cliIn('de_DE.UTF-8', ['listen', '--json=yes']);
    expect(german.code).toBe(2);
    expect(german.err).toContain("Die Option '--json' nimmt keinen Wert an");
    expect(german.err).not.toMatch(/does not take an argument/);
  });

  it('says an ambiguous value to quotedesk list in German', async () => {
    const { code, err } = await cliIn('de_DE.UTF-8', ['list', '--status', '--json']);
    expect(code).toBe(2);
    expect(err).toContain("Der Wert der Option '--status' ist mehrdeutig.");
    expect(err).not.toMatch(/ambiguous/);
  });

  it('keeps Node’s own words in English', async () => {
    const { code, err } = await cliIn('C', ['outbox', '--nope']);
    expect(code).toBe(2);
    expect(err).toContain(`Unknown option '--nope'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--nope"`);
  });
});

describe('the core’s refusals of what the CLI hands it, in the CLI’s language', () => {
  it('refuses an http --public-url and --forward-to of quotedesk listen in German', async () => {
    const url = await cliIn('de_DE.UTF-8', ['listen', '--public-url', 'http://hooks.example.com']);
    expect(url.code).toBe(2);
    expect(url.err).toContain('--public-url: Die öffentliche Adresse muss mit https:// beginnen');
    expect(url.err).not.toContain('must start with');
    const forward = await cliIn('de_DE.UTF-8', ['listen', '--account', 'Acme', '--forward-to', 'http://example.com/hook']);
    expect(forward.code).toBe(2);
    expect(forward.err).toContain('--forward-to muss eine https://-URL sein');
    expect(forward.err).not.toContain('must be an https');
  });

  it('refuses a bad --consumer and --stream of quotedesk listen --relay in Arabic', async () => {
    const consumer = await cliIn('ar', ['listen', '--relay', 'nats://127.0.0.1:1', '--consumer', 'a b']);
    expect(consumer.code).toBe(2);
    expect(consumer.err).toContain(`${LRI}--consumer${PDI}: يتكون اسم المستهلك`);
    expect(consumer.err).not.toMatch(/consumer name has/);
    const stream = await cliIn('ar', ['relay', '--port', '0', '--nats', 'nats://127.0.0.1:1', '--stream', 'a.b']);
    expect(stream.code).toBe(2);
    expect(stream.err).toContain(`${LRI}--stream${PDI}: يتكون اسم التدفق`);
    expect(stream.err).not.toMatch(/stream name has/);
  });
});

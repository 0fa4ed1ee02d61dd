// The CLI speaks the language of --lang, else of LC_ALL, LC_MESSAGES and LANG (in that order),
// one run at a time: runs in one process never borrow each other's language. --json stays codes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../main/cli';
import { displayWidth } from '../../../main/cli/display-width';
import { runCliCapturing } from '../../helpers/cli-run';
import { createFakeClock } from '../../helpers/fake-clock';
import { startFakeService } from '../../helpers/fake-service';
import type { FakeService } from '../../helpers/fake-service';
import { STANDARD_PRINCIPALS, standardQuotes } from '../../helpers/service-fixtures';

let service: FakeService;
let dir: string;

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  dir = await mkdtemp(join(tmpdir(), 'qd-cli-lang-'));
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
  return runCliCapturing(argv, service.baseUrl, env, { cwd: dir, clock: createFakeClock(), timeouts: { bodyTotalMs: 300 } });
}

const LRI = '\u2066';
const PDI = '\u2069';

describe('the CLI in six languages', () => {
  it('lists in German with --lang de, whatever LANG says', async () => {
    const { code, stdout } = await run(['list', '--lang', 'de', '--limit', '2'], { LANG: 'fr_FR.UTF-8' });
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^ID\s+NUMMER\s+STATUS\s+PROJEKT\s+FIRMA\s+GESAMT\s+GÜLTIG BIS$/);
    expect(stdout).toMatch(/Seite 1 von \d+ \(\d+ Angebote\)\n$/);
    expect(stdout).not.toMatch(/NUMBER|Page|quotes/);
  });

  it('speaks Arabic under LANG=ar_EG.UTF-8, numbers isolated left to right', async () => {
    const { code, stdout } = await run(['list', '--limit', '2'], { LANG: 'ar_EG.UTF-8' });
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^المعرّف\s+الرقم\s+الحالة/);
    expect(stdout).toMatch(new RegExp(`الصفحة ${LRI}1${PDI} من ${LRI}\\d+${PDI}`));
    expect(stdout).not.toMatch(/Page|quotes/);
  });

  it('lets LC_ALL beat LC_MESSAGES and LANG, and LC_MESSAGES beat LANG', async () => {
    expect((await run(['list', '--limit', '1'], { LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'es_ES.UTF-8', LANG: 'de_DE.UTF-8' })).stdout).toMatch(/Page 1 sur/);
    expect((await run(['list', '--limit', '1'], { LC_MESSAGES: 'es_ES.UTF-8', LANG: 'de_DE.UTF-8' })).stdout).toMatch(/Página 1 de/);
    expect((await run(['list', '--limit', '1'], { LC_ALL: 'C', LANG: 'de_DE.UTF-8' })).stdout).toMatch(/Page 1 of/);
    expect((await run(['list', '--limit', '1'], { LANG: 'de_AT.UTF-8' })).stdout).toMatch(/Seite 1 von/);
  });

  it('refuses an unknown --lang as a usage error naming the languages it knows', async () => {
    const unknown = await run(['list', '--lang', 'xx']);
    expect(unknown.code).toBe(EXIT_CODES.usage);
    expect(unknown.stderr).toContain('unknown language "xx" for --lang; one of en, de, fr, es, ja, ar');
    expect(service.requests).toHaveLength(0);
    const german = await run(['list', '--lang=tlh', '--json'], { LANG: 'de_DE.UTF-8' });
    expect(german.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(german.stderr)).toMatchObject({ error: { code: 'usage', message: 'unbekannte Sprache "tlh" für --lang; möglich sind en, de, fr, es, ja, ar' } });
    expect((await run(['list', '--lang'])).code).toBe(EXIT_CODES.usage);
  });

  it('prints the help in Japanese', async () => {
    const { code, stdout } = await run(['--help', '--lang', 'ja']);
    expect(code).toBe(0);
    expect(stdout).toContain('使い方:');
    expect(stdout).toMatch(/終了コード:\n {3}0 正常\n/);
    expect(stdout).toContain('--lang TAG');
    expect(stdout).not.toMatch(/Usage:|Exit codes:/);
  });

  it('explains a usage error in the chosen language, with the same exit code', async () => {
    const { code, stderr } = await run(['show', 'Q-2024-0001', '--lang', 'es']);
    expect(code).toBe(EXIT_CODES.usage);
    expect(stderr).toMatch(/^quotedesk: "Q-2024-0001" no es un ID de presupuesto/);
    expect(stderr).toContain('Ejecute "quotedesk --help" para ver el uso.');
    expect(stderr).not.toMatch(/is not a quote ID|for usage/);
  });

  it('speaks the chosen language in team commands too', async () => {
    const { code, stderr } = await run(['team', 'membrs', '--lang', 'de', '--data-dir', dir]);
    expect(code).toBe(EXIT_CODES.usage);
    expect(stderr).toContain('unbekannter team-Befehl "membrs"; meinten Sie "members"?');
    expect((await run(['team', '--help', '--lang', 'fr'])).stdout).toMatch(/^quotedesk team\u00a0: attribuer, discuter et approuver des devis/);
  });

  it('keeps --json the same in every language', async () => {
    const english = await run(['list', '--limit', '3', '--json']);
    const arabic = await run(['list', '--limit', '3', '--json', '--lang', 'ar']);
    expect(arabic.stdout).toBe(english.stdout);
  });

  it('gives each of several runs in one process its own language', async () => {
    const runs = await Promise.all(['de', 'fr', 'ja', 'en', 'es'].map((lang) => run(['list', '--limit', '1', '--lang', lang])));
    expect(runs.map((result) => result.stdout.trimEnd().split('\n').at(-1)!.split(' ')[0])).toEqual(['Seite', 'Page', expect.stringMatching(/^1\/\d+$/), 'Page', 'Página']);
    expect(runs[1]!.stdout).toMatch(/Page 1 sur/);
    expect(runs[3]!.stdout).toMatch(/Page 1 of/);
  });

  it('lines up Japanese headings by terminal columns', async () => {
    const { stdout } = await run(['list', '--limit', '2', '--lang', 'ja']);
    const [header, first] = stdout.split('\n');
    expect(header).toMatch(/^ID\s+番号\s+ステータス/);
    // The third column starts at the same terminal column in the heading and in the first row.
    const status = first!.split(/(?<=\S) {2,}/)[2]!;
    expect(displayWidth(header!.slice(0, header!.indexOf('ステータス')))).toBe(displayWidth(first!.slice(0, first!.indexOf(status))));
  });
});

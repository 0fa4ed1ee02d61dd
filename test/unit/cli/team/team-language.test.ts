// quotedesk team speaks the CLI's language in what a person reads: its usage errors, the sync
// summary, the entries it did not apply and the folder on no team; --json keeps its English reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '@nats-io/nkeys';
import { afterAll, describe, expect, it } from 'vitest';
import type { Done, FlushOutcome } from '../../../../main/core/team';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets';
import { noteKey, TEAM_KEY } from '../../../../main/core/team/keys';
import { RevisionLog } from '../../../../main/core/team/revisions';
import { signEntry } from '../../../../main/core/team/signing';
import { foldState } from '../../../../main/core/team/state';
import type { DataFolder } from '../../../../main/cli/data-folder';
import { inLocale } from '../../../../main/cli/locale';
import { UsageError } from '../../../../main/cli/options';
import { parseTeamArgs } from '../../../../main/cli/team/args';
import { runTeamCommand } from '../../../../main/cli/team/command';
import { doneJson, formatDone, formatSync } from '../../../../main/cli/team/output';
import { reportUnverified } from '../../../../main/cli/team/unverified';

const ENGLISH = /\b(takes|arguments?|got|received|entr(y|ies)|changes?|waiting|refused|unverified|applied|signed|roster|folder|run|first)\b/i;

function usage(argv: string[]): string {
  try {
    parseTeamArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('no usage error');
}

/** The team's state after a note signed by a key nobody admitted reached the bucket. */
function stateWithStranger() {
  const founder = createUser();
  const stranger = createUser();
  const enc = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const log = new RevisionLog();
  log.add(TEAM_KEY, 1, enc(signEntry(TEAM_KEY, { kind: 'team', team: 'Words', at: 1 }, { key: founder.getPublicKey(), name: 'Ada', email: 'ada@example.com' }, founder)));
  const key = noteKey({ service: 'stest0000000000000', quote: 'q-words' }, 'stranger-note');
  log.add(key, 2, enc(signEntry(key, { kind: 'note', id: 'stranger-note', text: 'hello', mentions: [], at: 2 }, { key: stranger.getPublicKey(), name: 'Finance', email: 'fin@example.com' }, stranger)));
  return { state: foldState(log, founder.getPublicKey()), key };
}

function unverifiedLines(locale: 'de' | 'ar', json: boolean): string {
  const { state } = stateWithStranger();
  // reportUnverified reads and writes only the folder's settings (what it said already).
  const folder = { settings: createMemorySettingsStore() } as unknown as DataFolder;
  let err = '';
  inLocale(locale, () => reportUnverified(folder, state, { write: (text: string) => (err += text) }, json));
  return err;
}

describe('quotedesk team in the CLI’s language', () => {
  const dir = mkdtempSync(join(tmpdir(), 'team-language-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says a wrong number of arguments in German and Arabic, the count isolated left to right', () => {
    expect(inLocale('de', () => usage(['sync', 'now']))).toBe('team sync nimmt keine Argumente an (erhalten: "now")');
    const arabic = inLocale('ar', () => usage(['note', 'Q-1']));
    expect(arabic).toBe('يتطلّب الأمر \u2066team note\u2069 الوسائط \u2066QUOTE TEXT\u2069 (وصل وسيط واحد؛ ضع نص الملاحظة بين علامتي اقتباس)');
    expect(inLocale('ar', () => usage(['show', 'a', 'b', 'c']))).toContain('وصلت \u20663\u2069 وسائط');
    expect(arabic).not.toMatch(ENGLISH);
  });

  it('says what it could not read on the command line in German and Arabic, and Node’s own words in English', () => {
    expect(inLocale('en', () => usage(['members', '--colour']))).toBe(`Unknown option '--colour'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--colour"'`);
    expect(inLocale('de', () => usage(['members', '--colour']))).toMatch(/^Unbekannte Option '--colour'\. /);
    expect(inLocale('de', () => usage(['create', '--nats']))).toBe("Für die Option '--nats' fehlt ein Wert");
    const arabic = inLocale('ar', () => usage(['create', '--yes=1']));
    expect(arabic).toBe("لا يقبل الخيار '\u2066-y, --yes\u2069' أي قيمة");
    expect(inLocale('ar', () => usage(['create', '--nats', '--yes']))).not.toMatch(/ambiguous|forget|specify/);
  });

  it('sums up a sync in German, with what was refused and why the server is away', () => {
    const refused = { op: { what: 'note on Q-1' }, outcome: 'refused', reason: 'jemand anderes war schneller' } as FlushOutcome;
    const said = inLocale('de', () => formatSync([refused], 1, 2, 'der Server des Teams ist nicht erreichbar'));
    expect(said).toBe('Abgewiesen: note on Q-1 (jemand anderes war schneller)\n1 neuer Eintrag empfangen; 2 Änderungen warten (der Server des Teams ist nicht erreichbar).\n');
    const arabic = inLocale('ar', () => formatSync([], 0, 11, null));
    expect(arabic).toBe('لم يُستلَم أي إدخال جديد؛ \u206611\u2069 تغييرًا في الانتظار.\n');
  });

  it('says what a change did in the run’s language, its data isolated, while --json keeps the English words', () => {
    const op = { what: 'assigned q-1 to ada@example.com', said: { kind: 'assign', quote: 'q-1', email: 'ada@example.com' } } as const;
    const done: Done = { outcome: 'sent', reason: null, sent: [{ op, outcome: 'sent' } as FlushOutcome] };
    expect(inLocale('de', () => formatDone(done, 0))).toBe('Gesendet: q-1 an ada@example.com zugewiesen\n');
    expect(inLocale('ar', () => formatSync(done.sent, 0, 0, null))).toContain('أُرسل: أُسنِد \u2066q-1\u2069 إلى \u2066ada@example.com\u2069\n');
    expect(inLocale('de', () => doneJson(done, 0)).sent[0]!.what).toBe('assigned q-1 to ada@example.com');
  });

  it('reports an entry it did not apply in German, and keeps the reason in English under --json', () => {
    const { key } = stateWithStranger();
    const german = unverifiedLines('de', false);
    expect(german).toBe(`quotedesk: nicht verifizierter Eintrag von Finance <fin@example.com> wurde nicht übernommen (mit einem Schlüssel signiert, der nicht in der Mitgliederliste steht): ${key}\n`);
    const json = JSON.parse(unverifiedLines('ar', true)) as { unverified: { reason: string } };
    expect(json.unverified.reason).toBe('signed by a key that is not on the roster');
  });

  it('says in Arabic that the data folder is on no team', async () => {
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) }, env: {}, cwd: dir };
    const code = await inLocale('ar', () => runTeamCommand(['members', '--data-dir', dir], io));
    expect(code).not.toBe(0);
    expect(err).toBe(`quotedesk: مجلد البيانات \u2066${dir}\u2069 لا ينتمي إلى أي فريق: شغّل أولًا "quotedesk team create" أو "quotedesk team join"\n`);
  });
});

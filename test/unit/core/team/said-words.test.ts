// The team desk's sentences come from the catalogue in main's language: the setup refusals, the
// outbox file it cannot use, the server it cannot reach, and why an entry of the bucket was not
// applied (kept as a code in the state, put in words for the reading pane).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '@nats-io/nkeys';
import type { KeyPair } from '@nats-io/nkeys';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import type { Locale } from '../../../../i18n/paraglide/runtime.js';
import { methods } from '../../../../preload/contract';
import { AppError } from '../../../../main/core/errors';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { opWords } from '../../../../main/core/team/op-words';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../main/core/settings-and-secrets';
import { createTeamFeature } from '../../../../main/core/team/feature';
import { Outbox, OutboxUnreadableError } from '../../../../main/core/team/outbox';
import { TeamDesk, TeamError } from '../../../../main/core/team/desk';
import { noteKey, TEAM_KEY } from '../../../../main/core/team/keys';
import { RevisionLog } from '../../../../main/core/team/revisions';
import { authOf } from '../../../../main/core/team/setup';
import { signEntry } from '../../../../main/core/team/signing';
import { foldState } from '../../../../main/core/team/state';
import { threadView } from '../../../../main/core/team/views';

const ENGLISH = /\b(the|give|password|team|outbox|server|signed|roster|not)\b/i;
const REF = { service: 'stest0000000000000', quote: 'q-words' };

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof TeamError) return error.message;
    throw error;
  }
  throw new Error('nothing was refused');
}

async function outboxRefusal(path: string): Promise<string> {
  const error = await Outbox.open(path).then(() => null, (caught: unknown) => caught);
  if (!(error instanceof OutboxUnreadableError)) throw new Error(`not an outbox refusal: ${String(error)}`);
  return error.message;
}

/** A desk whose server is not there (nothing listens on port 1). */
function offlineDesk(dir: string, pair: KeyPair): Promise<TeamDesk> {
  return TeamDesk.open({
    server: { url: 'nats://127.0.0.1:1', auth: { kind: 'none' } },
    profile: { bucket: 'quotedesk-team', founder: pair.getPublicKey(), name: 'Ada', email: 'ada@example.com' },
    pair,
    outboxPath: join(dir, 'team-outbox.json'),
    copyPath: join(dir, 'team-copy.json'),
    clock: systemClock,
    logger: createSilentLogger(),
    connectTimeoutMs: 500,
  });
}

/** A team founded by one key, and a note in the bucket signed by a key nobody admitted. */
function bucketWithStranger() {
  const founder = createUser();
  const stranger = createUser();
  const enc = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const log = new RevisionLog();
  log.add(TEAM_KEY, 1, enc(signEntry(TEAM_KEY, { kind: 'team', team: 'Words', at: 1 }, { key: founder.getPublicKey(), name: 'Ada', email: 'ada@example.com' }, founder)));
  const key = noteKey(REF, 'stranger-note');
  log.add(key, 2, enc(signEntry(key, { kind: 'note', id: 'stranger-note', text: 'hello', mentions: [], at: 2 }, { key: stranger.getPublicKey(), name: 'Finance', email: 'fin@example.com' }, stranger)));
  return { state: foldState(log, founder.getPublicKey()), me: founder.getPublicKey() };
}

describe('the team desk’s sentences in main’s language', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'team-words-'));
    dirs.push(dir);
    return dir;
  };
  const inLanguage = (locale: Locale) => void setLocale(locale, { reload: false });
  afterEach(() => {
    setLocale('en', { reload: false });
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad team setup in German and Arabic', () => {
    inLanguage('de');
    const both = refusal(() => authOf({ user: 'ada', password: 'x', creds: 'anything' }));
    expect(both).toBe('geben Sie entweder eine Zugangsdatendatei oder einen Benutzer und ein Passwort an, nicht beides');
    expect(refusal(() => authOf({ user: 'ada', password: '', creds: '' }))).toBe('geben Sie das Passwort des NATS-Benutzers an');
    inLanguage('ar');
    const notCreds = refusal(() => authOf({ user: '', password: '', creds: 'not a creds file' }));
    expect(notCreds).toContain('ليس ملف .creds من NATS');
    expect(notCreds).not.toMatch(ENGLISH);
  });

  it('refuses a bad setup over the bridge in German, naming the language it was said in', async () => {
    const dir = folder();
    const feature = createTeamFeature({
      userData: dir,
      settings: createMemorySettingsStore(),
      secrets: createMemorySecretStore(),
      accounts: { get: async () => ({}) as never, list: async () => [] },
      cache: { get: () => null },
      clock: systemClock,
      logger: createSilentLogger(),
    });
    await feature.start?.();
    try {
      inLanguage('de');
      const input = methods['team.create'].input.parse({ url: 'nats://127.0.0.1:4222', user: 'ada', password: 'x', creds: 'x', name: 'Ada', email: 'ada@example.com' });
      const refused = await (feature.handlers['team.create'] as (input: unknown) => Promise<unknown>)(input).then(() => null, (error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'invalid-state', language: 'de', message: 'geben Sie entweder eine Zugangsdatendatei oder einen Benutzer und ein Passwort an, nicht beides' });
    } finally {
      await feature.close?.();
    }
  });

  it('says in German which outbox file it cannot use, and keeps the file', async () => {
    const path = join(folder(), 'team-outbox.json');
    writeFileSync(path, '{"something": "else"}');
    inLanguage('de');
    const said = await outboxRefusal(path);
    expect(said).toBe(`der Team-Postausgang ${path} ist keine Warteschlange von Team-Änderungen; er wurde unverändert gelassen (verschieben Sie ihn, um mit einem leeren zu beginnen)`);
    expect(readFileSync(path, 'utf8')).toBe('{"something": "else"}');
    const unreadable = await outboxRefusal(folder());
    expect(unreadable).toMatch(/konnte nicht gelesen werden \(EISDIR\)$/);
  });

  it('says in Arabic that the team’s server cannot be reached, and refuses to follow it', async () => {
    const dir = folder();
    const pair = createUser();
    inLanguage('ar');
    const desk = await offlineDesk(dir, pair);
    try {
      expect(desk.problem).toMatch(/^تعذّر الوصول إلى خادم الفريق \(.*\)؛ تنتظر التغييرات في صندوق الصادر$/);
      const watching = await desk.watch(() => undefined).then(() => null, (error: unknown) => error);
      expect(watching).toBeInstanceOf(TeamError);
      expect((watching as TeamError).message).toBe(desk.problem);
    } finally {
      await desk.close();
    }
  });

  it('queues a change with its facts and its English words, whatever the language', async () => {
    const dir = folder();
    const pair = createUser();
    inLanguage('ar');
    const desk = await offlineDesk(dir, pair);
    try {
      const body = { kind: 'note' as const, id: 'queued-note', text: 'hello', mentions: [], at: 1 };
      const op = await desk.enqueue(noteKey(REF, 'queued-note'), body, 'create', { kind: 'note', quote: REF.quote });
      expect(op.what).toBe('note on q-words');
      const kept = (await Outbox.open(join(dir, 'team-outbox.json'))).queued;
      expect(kept.map((item) => [item.what, item.said])).toEqual([['note on q-words', { kind: 'note', quote: 'q-words' }]]);
      expect(opWords(kept[0]!.said!)).toBe('ملاحظة على q-words');
    } finally {
      await desk.close();
    }
  });

  it('keeps why an entry was not applied as a code, and words it in the reading pane’s language', () => {
    const { state, me } = bucketWithStranger();
    expect(state.unverified.map((item) => item.reason)).toEqual(['unknown-key']);
    inLanguage('de');
    const german = threadView(state, REF, me, null, null).unverified;
    expect(german).toEqual([{ claimed: 'Finance <fin@example.com>', reason: 'mit einem Schlüssel signiert, der nicht in der Mitgliederliste steht' }]);
    inLanguage('ar');
    const arabic = threadView(state, REF, me, null, null).unverified[0]!;
    expect(arabic.reason).toBe('موقَّع بمفتاح غير موجود في قائمة الأعضاء');
    expect(arabic.reason).not.toMatch(ENGLISH);
  });
});

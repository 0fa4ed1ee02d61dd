// The core's remaining sentences to a person (where credentials are kept, a quote not cached
// yet, a version without price history, the command line's refusals through the app, a NATS
// server out of reach) come from the catalogue in main's language, not in English.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { connect } from '@nats-io/transport-node';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { parseRequest } from '../../../../main/core/cli-endpoint/server';
import { AppError } from '../../../../main/core/errors';
import { quoteDetailView } from '../../../../main/core/inbox/quote-detail-view';
import { createInsightsHandlers } from '../../../../main/core/insights/bridge';
import { createFileSecretStore, createMemorySecretStore } from '../../../../main/core/settings-and-secrets';
import { createSilentLogger } from '../../../../main/core/log/logger';
import { connectToRelayServer, describeNatsError, parseServerUrls, readPasswordFile } from '../../../../main/core/webhooks/relay/connection';

const ENGLISH = /\b(the|credentials|stored|memory|quote|cache|version|history|command|app|server|answers?|nothing)\b/i;
const noPdf = { status: () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }) };
const emptyCache = { get: () => null } as never;

/** A loopback port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('the core’s notices in main’s language', () => {
  const dirs: string[] = [];
  afterEach(() => {
    setLocale('en', { reload: false });
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('says where credentials are kept in German and in Arabic, the file’s path isolated left to right', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-notices-'));
    dirs.push(dir);
    const path = join(dir, 'secrets.json');
    const file = createFileSecretStore({ path });
    setLocale('de', { reload: false });
    expect(file.describe().message).toBe(
      `Zugangsdaten werden in ${path} gespeichert und nur durch Dateiberechtigungen geschützt (nur für Ihr Benutzerkonto lesbar), nicht vom Betriebssystem verschlüsselt.`,
    );
    expect(createMemorySecretStore().describe().message).toBe('Zugangsdaten werden nur im Arbeitsspeicher gehalten und beim Beenden verworfen.');
    setLocale('ar', { reload: false });
    const arabic = file.describe().message!;
    expect(arabic).toContain(`\u2066${path}\u2069`);
    expect(arabic).toContain('بيانات الاعتماد');
    expect(arabic.replace(path, '')).not.toMatch(ENGLISH);
    expect(createMemorySecretStore().describe().message).not.toMatch(ENGLISH);
  });

  it('refuses a quote the cache does not hold yet, and a missing price history, in German and in Arabic', async () => {
    const insights = createInsightsHandlers({} as never);
    setLocale('de', { reload: false });
    const notCached = await refusal(() => quoteDetailView({ cache: emptyCache, pdfs: noPdf }, 'acc', 'q-1', 'internal', 'cache', null));
    expect(notCached).toMatchObject({ code: 'not-found', language: 'de', message: 'Dieses Angebot ist noch nicht im Cache: Nach der nächsten Synchronisierung ist es dort' });
    expect((await refusal(() => insights['insights.history']({ accountId: 'acc', quoteId: 'q-1' }))).message).toBe('Diese Version von Quotedesk führt keinen Preisverlauf.');
    setLocale('ar', { reload: false });
    const arabic = await refusal(() => quoteDetailView({ cache: emptyCache, pdfs: noPdf }, 'acc', 'q-1', 'internal', 'cache', null));
    expect(arabic.language).toBe('ar');
    expect(arabic.message).toContain('عرض السعر');
    expect(arabic.message).not.toMatch(ENGLISH);
    expect((await refusal(() => insights['insights.history']({ accountId: 'acc', quoteId: 'q-1' }))).message).not.toMatch(ENGLISH);
  });

  it('tells the command line of a command the app does not know in German, its name isolated in Arabic', () => {
    setLocale('de', { reload: false });
    expect(parseRequest('{"v":1,"command":"teleport"}')).toMatchObject({
      code: 'unknown-command',
      message: 'die App kennt den Befehl „teleport“ nicht: Befehlszeile und App haben möglicherweise verschiedene Versionen',
    });
    setLocale('ar', { reload: false });
    const arabic = parseRequest('{"v":1,"command":"teleport"}') as { message: string };
    expect(arabic.message).toContain('\u2066teleport\u2069');
    expect(arabic.message.replace('teleport', '')).not.toMatch(ENGLISH);
  });

  it('says why a NATS server cannot be used in German and in Arabic', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4222'), { code: 'ECONNREFUSED' });
    setLocale('de', { reload: false });
    expect(describeNatsError(refused)).toBe('unter dieser Adresse antwortet nichts (läuft nats-server?)');
    expect(describeNatsError(new Error('Authorization Violation'))).toBe('der Server hat diese Zugangsdaten abgelehnt');
    setLocale('ar', { reload: false });
    expect(describeNatsError(new Error('TIMEOUT'))).toBe('لم يصل رد في الوقت المحدد');
    expect(describeNatsError(refused).replace('nats-server', '')).not.toMatch(ENGLISH);
  });

  it('says so in the person\u2019s language when the real NATS client finds nothing listening (its own English words, the socket\u2019s code as the cause)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const refused = await connect({ servers: `nats://127.0.0.1:${closed}`, reconnect: false }).then(
      () => null,
      (error: unknown) => error,
    );
    setLocale('de', { reload: false });
    expect(describeNatsError(refused)).toBe('unter dieser Adresse antwortet nichts (läuft nats-server?)');
  });

  it('says a NATS server could not be reached in Arabic, its address isolated left to right', async () => {
    const address = `nats://127.0.0.1:${await closedPort()}`;
    setLocale('ar', { reload: false });
    const failed = connectToRelayServer({ url: address, auth: { kind: 'none' } }, { name: 'notices test', logger: createSilentLogger(), timeoutMs: 2_000 });
    const error = (await failed.then(() => null, (thrown: unknown) => thrown)) as Error;
    expect(error.message).toContain(`تعذّر الاتصال بخادم NATS على \u2066${address}\u2069`);
    expect(error.message.replace(address, '').replace('nats-server', '')).not.toMatch(ENGLISH);
  });

  it('refuses a relay server address or a password file in German and in Arabic', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-notices-'));
    dirs.push(dir);
    const empty = join(dir, 'password');
    writeFileSync(empty, '');
    setLocale('de', { reload: false });
    expect(() => parseServerUrls('nats://user:secret@127.0.0.1:4222')).toThrow(
      'entfernen Sie Benutzername und Passwort aus der NATS-URL: Geben Sie sie mit --user und --password-file oder mit --creds an',
    );
    await expect(readPasswordFile('relay', empty)).rejects.toThrow(`die Passwortdatei ${empty} ist leer`);
    setLocale('ar', { reload: false });
    await expect(readPasswordFile('relay', empty)).rejects.toThrow(`ملف كلمة المرور \u2066${empty}\u2069 فارغ`);
    expect(() => parseServerUrls(' ')).toThrow(/^لا يوجد URL لخادم NATS/);
  });
});

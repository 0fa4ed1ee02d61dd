// `relay` and `listen` take their signing secret from a file or the environment (issue #31:
// `--secret S` is readable by every local user in `ps`); --secret still works, with a warning.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signBody } from '../../../main/core/webhooks';
import { runCliCapturing } from '../../helpers/cli-run';
import { runCli } from '../../../main/cli';
import { natsServerMissing, startNatsServer } from '../../helpers/nats-server';
import type { NatsServer } from '../../helpers/nats-server';

const NO_SERVICE = 'http://127.0.0.1:9';
const SECRET = 'whsec_from_a_file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function secretFile(text: string, mode = 0o600): string {
  const path = join(dir, 'secret');
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

interface Running {
  stdout(): string;
  stderr(): string;
  done: Promise<number>;
  stop(): void;
}

/** `quotedesk ...argv` in process, its output readable while it runs (runCliCapturing hands it over at the end). */
function start(argv: string[], env: Record<string, string> = {}): Running {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  const done = runCli(argv, {
    cwd: dir,
    signal: stop.signal,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { QUOTEDESK_BASE_URL: NO_SERVICE, ...env },
  });
  return { stdout: () => stdout, stderr: () => stderr, done, stop: () => stop.abort() };
}

async function until(running: Running, words: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000 && !running.stdout().includes(words); attempt++) {
    if (running.stderr().includes('--help says') || running.stderr().includes('stopped')) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(running.stdout()).toContain(words);
}

function signedPost(url: string, secret: string): Promise<Response> {
  const body = Buffer.from(JSON.stringify({ event: 'quote.created', data: { entityId: 'q-1', timestamp: new Date().toISOString() } }));
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-event': 'quote.created', 'x-webhook-signature': signBody(secret, body) } });
}

/** Runs `listen` until it printed a delivery signed with `signWith`, then stops it. */
async function listenAndDeliver(argv: string[], signWith: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const running = start(['listen', '--port', '0', '--json', ...argv], env);
  await until(running, 'listening');
  const { listening } = JSON.parse(running.stdout().split('\n')[0]!) as { listening: string };
  expect((await signedPost(listening, signWith)).status).toBe(200);
  await until(running, 'quote.created');
  running.stop();
  return { code: await running.done, stdout: running.stdout(), stderr: running.stderr() };
}

describe('quotedesk listen: the signing secret', () => {
  it('reads --secret-file (less its trailing newline) and says nothing about the secret', async () => {
    const result = await listenAndDeliver(['--secret-file', secretFile(`${SECRET}\n`)], SECRET);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"event":"quote.created"');
    expect(result.stderr).not.toContain('warning');
  });

  it('takes QUOTEDESK_WEBHOOK_SECRET from the environment', async () => {
    const result = await listenAndDeliver([], SECRET, { QUOTEDESK_WEBHOOK_SECRET: SECRET });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"event":"quote.created"');
  });

  it('still takes --secret S, warning on stderr that other users can read it', async () => {
    const result = await listenAndDeliver(['--secret', SECRET], SECRET);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"event":"quote.created"');
    expect(result.stderr).toContain('every user of this computer can read it');
    expect(result.stderr).not.toContain(SECRET);
  });

  it.skipIf(process.platform === 'win32')('refuses a secret file other users can read, an empty one and a missing one (usage, exit 2)', async () => {
    const open = await runCliCapturing(['listen', '--secret-file', secretFile(`${SECRET}\n`, 0o644)], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('can be read by other users (mode 644)');
    expect(open.stderr).toContain('chmod 600');
    const empty = await runCliCapturing(['listen', '--secret-file', secretFile('\n')], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('is empty');
    const missing = await runCliCapturing(['listen', '--secret-file', join(dir, 'nowhere')], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('could not be read (ENOENT)');
  });

  it('leads its help with --secret-file and the environment variable, --secret last', async () => {
    const help = await runCliCapturing(['listen', '--help'], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    const text = help.stdout;
    expect(text.indexOf('--secret-file FILE')).toBeGreaterThan(-1);
    expect(text.indexOf('--secret-file FILE')).toBeLessThan(text.indexOf('QUOTEDESK_WEBHOOK_SECRET'));
    expect(text.indexOf('QUOTEDESK_WEBHOOK_SECRET')).toBeLessThan(text.indexOf('--secret S'));
    expect(text).not.toMatch(/quotedesk listen --secret S/);
  });
});

const missingNats = natsServerMissing();

describe('quotedesk relay: the signing secret', () => {
  it.skipIf(process.platform === 'win32')('refuses a secret file other users can read, and an empty one (usage, exit 2)', async () => {
    const base = ['relay', '--port', '0', '--nats', 'nats://127.0.0.1:4222'];
    const open = await runCliCapturing([...base, '--secret-file', secretFile(SECRET, 0o640)], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('can be read by other users (mode 640)');
    const empty = await runCliCapturing([...base, '--secret-file', secretFile('')], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('is empty');
    const both = await runCliCapturing([...base, '--secret-file', secretFile(SECRET), '--secret', SECRET], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  });

  it('leads its help with --secret-file', async () => {
    const help = await runCliCapturing(['relay', '--help'], NO_SERVICE, {}, { cwd: dir, signal: AbortSignal.timeout(10_000) });
    expect(help.stdout).toContain('(--secret-file FILE | --account NAME');
    expect(help.stdout.indexOf('--secret-file FILE')).toBeLessThan(help.stdout.indexOf('--secret S'));
  });

  describe.skipIf(missingNats !== null)('on a real nats-server', () => {
    let server: NatsServer;
    beforeAll(async () => {
      server = await startNatsServer();
    });
    afterAll(async () => {
      await server?.dispose();
    });

    it('verifies deliveries with the secret of --secret-file, without a warning', async () => {
      const relay = start(['relay', '--port', '0', '--nats', server.url, '--stream', 'SECRETFILE', '--json', '--secret-file', secretFile(`${SECRET}\n`)]);
      await until(relay, 'listening');
      const { listening } = JSON.parse(relay.stdout().split('\n')[0]!) as { listening: string };
      expect((await signedPost(`${listening}hooks/any`, 'another secret')).status).toBe(401);
      expect((await signedPost(`${listening}hooks/any`, SECRET)).status).toBe(200);
      relay.stop();
      expect(await relay.done).toBe(0);
      expect(relay.stderr()).not.toContain('warning');
    });

    it('still takes --secret S, warning on stderr that other users can read it', async () => {
      const relay = start(['relay', '--port', '0', '--nats', server.url, '--stream', 'SECRETARGV', '--json', '--secret', SECRET]);
      await until(relay, 'listening');
      relay.stop();
      expect(await relay.done).toBe(0);
      expect(relay.stderr()).toContain('every user of this computer can read it');
    });
  });
});

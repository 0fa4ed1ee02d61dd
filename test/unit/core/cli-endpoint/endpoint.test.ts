// The command line's endpoint in the app: its socket's place and permissions, the one-line
// protocol's refusals (bad frames, unknown commands, oversize), a socket left by a killed app,
// and the command line's side finding (or not finding) a running app.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRunningApp } from '../../../../main/cli/running-app';
import { CliFailure } from '../../../../main/cli/report';
import { endpointAddress, MAX_ANSWER_BYTES, MAX_REQUEST_BYTES } from '../../../../main/core/cli-endpoint/protocol';
import { openCliEndpoint } from '../../../../main/core/cli-endpoint/server';
import type { CliEndpoint, EndpointCommands } from '../../../../main/core/cli-endpoint/server';
import { lockDataFolder } from '../../../../main/core/data-files';
import { AppError } from '../../../../main/core/errors';
import { createSilentLogger } from '../../../../main/core/log';

const logger = createSilentLogger();
const account = { id: 'a1', name: 'Acme', demo: false, access: 'client' as const };
let dir: string;
const closing: Array<() => unknown> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-endpoint-'));
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

/** Commands that answer from fixed data: what is under test here is the endpoint around them. */
function commands(overrides: Partial<EndpointCommands> = {}): EndpointCommands {
  return {
    run: async (request) => {
      if (request.command === 'accounts') return [account];
      if (request.command === 'show') throw new AppError('not-found', 'No quote with that ID.');
      return null;
    },
    listen: async () => () => undefined,
    ...overrides,
  };
}

async function open(given: EndpointCommands = commands()): Promise<CliEndpoint> {
  const endpoint = await openCliEndpoint(dir, given, logger);
  if (!endpoint) throw new Error('the endpoint did not open');
  closing.push(() => endpoint.close());
  return endpoint;
}

/** Sends raw bytes and reads what comes back until the app closes the connection. */
function exchange(path: string, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve(text));
    socket.write(bytes);
  });
}

const answer = (text: string) => JSON.parse(text.split('\n')[0]!) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };

describe('the endpoint the app opens', () => {
  it('is a socket only its user can use, in a folder only its user can enter, both gone after it closes', async () => {
    const endpoint = await open();
    const { address } = endpoint;
    expect(address.path).toBe(join(dir, 'cli-endpoint', 'app.sock'));
    expect(statSync(address.path).isSocket()).toBe(true);
    expect(statSync(address.path).mode & 0o777).toBe(0o600);
    expect(statSync(address.dir!).mode & 0o777).toBe(0o700);
    await endpoint.close();
    expect(existsSync(address.dir!)).toBe(false);
  });

  it('answers one request line with one answer line', async () => {
    const { address } = await open();
    expect(answer(await exchange(address.path, '{"v":1,"command":"accounts"}\n'))).toEqual({ ok: true, value: [account] });
  });

  it('refuses what is not a request of the protocol, saying why', async () => {
    const { address } = await open();
    expect(answer(await exchange(address.path, 'not json\n')).error).toMatchObject({ code: 'bad-frame', message: 'the request is not JSON' });
    expect(answer(await exchange(address.path, '{"v":1,"command":"delete-everything"}\n')).error).toMatchObject({ code: 'unknown-command' });
    expect(answer(await exchange(address.path, '{"v":1,"command":"show","accountId":"a1"}\n')).error).toMatchObject({ code: 'bad-frame', message: expect.stringContaining('quoteId') });
    expect(answer(await exchange(address.path, '{"v":2,"command":"accounts"}\n')).error).toMatchObject({ code: 'bad-frame', message: expect.stringContaining('v') });
  });

  it('refuses a request over the bound and closes, without waiting for its end', async () => {
    const { address } = await open();
    const reply = await exchange(address.path, Buffer.alloc(MAX_REQUEST_BYTES + 1, 'x'));
    expect(answer(reply).error).toMatchObject({ code: 'too-large' });
  });

  it('refuses an answer over the bound instead of sending it', async () => {
    const { address } = await open(commands({ run: async () => 'x'.repeat(MAX_ANSWER_BYTES) }));
    expect(answer(await exchange(address.path, '{"v":1,"command":"accounts"}\n')).error).toMatchObject({ code: 'too-large' });
  });

  it('passes the app\u2019s own error on with its code and words', async () => {
    const { address } = await open();
    const reply = await exchange(address.path, '{"v":1,"command":"show","accountId":"a1","quoteId":"q1"}\n');
    expect(answer(reply)).toEqual({ ok: false, error: { code: 'not-found', message: 'No quote with that ID.', retryable: false } });
  });

  it('takes the place of a socket a killed app left behind', async () => {
    const { path, dir: socketDir } = endpointAddress(dir);
    mkdirSync(socketDir!, { mode: 0o700 });
    // A process that listens there and is killed leaves its socket file, with nobody behind it.
    expect(() => execFileSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`], { stdio: 'ignore' })).toThrow(/SIGKILL|Command failed/);
    expect(statSync(path).isSocket()).toBe(true);
    const { address } = await open();
    expect(answer(await exchange(address.path, '{"v":1,"command":"accounts"}\n'))).toEqual({ ok: true, value: [account] });
  });

  it('does not take the place of another app that answers there', async () => {
    await open();
    expect(await openCliEndpoint(dir, commands(), logger)).toBeNull();
  });

  it('lives in an owner-only folder of the temporary directory when the data folder\u2019s path is too long for a socket', () => {
    const address = endpointAddress(join('/home/someone', 'x'.repeat(120)), 'linux', '/tmp');
    expect(address.path.length).toBeLessThanOrEqual(100);
    expect(address.path).toMatch(/^\/tmp\/quotedesk-\d+-[0-9a-f]{24}\/app\.sock$/);
    expect(endpointAddress('C:\\Users\\Someone\\Quotedesk', 'win32').path).toMatch(/^\\\\\.\\pipe\\quotedesk-cli-[0-9a-f]{24}$/);
  });
});

describe('the command line finding the app', () => {
  it('asks the app holding the folder, and checks its answers', async () => {
    const lock = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    closing.push(() => lock.release());
    await open(commands({ run: async (request) => (request.command === 'accounts' ? [account] : { not: 'a quote' }) }));
    const app = await findRunningApp(dir);
    expect(app?.holder.kind).toBe('web');
    expect(await app!.request({ command: 'accounts' })).toEqual([account]);
    await expect(app!.request({ command: 'show', accountId: 'a1', quoteId: 'q1' })).rejects.toMatchObject({ code: 'schema' });
  });

  it('turns the protocol\u2019s refusals into failures and the app\u2019s errors into its codes', async () => {
    const lock = lockDataFolder(dir, { kind: 'desktop', releaseOnExit: false });
    closing.push(() => lock.release());
    await open(commands({ run: async () => Promise.reject(new AppError('network', 'The service could not be reached.', { retryable: true })) }));
    const app = (await findRunningApp(dir))!;
    await expect(app.request({ command: 'accounts' })).rejects.toMatchObject({ code: 'network', retryable: true });
  });

  it('finds no app when the lock\u2019s holder is gone, even with a socket still answering', async () => {
    await open();
    // A lock left by a process that has exited: the lock this process takes, its pid then made
    // that of a child that has ended (a child running tsx to take the lock itself took over 20 s
    // on a loaded machine). Stale, so the command opens the folder itself.
    lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const lockPath = join(dir, 'quotedesk.lock');
    writeFileSync(lockPath, JSON.stringify({ ...JSON.parse(readFileSync(lockPath, 'utf8')), pid: ended }));
    expect(await findRunningApp(dir)).toBeNull();
  });

  it('finds no app when the folder is held but nothing answers (the app still starting)', async () => {
    const lock = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    closing.push(() => lock.release());
    expect(await findRunningApp(dir)).toBeNull();
  });

  it('says so when the app goes away before answering', async () => {
    const lock = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    closing.push(() => lock.release());
    let endpoint: CliEndpoint | null = null;
    endpoint = await open(commands({ run: () => new Promise(() => void endpoint!.close()) }));
    const app = (await findRunningApp(dir))!;
    await expect(app.request({ command: 'accounts' })).rejects.toBeInstanceOf(CliFailure);
  });
});

// The real command line (bin/quotedesk.js, in its own process) beside a running browser-mode
// host on the same data folder, over the embedded service: list, show, pdf and accept go through
// the app (its client, PDF cache and outbox) instead of refusing the folder; `listen --account`
// prints what the app receives; once the app is gone the command opens the folder itself.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataFolder } from '../../../main/cli/data-folder';
import { createAccountsService } from '../../../main/core/accounts';
import { createQuotingClient } from '../../../main/core/api';
import { answers } from '../../../main/core/cli-endpoint/server';
import { endpointAddress } from '../../../main/core/cli-endpoint/protocol';
import { createCore } from '../../../main/core/core';
import type { Core } from '../../../main/core/core';
import { lockDataFolder } from '../../../main/core/data-files';
import { UNDO_SECONDS_KEY } from '../../../main/core/decisions/bridge';
import { createSilentLogger } from '../../../main/core/log';
import { systemClock } from '../../../main/core/ports';
import { createFileSecretStore, createJsonSettingsStore } from '../../../main/core/settings-and-secrets';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { launchWebApp } from '../../../main/web/app';
import type { WebApp } from '../../../main/web/app';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'quotedesk.js');
const logger = createSilentLogger();
let sim: Simulator;
let apiKey: string;
let root: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, quotes: 60, log: () => undefined });
  apiKey = sim.credentials.companies[0]!.apiKey;
  root = mkdtempSync(join(tmpdir(), 'qd-through-app-'));
});
afterAll(async () => {
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A data folder with one saved account, as the app leaves it, and the undo window the app's decisions wait out. */
async function folderWithAccount(name: string, undoSeconds: number): Promise<string> {
  const dataDir = join(root, name);
  const folder = await openDataFolder(dataDir, logger);
  const accounts = createAccountsService({ settings: folder.settings, secrets: folder.secrets, logger });
  await accounts.add({ name: 'Acme Localisation', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey } });
  folder.settings.set(UNDO_SECONDS_KEY, undoSeconds);
  await accounts.close();
  await folder.close();
  return dataDir;
}

async function quotedesk(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, HOME: root }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function endpointUp(dataDir: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await answers(endpointAddress(dataDir).path))) {
    if (Date.now() > deadline) throw new Error('the app did not open its command line endpoint');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A quote the service takes a decision on (stored REVISED, as the internal key sees it) that the account sees. */
async function decidableQuote(): Promise<{ id: string; quoteNumber: string }> {
  const internal = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey }, logger });
  const client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey }, logger });
  try {
    const stored = new Set((await internal.quotes.list({ status: 'REVISED', limit: 100, page: 1 })).data.map((quote) => quote.id));
    const found = (await client.quotes.list({ limit: 100, page: 1 })).data.find((quote) => stored.has(quote.id) && quote.quoteNumber !== null);
    if (!found) throw new Error('no decidable quote in the simulator');
    return { id: found.id, quoteNumber: found.quoteNumber! };
  } finally {
    await internal.close();
    await client.close();
  }
}

describe('quotedesk --account beside browser mode on the same data folder', () => {
  let dataDir: string;
  let app: WebApp | null = null;

  beforeAll(async () => {
    dataDir = await folderWithAccount('web', 1);
    const staticDir = join(root, 'renderer');
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Quotedesk</title>');
    app = await launchWebApp({ dataDir, staticDir, port: 0, forceDemo: false });
    await endpointUp(dataDir);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists and shows the account\u2019s quotes through the app', async () => {
    const listed = await quotedesk('list', '--account', 'acme localisation', '--data-dir', dataDir, '--json');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const { items, pagination } = JSON.parse(listed.stdout) as { items: { id: string }[]; pagination: { total: number } };
    expect(items.length).toBeGreaterThan(0);
    expect(pagination.total).toBeGreaterThanOrEqual(items.length);

    const shown = await quotedesk('show', items[0]!.id, '--account', 'Acme Localisation', '--data-dir', dataDir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(items[0]!.id);
  }, 60_000);

  it('names the folder\u2019s accounts when the one asked for is not there', async () => {
    const missing = await quotedesk('list', '--account', 'Globex', '--data-dir', dataDir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`no account "Globex" in ${dataDir} (accounts there: "Acme Localisation")`);
  }, 60_000);

  it('saves a PDF from the app\u2019s cache', async () => {
    const { id } = await decidableQuote();
    const out = join(root, 'through-app.pdf');
    const saved = await quotedesk('pdf', id, '--account', 'Acme Localisation', '--data-dir', dataDir, '--out', out, '--json');
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((JSON.parse(saved.stdout) as { bytes: number }).bytes).toBe(readFileSync(out).length);
  }, 60_000);

  it('accepts through the app\u2019s outbox, after its undo window, once', async () => {
    const { id } = await decidableQuote();
    const accepted = await quotedesk('accept', id, '--account', 'Acme Localisation', '--data-dir', dataDir, '--yes', '--json');
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
    expect((JSON.parse(accepted.stdout) as { result: { status: string } }).result.status).toMatch(/^(ACCEPTED|CHANGED_TO_PROJECT)$/);
    // Sent once, by the app's outbox, which wrote its receipt.
    expect(sim.operator.requests().filter((entry) => entry.method === 'POST' && entry.path.includes(`${id}/accept`))).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'decision-receipts.json'), 'utf8')).toContain(id);

    const again = await quotedesk('accept', id, '--account', 'Acme Localisation', '--data-dir', dataDir, '--yes');
    expect(again.code).toBe(6);
  }, 60_000);

  it('opens the folder itself once the app is gone', async () => {
    await app!.close();
    app = null;
    const listed = await quotedesk('list', '--account', 'Acme Localisation', '--data-dir', dataDir, '--json');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('quotedesk listen --account beside the app', () => {
  let dataDir: string;
  let core: Core;
  let release: () => void;

  beforeAll(async () => {
    dataDir = await folderWithAccount('listen', 0);
    release = lockDataFolder(dataDir, { kind: 'web', releaseOnExit: false }).release;
    core = createCore({
      settings: createJsonSettingsStore({ folder: dataDir, logger }),
      secrets: createFileSecretStore({ path: join(dataDir, 'secrets.json'), logger }),
      clock: systemClock,
      logger,
      host: 'web',
      version: '0.1.0',
      paths: { userData: dataDir },
      sync: { tickMs: 60 * 60_000 },
    });
    await core.ready;
    await endpointUp(dataDir);
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    release?.();
  });

  it('prints each event the app receives for the account, without a receiver of its own', async () => {
    const [account] = await core.accounts.list();
    const child = spawn(process.execPath, [BIN, 'listen', '--account', 'Acme Localisation', '--data-dir', dataDir, '--json'], { env: { PATH: process.env.PATH, HOME: root } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const line = async (count: number) => {
      const deadline = Date.now() + 30_000;
      while (stdout.split('\n').filter(Boolean).length < count) {
        if (Date.now() > deadline) throw new Error(`listen printed: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await line(1);
    expect(JSON.parse(stdout.split('\n')[0]!)).toMatchObject({ listening: 'app', account: 'Acme Localisation' });
    // What the app's receiver publishes for a verified delivery; another account's is not printed.
    const data = { entityId: 'q-1', entityNumber: 'Q-2026-0042', oldStatus: 'SENT', newStatus: 'ACCEPTED' };
    // The stream is subscribed once the app has the request: give it a moment, then deliver.
    await new Promise((resolve) => setTimeout(resolve, 300));
    core.bus.publish('webhook.received', { accountId: 'someone-else', key: 'k0', event: 'quote.created', data: {}, receivedAt: 1_700_000_000_000, replay: false });
    core.bus.publish('webhook.received', { accountId: account!.id, key: 'k1', event: 'quote.status_changed', data, receivedAt: 1_700_000_000_000, replay: false });
    await line(2);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = stdout.split('\n').filter(Boolean).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(lines[1]).toEqual({ event: 'quote.status_changed', data, receivedAt: new Date(1_700_000_000_000).toISOString() });
    expect(lines, stdout).toHaveLength(2);
  }, 60_000);
});

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../../main/simulator/cli-args';
import { api, key } from './http';

const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function run(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(TSX, ['main/simulator/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1500; attempt++) {
    if (check()) return;
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('npm run sim', () => {
  it('listens on the port it prints, writes the credentials file and stops on SIGTERM', async () => {
    const file = join(dir, 'credentials.json');
    const sim = run(['--port', '0', '--seed', '5', '--quotes', '25', '--credentials-out', file]);
    await until(() => sim.output().includes('written to'), 'the simulator to start');
    const baseUrl = /Quoting Service simulator listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(sim.output())?.[1];
    expect(baseUrl).toBeDefined();

    const credentials = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(credentials)).toEqual(['baseUrl', 'adminApiKey', 'companies']);
    expect(credentials.baseUrl).toBe(baseUrl);
    for (const company of credentials.companies) expect(Object.keys(company)).toEqual(['id', 'name', 'apiKey', 'clientId', 'clientSecret']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The console points at the file instead of printing secrets.
    expect(sim.output()).not.toContain(credentials.adminApiKey);
    expect(sim.output()).not.toContain(credentials.companies[0].clientSecret);

    const list = await api(baseUrl!, '/api/public/v1/quotes?page=1&limit=100', { headers: key(credentials.adminApiKey) });
    expect((list.json as { pagination: { total: number } }).pagination.total).toBe(25);

    sim.child.kill('SIGTERM');
    expect(await sim.exited).toBe(0);
  });

  it('exits 2 with the usage on a bad flag', async () => {
    const sim = run(['--port', 'abc']);
    expect(await sim.exited).toBe(2);
    expect(sim.output()).toMatch(/--port must be an integer from 0 to 65535, got "abc"\nusage: npm run sim/);
  });
});

describe('parseCli', () => {
  const defaults = { seed: 1, quotes: 60 };
  it('reads every flag and applies the defaults', () => {
    expect(parseCli([], defaults)).toEqual({ help: false, port: 4010, seed: 1, quotes: 60, credentialsOut: undefined });
    expect(parseCli(['--port', '0', '--seed', '9', '--quotes', '10000', '--credentials-out', 'c.json'], defaults)).toEqual({ help: false, port: 0, seed: 9, quotes: 10000, credentialsOut: 'c.json' });
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535/],
    [['--port', '70000'], /--port must be/],
    [['--quotes', '5'], /--quotes must be an integer from 20 to 200000/],
    [['--seed', '-3'], /--seed/],
    [['--colour'], /Unknown option '--colour'/],
    [['extra'], /positional/i],
    [['--credentials-out', ''], /needs a file name/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCli(args, defaults)).toThrow(message);
  });
});

// Every file the app creates is for its owner only (files 0600, folders 0700), however
// permissive the umask: a child process under `umask 000` composes the core as browser mode
// does and makes it write every kind of file it keeps (fixtures/every-writer.ts); nothing
// tightens the modes afterwards, so what is found is how each file was created.
import { spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WRITER = fileURLToPath(new URL('./fixtures/every-writer.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let root: string;
let folder: string;
let modes: Map<string, { mode: number; folder: boolean }>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'qd-owner-only-'));
  // Not created yet: the app creates the data folder itself.
  folder = join(root, 'data');
  const child = spawn('sh', ['-c', 'umask 000 && exec "$0" --import tsx "$1" "$2"', process.execPath, WRITER, folder], { cwd: ROOT });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !output.includes('done')) throw new Error(`the writer failed (${code}): ${output}`);
  modes = new Map();
  const visit = (path: string) => {
    const stat = lstatSync(path);
    modes.set(relative(folder, path) || '.', { mode: stat.mode & 0o777, folder: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(folder);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('files the app creates, under umask 000', () => {
  it('are owner-only: files 0600, folders 0700', () => {
    const open = [...modes]
      .filter(([, { mode, folder: isFolder }]) => mode !== (isFolder ? 0o700 : 0o600))
      .map(([path, { mode }]) => `${path} ${mode.toString(8)}`);
    expect(open).toEqual([]);
  });

  it('include every kind of file the app keeps, so none escaped the check', () => {
    const paths = [...modes.keys()];
    const expected = [
      /^\.$/,
      /^quotedesk\.lock$/,
      /^settings\.json$/,
      /^secrets\.json$/,
      /^logs\/quotedesk-web\.log$/,
      /^cache\/pdfs\/[0-9a-f]{12}-.+\.pdf$/,
      /^logos\/[0-9a-f]{32}\.svg$/,
      /^unread\.json$/,
      /^notified\.json$/,
      /^decision-receipts\.json$/,
      /^decision-outbox\.json$/,
      /^webhooks\/events\.jsonl$/,
    ];
    for (const pattern of expected) expect(paths.some((path) => pattern.test(path)), `a file matching ${pattern}`).toBe(true);
  });
});

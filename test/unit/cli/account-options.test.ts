// --account takes the connection from the data folder: options that give another are a mistake.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCapturing } from '../../helpers/cli-run';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-account-options-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('--account on list, show, accept, decline and pdf', () => {
  it('refuses connection options beside it, before touching the folder', async () => {
    const run = await runCliCapturing(['list', '--account', 'Acme', '--data-dir', dir, '--api-key', 'k', '--access', 'internal'], 'http://127.0.0.1:9', {}, { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('give either --account, or --api-key and --access, not both');
  });

  it('refuses --data-dir without an account to read from it', async () => {
    const run = await runCliCapturing(['show', '3f1c2a9e-5b7d-4e8f-9a01-23456789abcd', '--data-dir', dir], 'http://127.0.0.1:9', {}, { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--data-dir names the folder of --account');
  });

  it('answers an account the folder does not have with the accounts it has', async () => {
    const run = await runCliCapturing(['pdf', '3f1c2a9e-5b7d-4e8f-9a01-23456789abcd', '--account', 'Acme', '--data-dir', dir, '--json'], 'http://127.0.0.1:9', {}, { cwd: dir });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toEqual({ error: { code: 'usage', message: `no account "Acme" in ${dir} (accounts there: none); give its name or id, or --data-dir for another folder`, retryable: false } });
  });
});

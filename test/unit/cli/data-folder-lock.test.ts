import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataFolderForCli } from '../../../main/cli/data-folder-lock';
import { runListenCommand } from '../../../main/cli/listen/command';
import { CliFailure, report } from '../../../main/cli/report';
import { lockDataFolder } from '../../../main/core/data-files';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-cli-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the command line on a data folder in use', () => {
  it('fails with exit 1 and a sentence naming the holder and where it is open', () => {
    const app = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    app.setUrl('http://127.0.0.1:5173/#token=abc');
    let caught: unknown;
    try {
      lockDataFolderForCli(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliFailure);
    let printed = '';
    expect(report(caught, { write: (text: string) => (printed += text) }, false, null)).toBe(1);
    expect(printed).toContain(`quotedesk: The data folder ${dir} is in use by Quotedesk in browser mode (npm run web) (process ${process.pid},`);
    expect(printed).toContain('It is open at http://127.0.0.1:5173/#token=abc.');
    app.release();

    const mine = lockDataFolderForCli(dir);
    expect(mine.holder.kind).toBe('cli');
    mine.release();
  });

  it('quotedesk listen --account on a folder another Quotedesk holds exits 1 naming it, and touches nothing', async () => {
    const app = lockDataFolder(dir, { kind: 'desktop', releaseOnExit: false });
    let out = '';
    let err = '';
    const code = await runListenCommand(['--account', 'Acme', '--data-dir', dir, '--public-url', 'https://hooks.example.com/x'], {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
      env: {},
      cwd: dir,
    });
    app.release();
    expect(code).toBe(1);
    expect(err).toContain(`The data folder ${dir} is in use by`);
    expect(err).toContain(`process ${process.pid}`);
    expect(out).toBe('');
  });
});

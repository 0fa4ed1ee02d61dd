// `quotedesk outbox` on a data folder: lists the decisions waiting to be sent, takes one back
// with --cancel, and refuses clearly to take back one that is being sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_FILE_NAME } from '../../../main/core/decisions/outbox-file';
import { runCli } from '../../../main/cli/run';
import { outboxEntry } from '../core/decisions/fixtures/outbox-entry';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-cli-outbox-'));
  writeFileSync(join(dir, OUTBOX_FILE_NAME), JSON.stringify({ entries: [outboxEntry(1), outboxEntry(2, { state: 'sending', attempted: true })] }));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['outbox', '--data-dir', dir, ...args], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: dir,
  });
  return { code, stdout, stderr };
}

const onDisk = () => (JSON.parse(readFileSync(join(dir, OUTBOX_FILE_NAME), 'utf8')) as { entries: { id: string }[] }).entries.map((entry) => entry.id);

describe('quotedesk outbox', () => {
  it('lists each waiting decision with its id, quote and state', async () => {
    const { code, stdout } = await run();
    expect(code).toBe(0);
    expect(stdout).toContain('entry-1  accept Q-1 for Northwind');
    expect(stdout).toContain('in its undo window');
    expect(stdout).toContain('entry-2  decline Q-2 for Northwind');
    expect(stdout).toContain('being sent');
    const json = await run('--json');
    expect((JSON.parse(json.stdout) as { entries: { id: string }[] }).entries.map((entry) => entry.id)).toEqual(['entry-1', 'entry-2']);
  });

  it('says the waiting decisions in the language of --lang, and in Arabic keeps quote numbers left to right', async () => {
    const german = await run('--lang', 'de');
    expect(german.code).toBe(0);
    expect(german.stdout).toContain('entry-1  annehmen: Q-1 für Northwind');
    expect(german.stdout).toContain('im Rückgängig-Fenster');
    expect(german.stdout).not.toMatch(/undo window|being sent| for /);
    const arabic = await run('--lang', 'ar');
    expect(arabic.stdout).toContain('entry-2  رفض: \u2066Q-2\u2069 لحساب Northwind');
    expect((await run('--lang', 'de', '--cancel', 'entry-1')).stdout).toContain('Zurückgenommen: entry-1');
  });

  it('cancels one by its id, durably', async () => {
    const { code, stdout } = await run('--cancel', 'entry-1');
    expect(code).toBe(0);
    expect(stdout).toContain('Cancelled: entry-1');
    expect(onDisk()).toEqual(['entry-2']);
  });

  it('refuses to cancel a decision being sent, and one that is not there, leaving the file as it was', async () => {
    const sending = await run('--cancel', 'entry-2');
    expect(sending.code).toBe(6);
    expect(sending.stderr).toContain('being sent right now');
    const missing = await run('--cancel', 'nope', '--json');
    expect(missing.code).toBe(5);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: { code: 'not-found' } });
    expect(onDisk()).toEqual(['entry-1', 'entry-2']);
  });
});

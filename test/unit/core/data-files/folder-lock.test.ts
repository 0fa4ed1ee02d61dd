// One process per data folder, across hosts: real processes take the same folder; the second
// is refused with the first's name, a killed holder's lock is taken over, and a clean exit
// releases the folder. The probe-driven cases pin the rules a reused pid or a rebooted
// computer must follow.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderBusyError, holderAlive, LOCK_FILE_NAME, lockDataFolder, readFolderHolder, systemProbe } from '../../../../main/core/data-files';
import type { FolderHolder, ProcessProbe } from '../../../../main/core/data-files';

const HOLDER = fileURLToPath(new URL('./fixtures/folder-holder.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Report {
  locked: boolean;
  replaced?: number | null;
  message?: string;
  holder?: FolderHolder | null;
}

/** Starts a process that takes `dir` as `kind`; resolves with its first report. */
function holder(kind: string, url?: string): Promise<{ child: ChildProcessWithoutNullStreams; report: Report }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir, kind, ...(url ? [url] : [])], { cwd: ROOT });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, report: JSON.parse(line!) as Report });
    });
    child.once('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`holder exited ${code} without a report: ${err}`));
    });
  });
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('one process per data folder, with real processes', () => {
  it('refuses a second process, naming the first; takes over after a kill -9; a clean exit frees the folder', async () => {
    const first = await holder('web', 'http://127.0.0.1:4321/#token=t');
    expect(first.report).toEqual({ locked: true, replaced: null });
    const lockFile = join(dir, LOCK_FILE_NAME);
    expect(statSync(lockFile).mode & 0o777).toBe(0o600);

    const second = await holder('cli');
    expect(second.report.locked).toBe(false);
    expect(second.report.holder).toMatchObject({ kind: 'web', pid: first.child.pid, host: hostname(), url: 'http://127.0.0.1:4321/#token=t' });
    expect(second.report.message).toContain(`in use by Quotedesk in browser mode (npm run web) (process ${first.child.pid},`);
    expect(second.report.message).toContain('Close it first');
    expect(await exited(second.child)).toBe(3);

    // No clean-up at all: the lock stays behind, and its holder is gone.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(readFolderHolder(dir)?.pid).toBe(first.child.pid);
    const third = await holder('desktop');
    expect(third.report).toEqual({ locked: true, replaced: first.child.pid });
    expect(readFolderHolder(dir)).toMatchObject({ kind: 'desktop', pid: third.child.pid });

    third.child.stdin.write('bye\n');
    expect(await exited(third.child)).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const fourth = await holder('cli');
    expect(fourth.report).toEqual({ locked: true, replaced: null });
  }, 30_000);

  it('refuses this process too while a live one holds the folder, and the refusal leaves its lock alone', async () => {
    const first = await holder('desktop');
    expect(() => lockDataFolder(dir, { kind: 'web', releaseOnExit: false })).toThrow(DataFolderBusyError);
    expect(readFolderHolder(dir)).toMatchObject({ kind: 'desktop', pid: first.child.pid });
  }, 20_000);
});

describe('the lock in one process', () => {
  it('release frees the folder once, and never removes a lock another process took over', () => {
    const lock = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    expect(() => lockDataFolder(dir, { kind: 'cli', releaseOnExit: false })).toThrow(/in use by Quotedesk in browser mode/);
    lock.release();
    lock.release();
    const again = lockDataFolder(dir, { kind: 'cli', releaseOnExit: false });
    // Another process took the folder over, judging this one gone (e.g. after a reboot): its lock stays.
    const other: FolderHolder = { ...again.holder, pid: 999_999, nonce: 'someone-else' };
    writeFileSync(again.path, JSON.stringify(other));
    again.release();
    expect(readFolderHolder(dir)).toEqual(other);
  });

  it('records the address browser mode can be opened at, replacing the file whole', () => {
    const lock = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    lock.setUrl('http://127.0.0.1:5000/#token=abc');
    expect(readFolderHolder(dir)).toMatchObject({ kind: 'web', url: 'http://127.0.0.1:5000/#token=abc', nonce: lock.holder.nonce });
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    lock.release();
  });

  it('takes over a lock file that cannot be read once it is old, and refuses a fresh one', () => {
    const path = join(dir, LOCK_FILE_NAME);
    writeFileSync(path, 'not json');
    expect(() => lockDataFolder(dir, { kind: 'web', releaseOnExit: false })).toThrow(/could not be read/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    const lock = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ nonce: lock.holder.nonce });
    lock.release();
  });

  it('where a holder\'s start time is unknown (not Linux), says how to get out of a reused pid', () => {
    const path = join(dir, LOCK_FILE_NAME);
    // This process stands for a live pid: only its start time is missing from the lock.
    const holder: FolderHolder = { kind: 'desktop', pid: process.pid, host: hostname(), startedAt: Date.UTC(2026, 10, 26, 9, 30), nonce: 'n2' };
    writeFileSync(path, JSON.stringify(holder));
    expect(() => lockDataFolder(dir, { kind: 'cli', releaseOnExit: false })).toThrow(
      `Close it first, or give this one another data folder. If no Quotedesk runs as process ${process.pid}, delete ${path} and try again.`,
    );
  });

  it('names a holder on another computer and says how to free the folder, never taking it', () => {
    const path = join(dir, LOCK_FILE_NAME);
    const foreign: FolderHolder = { kind: 'desktop', pid: 999_999, host: 'other-laptop', startedAt: Date.UTC(2026, 10, 26, 9, 30), nonce: 'n1' };
    writeFileSync(path, JSON.stringify(foreign));
    let caught: unknown;
    try {
      lockDataFolder(dir, { kind: 'cli', releaseOnExit: false });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataFolderBusyError);
    expect((caught as Error).message).toBe(
      `The data folder ${dir} is in use by the Quotedesk desktop app (process 999999 on the computer "other-laptop", started 2026-11-26 09:30:00 UTC). If that computer no longer runs Quotedesk on this folder, delete ${path} and try again.`,
    );
    expect(readFolderHolder(dir)).toEqual(foreign);
  });
});

describe('whether a holder is alive', () => {
  const probe = (over: Partial<ProcessProbe>): ProcessProbe => ({ ...systemProbe, hostname: () => 'here', alive: () => true, bootId: () => 'boot-1', startTicks: () => 500, ...over });
  const held: FolderHolder = { kind: 'web', pid: 42, host: 'here', startedAt: 0, bootId: 'boot-1', startTicks: 500, nonce: 'n' };

  it('is alive when the same process still runs', () => {
    expect(holderAlive(held, probe({}))).toBe(true);
  });
  it('is gone when no process has its pid', () => {
    expect(holderAlive(held, probe({ alive: () => false }))).toBe(false);
  });
  it('is gone when its pid now belongs to a process that started later (pid reuse)', () => {
    expect(holderAlive(held, probe({ startTicks: () => 9000 }))).toBe(false);
  });
  it('is gone after a reboot, whatever runs with its pid now', () => {
    expect(holderAlive(held, probe({ bootId: () => 'boot-2' }))).toBe(false);
  });
  it('counts as alive on another computer, which cannot be checked', () => {
    expect(holderAlive({ ...held, host: 'elsewhere' }, probe({ alive: () => false }))).toBe(true);
  });
  it('reads this process as alive through the system probe', () => {
    const self = lockDataFolder(dir, { kind: 'cli', releaseOnExit: false });
    expect(holderAlive(self.holder)).toBe(true);
    self.release();
  });
});

describe('computers told apart by machine id, not by name', () => {
  // The audit's repro (issue #31): cloned computers share a hostname; judged by it, the second
  // saw the first's lock as its own from an earlier boot and took it over while it was live.
  const clone = (machineId: string | undefined, over: Partial<ProcessProbe> = {}): ProcessProbe => ({
    hostname: () => 'cloned-desk',
    machineId: () => machineId,
    // Another computer's pid means nothing here: the pid is free, and the boot is another.
    alive: (pid) => pid === process.pid && machineId === 'machine-a',
    bootId: () => (machineId === 'machine-a' ? 'boot-1' : 'boot-2'),
    startTicks: () => 500,
    ...over,
  });

  it('two computers with the same hostname and different machine ids never take over each other\'s live lock', () => {
    const first = lockDataFolder(dir, { kind: 'desktop', probe: clone('machine-a'), releaseOnExit: false });
    let caught: unknown;
    try {
      lockDataFolder(dir, { kind: 'desktop', probe: clone('machine-b'), releaseOnExit: false });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataFolderBusyError);
    expect((caught as Error).message).toContain(`(process ${process.pid} on another computer also named "cloned-desk", started`);
    expect((caught as Error).message).toContain(`If that computer no longer runs Quotedesk on this folder, delete ${join(dir, LOCK_FILE_NAME)}`);
    expect(readFolderHolder(dir)?.nonce).toBe(first.holder.nonce);
    expect(holderAlive(first.holder, clone('machine-b'))).toBe(true);
    first.release();
  });

  it('records a hash of the machine id, never the id; the same machine under a new name is still this computer', () => {
    const first = lockDataFolder(dir, { kind: 'web', probe: clone('machine-a'), releaseOnExit: false });
    const written = readFileSync(join(dir, LOCK_FILE_NAME), 'utf8');
    expect(written).not.toContain('machine-a');
    expect(first.holder.machine).toMatch(/^[0-9a-f]{32}$/);
    // Renamed, same machine: judged by its processes (here the holder's pid is gone).
    expect(holderAlive(first.holder, clone('machine-a', { hostname: () => 'renamed', alive: () => false }))).toBe(false);
    expect(holderAlive(first.holder, clone('machine-a', { hostname: () => 'renamed' }))).toBe(true);
    // This computer with no readable id cannot tell: another computer, then.
    expect(holderAlive(first.holder, clone(undefined, { alive: () => false }))).toBe(true);
    first.release();
  });

  it('reads a lock written with only a hostname: another computer unless the names match', () => {
    const old: FolderHolder = { kind: 'desktop', pid: 999_999, host: 'cloned-desk', startedAt: 0, bootId: 'boot-old', startTicks: 1, nonce: 'old' };
    // Same name, no id in the lock: judged here as before (its pid is gone, so it is stale).
    expect(holderAlive(old, clone('machine-b'))).toBe(false);
    expect(holderAlive({ ...old, host: 'other-name' }, clone('machine-b'))).toBe(true);
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ ...old, host: 'other-name' }));
    expect(() => lockDataFolder(dir, { kind: 'cli', probe: clone('machine-b'), releaseOnExit: false })).toThrow(DataFolderBusyError);
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify(old));
    const taken = lockDataFolder(dir, { kind: 'cli', probe: clone('machine-b'), releaseOnExit: false });
    expect(taken.replaced).toMatchObject({ nonce: 'old' });
    taken.release();
  });

  it('reads this computer\'s machine id through the system probe (Linux: /etc/machine-id)', () => {
    const id = systemProbe.machineId();
    if (existsSync('/etc/machine-id')) expect(id).toBe(readFileSync('/etc/machine-id', 'utf8').trim());
    expect(systemProbe.machineId()).toBe(id);
  });
});

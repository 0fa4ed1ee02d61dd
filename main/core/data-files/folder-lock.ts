// One process per data folder. Two processes on one folder each keep the settings and
// credentials in memory and write them whole, so the second write silently drops the
// first's change (an account added in one is gone from disk). The desktop app's
// requestSingleInstanceLock covers only other desktop copies; this lock file covers every
// host (desktop app, browser mode, the command line) on any folder.
//
// Written by hand rather than with proper-lockfile: that library proves a holder alive by
// refreshing the lock's mtime on a timer, so a holder that was suspended (a laptop asleep)
// or blocked past its stale time loses the lock while it still writes, and its lock records
// nothing about the holder, so a refusal cannot say which process to close. Here the lock
// names its holder (pid, computer, boot and start time), and a lock whose holder is gone (a
// crash, kill -9) is taken over at once, judged by the system rather than by a clock.
//
// The computer is told by its machine id, not its name: cloned machines sharing a folder
// carry the same hostname, and judging by it, one took over the other's live lock (its
// boot id differed, so the holder looked gone). The hostname stays as a label for people.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AppError, saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import { temporaryPathFor, writeFileAtomicSync } from './atomic-file';

export const LOCK_FILE_NAME = 'quotedesk.lock';

export type FolderHostKind = 'desktop' | 'web' | 'cli';

// Functions, so each is said in the language of the moment the refusal is made.
const KIND_LABEL: Record<FolderHostKind, () => string> = {
  desktop: () => m.main_folder_holder_desktop(),
  web: () => m.main_folder_holder_web(),
  cli: () => m.main_folder_holder_cli(),
};

/** What the lock file says about the process holding the folder. */
export interface FolderHolder {
  kind: FolderHostKind;
  pid: number;
  /** The holder's hostname: a label for people (two computers may share one). */
  host: string;
  /**
   * The holder's computer: its machine id, hashed for this use (the raw id is meant to stay on
   * the machine, and the lock may sit on a shared folder). Absent in a lock written before
   * machine ids were recorded, or where none could be read.
   */
  machine?: string;
  /** When the holder started, ms since the epoch (for people; identity uses the fields below). */
  startedAt: number;
  /** Linux: the boot the holder ran in and its start in clock ticks since that boot, so a reused pid is not mistaken for it. */
  bootId?: string;
  startTicks?: number;
  /** Browser mode: the address to open it at, so a second launch can hand over to it. */
  url?: string;
  /** Tells this lock apart from one taken later by another process with the same pid. */
  nonce: string;
}

/** The folder is held by a live process: says which, and what to do. */
export class DataFolderBusyError extends AppError {
  readonly holder: FolderHolder;
  readonly lockPath: string;

  constructor(folder: string, lockPath: string, holder: FolderHolder, probe: ProcessProbe = systemProbe) {
    const since = new Date(holder.startedAt).toISOString().replace('T', ' ').slice(0, 19);
    const here = onThisComputer(holder, probe);
    // Without a start time to compare (not Linux), a crashed holder's pid reused by another
    // program looks alive: say how to get out of that.
    const unsure = holder.startTicks === undefined ? ` ${m.main_folder_remedy_unsure({ pid: holder.pid, lockPath })}` : '';
    const remedy = here ? `${m.main_folder_remedy_close()}${unsure}` : m.main_folder_remedy_elsewhere({ lockPath });
    const facts = { folder, holder: KIND_LABEL[holder.kind](), pid: holder.pid, host: holder.host, since, remedy };
    const sentence = here
      ? m.main_folder_busy(facts)
      : holder.host === probe.hostname()
        ? m.main_folder_busy_same_name(facts)
        : m.main_folder_busy_elsewhere(facts);
    super('invalid-state', sentence, { language: getLocale() });
    this.name = 'DataFolderBusyError';
    this.holder = holder;
    this.lockPath = lockPath;
  }
}

export interface FolderLock {
  readonly path: string;
  readonly holder: FolderHolder;
  /** The gone process whose lock was taken over (a crash or kill left it), for the host to log; null when there was none. */
  readonly replaced: FolderHolder | null;
  /** Records where browser mode can be opened, for a second launch to hand over to it. */
  setUrl(url: string): void;
  /** Removes the lock if it is still this process's; safe to call more than once. */
  release(): void;
}

/** How the lock learns about processes; tests stand in for the system. */
export interface ProcessProbe {
  hostname(): string;
  /** This computer's machine id, or undefined where none can be read (then the hostname stands in). */
  machineId(): string | undefined;
  /** Whether a process with this pid exists on this computer. */
  alive(pid: number): boolean;
  /** The current boot's id, or undefined where the system does not tell. */
  bootId(): string | undefined;
  /** The process's start in clock ticks since boot, or undefined where the system does not tell. */
  startTicks(pid: number): number | undefined;
}

export const systemProbe: ProcessProbe = {
  hostname,
  machineId: () => (systemMachineId ??= { id: readMachineId() }).id,
  alive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists but belongs to another user.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  bootId() {
    try {
      return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  },
  startTicks(pid) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: count from after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[19]);
      return Number.isFinite(ticks) ? ticks : undefined;
    } catch {
      return undefined;
    }
  },
};

let systemMachineId: { id: string | undefined } | undefined;

/**
 * The id the system gives this computer, stable across reboots and renames: systemd's (or
 * D-Bus's) machine-id on Linux, the platform UUID on macOS, the MachineGuid Windows sets at
 * install. Undefined when none can be read.
 */
function readMachineId(): string | undefined {
  try {
    if (process.platform === 'darwin') {
      const out = execFileSync('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice'], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] });
      return /"IOPlatformUUID"\s*=\s*"([^"]+)"/.exec(out)?.[1];
    }
    if (process.platform === 'win32') {
      // /reg:64: a 32-bit process would otherwise read the redirected (WOW6432Node) key.
      const out = execFileSync('reg', ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid', '/reg:64'], { encoding: 'utf8', timeout: 5_000, windowsHide: true, stdio: ['ignore', 'pipe', 'ignore'] });
      return /MachineGuid\s+REG_SZ\s+(\S+)/.exec(out)?.[1];
    }
  } catch {
    return undefined;
  }
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = fs.readFileSync(path, 'utf8').trim();
      if (id) return id;
    } catch {
      // The next place, or none.
    }
  }
  return undefined;
}

/** What a lock records of a machine id: a hash of it, never the id itself. */
function machineKey(id: string): string {
  return createHash('sha256').update(`quotedesk data-folder lock\0${id}`).digest('hex').slice(0, 32);
}

/**
 * Whether the holder ran on this computer. By machine id when the lock has one; a lock without
 * one (written before ids were recorded, or where none could be read) is judged by its
 * hostname, the only thing it says.
 */
function onThisComputer(holder: FolderHolder, probe: ProcessProbe): boolean {
  const here = probe.machineId();
  if (holder.machine !== undefined) return here !== undefined && holder.machine === machineKey(here);
  return holder.host === probe.hostname();
}

export interface LockOptions {
  kind: FolderHostKind;
  probe?: ProcessProbe;
  /** Release on process exit (default true); tests that hold several locks in one process turn it off. */
  releaseOnExit?: boolean;
}

/**
 * Takes the data folder for this process, or throws DataFolderBusyError naming the live
 * process that holds it. A lock left by a process that is gone is taken over (see `replaced`).
 * The folder is created owner-only if missing.
 */
export function lockDataFolder(folder: string, options: LockOptions): FolderLock {
  const probe = options.probe ?? systemProbe;
  const path = join(folder, LOCK_FILE_NAME);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const holder: FolderHolder = {
    kind: options.kind,
    pid: process.pid,
    host: probe.hostname(),
    ...withDefined({ machine: mapDefined(probe.machineId(), machineKey) }),
    startedAt: Math.round(Date.now() - process.uptime() * 1000),
    ...withDefined({ bootId: probe.bootId(), startTicks: probe.startTicks(process.pid) }),
    nonce: randomBytes(8).toString('hex'),
  };
  let replaced: FolderHolder | null = null;
  // A few rounds: each lost race (another process took over the same stale lock) starts again.
  for (let round = 0; round < 5; round += 1) {
    if (tryCreate(path, holder)) return heldLock(path, holder, replaced, options);
    const found = readHolder(path);
    if (found === 'missing') continue;
    if (found !== 'unreadable' && holderAlive(found, probe)) throw new DataFolderBusyError(folder, path, found, probe);
    if (found === 'unreadable' && youngerThan(path, 10_000)) {
      // Never written partly (it is linked in whole), so this is someone else's file being
      // replaced right now, or not ours at all: do not take it from under them.
      throw saidError('invalid-state', m.main_folder_lock_unreadable({ folder, path }));
    }
    if (takeOver(path, found) && found !== 'unreadable') replaced = found;
  }
  throw saidError('invalid-state', m.main_folder_lock_contended({ folder }), { retryable: true });
}

/** Whether a live process still holds this lock. A holder on another computer cannot be checked: it counts as alive. */
export function holderAlive(holder: FolderHolder, probe: ProcessProbe = systemProbe): boolean {
  if (!onThisComputer(holder, probe)) return true;
  const bootId = probe.bootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (!probe.alive(holder.pid)) return false;
  // Same pid in the same boot: still the holder only if it started when the holder did.
  if (holder.startTicks === undefined) return true;
  const ticks = probe.startTicks(holder.pid);
  return ticks === undefined || ticks === holder.startTicks;
}

/** The holder named by the lock file in `folder`, whether or not it is alive; null when there is none. */
export function readFolderHolder(folder: string): FolderHolder | null {
  const found = readHolder(join(folder, LOCK_FILE_NAME));
  return typeof found === 'string' ? null : found;
}

function heldLock(path: string, initial: FolderHolder, replaced: FolderHolder | null, options: LockOptions): FolderLock {
  let holder = initial;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: a lock another process took over (we were thought gone) stays.
    const current = readHolder(path);
    if (typeof current !== 'string' && current.nonce === holder.nonce) {
      try {
        fs.unlinkSync(path);
      } catch {
        // Gone already.
      }
    }
  };
  if (options.releaseOnExit !== false) process.on('exit', release);
  return {
    path,
    get holder() {
      return { ...holder };
    },
    replaced,
    setUrl(url) {
      if (released) return;
      holder = { ...holder, url };
      // Replaced whole (rename): a reader sees the old holder or the new one, never a torn file.
      writeFileAtomicSync(path, JSON.stringify(holder));
    },
    release,
  };
}

/** Creates the lock file with its whole content at once (link of a finished file), or returns false when one exists. */
function tryCreate(path: string, holder: FolderHolder): boolean {
  const temporary = temporaryPathFor(path);
  fs.writeFileSync(temporary, JSON.stringify(holder), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Removes a stale lock without ever removing a live one: the lock is moved aside first and
 * checked to be the one judged stale; if another process had replaced it meanwhile, it is put
 * back. Returns whether the stale lock was removed.
 */
function takeOver(path: string, stale: FolderHolder | 'unreadable'): boolean {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readHolder(aside);
  const same = stale === 'unreadable' ? moved === 'unreadable' : typeof moved !== 'string' && moved.nonce === stale.nonce;
  if (!same) {
    try {
      fs.linkSync(aside, path);
    } catch {
      // A third process took the folder in between: its lock stands, the one moved is lost,
      // and its holder will find out at release (it removes only its own).
    }
  }
  fs.rmSync(aside, { force: true });
  return same;
}

function readHolder(path: string): FolderHolder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const value = JSON.parse(text) as Partial<FolderHolder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.nonce === 'string' && typeof value.kind === 'string' && typeof value.startedAt === 'number') {
      return value as FolderHolder;
    }
  } catch {
    // Below.
  }
  return 'unreadable';
}

function youngerThan(path: string, ms: number): boolean {
  try {
    return Date.now() - fs.statSync(path).mtimeMs < ms;
  } catch {
    return false;
  }
}

function mapDefined<T, R>(value: T | undefined, map: (value: T) => R): R | undefined {
  return value === undefined ? undefined : map(value);
}

function withDefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

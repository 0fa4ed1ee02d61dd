// The webhook event log: durable before acknowledged, deduplicated across restarts, and no
// acknowledged event dropped by a rotation before it is marked processed (event-log-rotation.ts).
import { hash } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { join } from 'node:path';
import type { Clock, Logger } from '../ports';
import { doneLine, eventLine, MISSING_FILE, nodeEventLogFileSystem, readLines } from './event-log-file';
import type { EventLogFileSystem, LogFile } from './event-log-file';
import { LogHistory } from './event-log-history';
import type { HistoryFile, LoggedEvent } from './event-log-history';
import { LIVE, NEXT, OLDER_FILE, ROTATED, UnmarkedEvents } from './event-log-rotation';
import { errorText } from '../errors';

export type { LoggedEvent } from './event-log-history';

export interface EventLogOptions {
  dir: string;
  clock: Clock;
  logger: Logger;
  /** The live file is rotated past this size; one older file is kept. Default 8 MiB. */
  maxFileBytes?: number;
  /** How many keys dedupe remembers. Default 100,000. */
  maxKeys?: number;
  /** How long dedupe remembers a key. Default 7 days (the service retries for about half a minute). */
  maxKeyAgeMs?: number;
  /** How many of the latest events open() hands back for the inspector. Default 1,000. */
  recentLimit?: number;
  /** The file-system calls; tests pass failing ones. Default node:fs. */
  fs?: EventLogFileSystem;
}

export interface OpenedLog {
  log: EventLog;
  /** Logged but never marked processed (the process died between the ack and the processing). */
  pending: LoggedEvent[];
  /** The latest events, oldest first, with what each caused when it was processed. */
  recent: Array<{ event: LoggedEvent; caused: string | null }>;
  /** Lines that could not be read (a torn last line after a crash is one of them). */
  skippedLines: number;
}

/** sha256 of the raw bytes. */
export function dedupeKey(raw: Uint8Array): string {
  // One-shot: no Hash object per delivery.
  return hash('sha256', raw, 'hex');
}

/**
 * The dedupe key of a delivery to one account (or, for `listen` without an account, one
 * receiving secret's scope): the same body delivered to two accounts is two events, each
 * processed once. The scope is put in front of the body's hash rather than hashed with it: a
 * second hash per delivery was a measurable share of the receiver's CPU.
 */
export function deliveryKey(scope: string, raw: Uint8Array): string {
  return `${scope}/${dedupeKey(raw)}`;
}

/**
 * On Linux the log is opened with O_DSYNC: each write returns once its bytes (and the file's
 * new size) are on disk, the durability of write + fdatasync in one trip to the thread pool
 * instead of two. Not on macOS, where O_DSYNC does not flush the drive's cache and libuv's
 * fdatasync does (F_FULLFSYNC), nor on Windows, which has no O_DSYNC: there a durable batch
 * is followed by an explicit fdatasync.
 */
const SYNC_ON_WRITE = process.platform === 'linux';
/**
 * Written at explicit offsets (the log's known size), not opened O_APPEND: on Windows an
 * append-only handle cannot be truncated, and cutting off a failed write must work everywhere.
 */
const LIVE_FLAGS = fsConstants.O_WRONLY | fsConstants.O_CREAT | (SYNC_ON_WRITE ? fsConstants.O_DSYNC : 0);
/** How long a processed marker may wait for an event's write to share. */
const LAZY_WRITE_MS = 50;

/** Told once a write is over: null when it is on disk (fsync'd if it had to be), else the error. */
export type Written = (error: unknown) => void;

/**
 * The lines one write takes (a group commit). Events and markers join the open batch; the
 * write loop takes it whole. One object per write, not a promise per event: at a few
 * thousand events per second the per-event promises were a visible share of the CPU.
 */
interface Batch {
  /** When its earliest event arrived: dedupe forgets its keys by this age (a batch spans a few ms). */
  at: number;
  /** The events' lines. */
  lines: string[];
  /** Processed markers, written after the events' lines. */
  markers: string[];
  /** The keys of `markers`, in the same order. */
  markerKeys: string[];
  /** Needs fsync before it is done (events do; processed markers ride along with the next fsync). */
  durable: boolean;
  waiters: Written[];
  /** The events' keys, in the order of `lines`; released when the write fails so the sender's retry is logged. */
  keys: string[];
  written: boolean;
  /** Made only when a duplicate waits on this batch. */
  settled: Promise<void> | null;
}

/**
 * What dedupe remembers of a key: the batch carrying the first copy, or, for a key read back
 * from disk at open, when it arrived. No object of its own per event: at thousands of events
 * per second each allocation shows in the garbage collector's share.
 */
type Seen = Batch | number;

const seenAt = (seen: Seen): number => (typeof seen === 'number' ? seen : seen.at);

const ON_DISK = Promise.resolve();
/** Age pruning walks the oldest keys at most this often (count pruning happens on every append). */
const PRUNE_EVERY_MS = 1_000;

type Settings = Required<EventLogOptions>;

/**
 * The options with their defaults. `??`, not a spread: a caller passing its own optional
 * settings through (`maxFileBytes: options.maxFileBytes`) gives `undefined`, which a spread
 * would keep, and `size >= undefined` never rotated. Settings names every option, so a new
 * one without a default here does not compile.
 */
function withDefaults(options: EventLogOptions): Settings {
  return {
    dir: options.dir,
    clock: options.clock,
    logger: options.logger,
    maxFileBytes: options.maxFileBytes ?? 8 * 1024 * 1024,
    maxKeys: options.maxKeys ?? 100_000,
    maxKeyAgeMs: options.maxKeyAgeMs ?? 7 * 24 * 3600_000,
    recentLimit: options.recentLimit ?? 1_000,
    fs: options.fs ?? nodeEventLogFileSystem,
  };
}

export class EventLog {
  /** Events on disk whose processed marker is not (yet) on disk, which a rotation must carry. */
  private readonly unmarked = new UnmarkedEvents();
  /** Where new lines go; the write loop takes it whole. */
  private open: Batch | null = null;
  private flushing = false;
  private loop: Promise<void> | null = null;
  private lazyTimer: NodeJS.Timeout | null = null;
  private lastPruneAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  /** A write failed and may have left part of a line at the end of the file. */
  private torn = false;
  /** Markers of a failed write: they go again with the next event's write (never a write of their own, which could fail in a loop). */
  private carriedMarkers: string[] = [];
  private carriedMarkerKeys: string[] = [];

  private constructor(
    private readonly options: Settings,
    private file: LogFile,
    private size: number,
    /** What dedupe remembers, oldest first; open() fills it with the keys it read. */
    private readonly seen: Map<string, Seen>,
  ) {}

  static async open(options: EventLogOptions): Promise<OpenedLog> {
    const settings = withDefaults(options);
    const { dir, fs } = settings;
    const created = await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (created !== undefined) await fs.syncFolder(join(created, '..'));
    const path = (name: string) => join(dir, name);
    // Read line by line, keeping only what the history's bounds allow (event-log-history.ts).
    const history = new LogHistory(settings);
    const read = (name: string, file: HistoryFile) => readLines(fs, path(name), file === 'live', (line) => history.add(line, file));
    // A stale NEXT beside a live file (a crash before a rotation's renames, or a failed second
    // rename) holds copies of events of older files: read as the rotated file's generation.
    const rotated = await read(ROTATED, 'rotated');
    let next = await read(NEXT, 'next');
    let live = await read(LIVE, 'live');
    // A crash between a rotation's two renames: its carried events become the live file.
    if (next.exists && !live.exists) {
      await fs.rename(path(NEXT), path(LIVE));
      await fs.syncFolder(dir);
      history.promoteNext();
      [live, next] = [next, MISSING_FILE];
    }
    const file = await fs.open(path(LIVE), LIVE_FLAGS, 0o600);
    if (!live.exists) await fs.syncFolder(dir);
    // Cut a torn last line so the next append starts on a line of its own.
    if (live.validBytes !== live.totalBytes) await file.truncate(live.validBytes);
    const log = new EventLog(settings, file, live.validBytes, history.seen);
    log.prune(settings.clock.now());
    const pending = history.pending();
    for (const { event, file: holder } of pending) log.unmarked.add(event.key, eventLine(event), holder === 'live' ? 0 : OLDER_FILE);
    const skippedLines = rotated.skipped + next.skipped + live.skipped;
    if (skippedLines > 0) settings.logger.warn('webhook event log: unreadable lines skipped', { count: skippedLines });
    return { log, pending: pending.map(({ event }) => event), recent: history.recent(), skippedLines };
  }

  /** The durability of an earlier copy of this delivery, or null when it is new. */
  lookup(key: string): Promise<void> | null {
    const batch = this.seen.get(key);
    if (batch === undefined) return null;
    if (this.options.clock.now() - seenAt(batch) > this.options.maxKeyAgeMs) {
      this.seen.delete(key);
      return null;
    }
    if (typeof batch === 'number' || batch.written) return ON_DISK;
    return (batch.settled ??= new Promise<void>((resolve, reject) => batch.waiters.push((error) => (error === null ? resolve() : reject(error)))));
  }

  /**
   * Appends a new event and resolves once it is on disk (fsync'd with whatever else arrived
   * meanwhile). Its key is taken at once, so a concurrent copy waits on this one instead of
   * being logged twice; when the write fails the key is released for the sender's retry.
   */
  append(event: LoggedEvent): Promise<void> {
    return new Promise((resolve, reject) => this.appendThen(event, (error) => (error === null ? resolve() : reject(error))));
  }

  /** append() with a callback: the receiver's hot path, one closure instead of a promise chain. */
  appendThen(event: LoggedEvent, written: Written): void {
    if (this.closed) return written(new Error('The webhook event log is closed'));
    const { key, receivedAt } = event;
    const batch = this.openBatch();
    batch.lines.push(eventLine(event));
    if (this.carriedMarkers.length > 0) {
      batch.markers.push(...this.carriedMarkers);
      batch.markerKeys.push(...this.carriedMarkerKeys);
      this.carriedMarkers = [];
      this.carriedMarkerKeys = [];
    }
    batch.waiters.push(written);
    batch.keys.push(key);
    batch.durable = true;
    if (receivedAt < batch.at) batch.at = receivedAt;
    // The caller looked the key up first (lookup() drops an expired one), so it is new here and
    // goes to the end of the map's arrival order.
    this.seen.set(key, batch);
    const now = this.options.clock.now();
    if (this.seen.size > this.options.maxKeys || now - this.lastPruneAt >= PRUNE_EVERY_MS) this.prune(now);
    this.startFlush();
  }

  /**
   * Records that an event was processed, so a restart does not process it again. No answer
   * waits for it: it rides along with the next events' write, and when a crash loses it the
   * event is processed once more (the cache stores by content, so a repeat changes nothing).
   */
  markProcessed(key: string, caused: string | null): Promise<void> {
    return new Promise((resolve) => this.markProcessedThen(key, caused, () => resolve()));
  }

  /** markProcessed() with an optional callback, told once the marker was written (or could not be). */
  markProcessedThen(key: string, caused: string | null, written?: Written): void {
    if (this.closed) return written?.(null);
    const batch = this.openBatch();
    batch.markers.push(doneLine(key, caused));
    batch.markerKeys.push(key);
    if (written) batch.waiters.push(written);
    // A running write loop takes the marker next; otherwise it waits briefly for an event's write to ride along with.
    if (!this.flushing) this.lazyTimer ??= setTimeout(() => this.startFlush(), LAZY_WRITE_MS);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A last try for the markers of a failed write.
    if (this.carriedMarkers.length > 0) {
      const batch = this.openBatch();
      batch.markers.push(...this.carriedMarkers.splice(0));
      batch.markerKeys.push(...this.carriedMarkerKeys.splice(0));
    }
    this.startFlush();
    while (this.loop) await this.loop;
    await this.file.close();
  }

  private openBatch(): Batch {
    return (this.open ??= { at: Number.POSITIVE_INFINITY, lines: [], markers: [], markerKeys: [], durable: false, waiters: [], keys: [], written: false, settled: null });
  }

  /** Keys are kept in arrival order: the oldest go first, by count and by age. */
  private prune(now: number): void {
    this.lastPruneAt = now;
    const oldest = now - this.options.maxKeyAgeMs;
    for (const [key, seen] of this.seen) {
      if (this.seen.size <= this.options.maxKeys && seenAt(seen) >= oldest) break;
      this.seen.delete(key);
    }
  }

  private startFlush(): void {
    if (this.lazyTimer) clearTimeout(this.lazyTimer);
    this.lazyTimer = null;
    // Nothing to write (a marker's timer after the loop already took it): no loop to start.
    if (this.flushing || this.open === null) return;
    this.flushing = true;
    this.loop = this.flush();
  }

  /**
   * Group commit: one write and one fsync for everything queued while the last one ran. The
   * next batch's write is under way before the last one's waiters hear of it, so the disk
   * works while the answers go out.
   */
  private async flush(): Promise<void> {
    try {
      let current = this.take();
      let writing = current && this.write(current);
      while (current && writing) {
        const error = await writing;
        if (this.unmarked.dueForRotation(this.size, this.options.maxFileBytes)) {
          this.settle(current, error);
          const rotated = await this.unmarked.rotate(this.options, { file: this.file, size: this.size });
          this.size = rotated.size;
          if (rotated.reopen) this.file = await this.options.fs.open(join(this.options.dir, LIVE), LIVE_FLAGS, 0o600);
          current = this.take();
          writing = current && this.write(current);
          continue;
        }
        const next = this.take();
        writing = next && this.write(next);
        this.settle(current, error);
        current = next;
      }
    } catch (error) {
      this.options.logger.error('webhook event log: cannot write', { error: errorText(error) });
    } finally {
      this.flushing = false;
      this.loop = null;
      // Left by a failed rotation: start over for it (its write fails and releases its keys if the file is gone).
      if (this.open !== null) this.startFlush();
    }
  }

  private take(): Batch | null {
    const batch = this.open;
    this.open = null;
    return batch;
  }

  /** Resolves with null once the batch is on disk, or with the error; never rejects. */
  private async write(batch: Batch): Promise<unknown> {
    const { lines, markers, markerKeys } = batch;
    const bytes = Buffer.from(lines.join('') + markers.join(''));
    batch.lines = [];
    batch.markers = [];
    batch.markerKeys = [];
    // Nothing goes after a torn line: the events behind it would be unreadable at the next start.
    if (this.torn && !(await this.cutBack())) {
      this.carryMarkers(markers, markerKeys);
      return new Error('The webhook event log cannot be written until its last failed write is cut off');
    }
    try {
      // A regular file takes the whole buffer at once unless the disk fills up midway.
      for (let offset = 0; offset < bytes.length; ) {
        const { bytesWritten } = await this.file.write(bytes, offset, bytes.length - offset, this.size + offset);
        if (bytesWritten === 0) throw new Error('The webhook event log took no bytes');
        offset += bytesWritten;
      }
      if (batch.durable && !SYNC_ON_WRITE) await this.file.datasync();
      this.size += bytes.length;
    } catch (error) {
      this.options.logger.error('webhook event log: write failed', { error: errorText(error) });
      // A write cut short (the disk filled up midway, or the sync failed after the bytes went
      // in) may have left part of a line behind. Retried before the next write until it works.
      this.torn = true;
      await this.cutBack();
      // The events are answered 503 and come again; what was processed is recorded with the next event.
      this.carryMarkers(markers, markerKeys);
      return error;
    }
    // Markers without an fsync of their own are on disk at the latest with the next durable
    // write; a rotation (which may drop their events' file) writes its copies durably first.
    for (let index = 0; index < lines.length; index++) this.unmarked.add(batch.keys[index]!, lines[index]!);
    for (const key of markerKeys) this.unmarked.marked(key);
    return null;
  }

  private carryMarkers(markers: string[], keys: string[]): void {
    this.carriedMarkers.push(...markers);
    this.carriedMarkerKeys.push(...keys);
  }

  /** Cuts the file back to its last whole line; false when even that fails (tried again before the next write). */
  private async cutBack(): Promise<boolean> {
    try {
      await this.file.truncate(this.size);
      this.torn = false;
      return true;
    } catch (error) {
      this.options.logger.error('webhook event log: cannot cut off a failed write', { error: errorText(error) });
      return false;
    }
  }

  private settle(batch: Batch, error: unknown): void {
    batch.written = error === null;
    if (error !== null) for (const key of batch.keys) if (this.seen.get(key) === batch) this.seen.delete(key);
    const waiters = batch.waiters;
    batch.waiters = [];
    batch.keys = [];
    for (const waiter of waiters) {
      try {
        waiter(error);
      } catch (failure) {
        this.options.logger.error('webhook event log: a write callback failed', { error: errorText(failure) });
      }
    }
  }
}

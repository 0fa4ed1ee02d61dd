// The webhook event log: durable before acknowledged, deduplicated across restarts.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock, Logger } from '../ports';

/** A verified delivery as the log keeps it: the raw bytes, so a replay is exactly what arrived. */
export interface LoggedEvent {
  /** sha256 of the raw body: the envelope has no id, and the service's retries resend the same bytes. */
  key: string;
  accountId: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  event: string;
  headers: Record<string, string>;
  body: Buffer;
}

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

export function dedupeKey(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex');
}

const LIVE = 'events.jsonl';
/** How long a processed marker may wait for an event's write to share. */
const LAZY_WRITE_MS = 50;
const ROTATED = 'events.1.jsonl';

interface Seen {
  at: number;
  /** Settles when the first copy is on disk; a duplicate is acknowledged only then. */
  durable: Promise<void>;
}

interface Queued {
  line: string;
  /** Needs fsync before it resolves (events do; processed markers ride along with the next fsync). */
  durable: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

type Line =
  | { t: 'event'; key: string; account: string; at: number; event: string; headers: Record<string, string>; body: string }
  | { t: 'done'; key: string; caused: string | null };

export class EventLog {
  private readonly seen = new Map<string, Seen>();
  private queue: Queued[] = [];
  private flushing: Promise<void> | null = null;
  private lazyTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly options: Required<Omit<EventLogOptions, 'clock' | 'logger'>> & Pick<EventLogOptions, 'clock' | 'logger'>,
    private file: FileHandle,
    private size: number,
  ) {}

  static async open(options: EventLogOptions): Promise<OpenedLog> {
    const settings = {
      maxFileBytes: 8 * 1024 * 1024,
      maxKeys: 100_000,
      maxKeyAgeMs: 7 * 24 * 3600_000,
      recentLimit: 1_000,
      ...options,
    };
    await mkdir(settings.dir, { recursive: true, mode: 0o700 });
    const rotated = await readLines(join(settings.dir, ROTATED), false);
    const live = await readLines(join(settings.dir, LIVE), true);
    const file = await open(join(settings.dir, LIVE), 'a', 0o600);
    // Cut a torn last line so the next append starts on a line of its own.
    if (live.validBytes !== live.totalBytes) await file.truncate(live.validBytes);
    const log = new EventLog(settings, file, live.validBytes);

    const events = new Map<string, LoggedEvent>();
    const caused = new Map<string, string | null>();
    for (const line of [...rotated.lines, ...live.lines]) {
      if (line.t === 'event') {
        events.set(line.key, { key: line.key, accountId: line.account, receivedAt: line.at, event: line.event, headers: line.headers, body: Buffer.from(line.body, 'base64') });
        log.remember(line.key, line.at, Promise.resolve());
      } else {
        caused.set(line.key, line.caused);
      }
    }
    log.prune();
    const all = [...events.values()];
    const skippedLines = rotated.skipped + live.skipped;
    if (skippedLines > 0) settings.logger.warn('webhook event log: unreadable lines skipped', { count: skippedLines });
    return {
      log,
      pending: all.filter((event) => !caused.has(event.key)),
      recent: all.slice(-settings.recentLimit).map((event) => ({ event, caused: caused.get(event.key) ?? null })),
      skippedLines,
    };
  }

  /** The durability of an earlier copy of this delivery, or null when it is new. */
  lookup(key: string): Promise<void> | null {
    const seen = this.seen.get(key);
    if (!seen) return null;
    if (this.options.clock.now() - seen.at > this.options.maxKeyAgeMs) {
      this.seen.delete(key);
      return null;
    }
    return seen.durable;
  }

  /**
   * Appends a new event and resolves once it is on disk (fsync'd with whatever else arrived
   * meanwhile). Its key is taken at once, so a concurrent copy waits on this one instead of
   * being logged twice; when the write fails the key is released for the sender's retry.
   */
  append(event: LoggedEvent): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The webhook event log is closed'));
    const line: Line = { t: 'event', key: event.key, account: event.accountId, at: event.receivedAt, event: event.event, headers: event.headers, body: event.body.toString('base64') };
    const durable = this.enqueue(`${JSON.stringify(line)}\n`, true);
    this.remember(event.key, event.receivedAt, durable);
    durable.catch(() => {
      if (this.seen.get(event.key)?.durable === durable) this.seen.delete(event.key);
    });
    this.prune();
    return durable;
  }

  /**
   * Records that an event was processed, so a restart does not process it again. Written at
   * once but not fsync'd on its own: only a machine crash can lose it, and then the event is
   * processed once more (the cache stores by content, so a repeat changes nothing).
   */
  markProcessed(key: string, caused: string | null): Promise<void> {
    if (this.closed) return Promise.resolve();
    const line: Line = { t: 'done', key, caused };
    return this.enqueue(`${JSON.stringify(line)}\n`, false);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.queue.length > 0) this.startFlush();
    while (this.flushing) await this.flushing;
    await this.file.close();
  }

  private remember(key: string, at: number, durable: Promise<void>): void {
    this.seen.delete(key);
    this.seen.set(key, { at, durable });
  }

  /** Keys are kept in arrival order: the oldest go first, by count and by age. */
  private prune(): void {
    const oldest = this.options.clock.now() - this.options.maxKeyAgeMs;
    for (const [key, seen] of this.seen) {
      if (this.seen.size <= this.options.maxKeys && seen.at >= oldest) break;
      this.seen.delete(key);
    }
  }

  private enqueue(line: string, durable: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, durable, resolve, reject });
      if (durable || this.closed) this.startFlush();
      // A marker alone waits briefly for the next event's write to ride along with.
      else this.lazyTimer ??= setTimeout(() => this.startFlush(), LAZY_WRITE_MS);
    });
  }

  private startFlush(): void {
    if (this.lazyTimer) clearTimeout(this.lazyTimer);
    this.lazyTimer = null;
    // Nothing to write (a marker's timer after the loop already took it): no loop to start.
    if (this.flushing !== null || this.queue.length === 0) return;
    // Cleared in a callback, after this assignment: a flush that ended at once must not stay "running".
    this.flushing = this.flush()
      .catch((error: unknown) => this.options.logger.error('webhook event log: cannot write', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.flushing = null;
        // Whatever was queued after the loop's last look (it was still "running" then).
        if (this.queue.length > 0) this.startFlush();
      });
  }

  /** Group commit: one write and one fsync for everything queued while the last one ran. */
  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        const bytes = Buffer.from(batch.map((item) => item.line).join(''));
        try {
          await this.file.appendFile(bytes);
          if (batch.some((item) => item.durable)) await this.file.datasync();
          this.size += bytes.length;
          for (const item of batch) item.resolve();
        } catch (error) {
          this.options.logger.error('webhook event log: write failed', { error: error instanceof Error ? error.message : String(error) });
          for (const item of batch) item.reject(error);
        }
        if (this.size >= this.options.maxFileBytes) await this.rotate();
    }
  }

  private async rotate(): Promise<void> {
    try {
      await this.file.close();
      await rename(join(this.options.dir, LIVE), join(this.options.dir, ROTATED));
    } catch (error) {
      this.options.logger.warn('webhook event log: rotation failed', { error: error instanceof Error ? error.message : String(error) });
    }
    this.file = await open(join(this.options.dir, LIVE), 'a', 0o600);
    this.size = (await stat(join(this.options.dir, LIVE))).size;
  }
}

async function readLines(path: string, live: boolean): Promise<{ lines: Line[]; skipped: number; validBytes: number; totalBytes: number }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], skipped: 0, validBytes: 0, totalBytes: 0 };
    throw error;
  }
  // Everything after the last newline was being written when the process died.
  const validBytes = bytes.lastIndexOf(0x0a) + 1;
  const torn = validBytes < bytes.length;
  const lines: Line[] = [];
  let skipped = torn && live ? 1 : 0;
  for (const text of bytes.subarray(0, validBytes).toString('utf8').split('\n')) {
    if (text === '') continue;
    const line = parseLine(text);
    if (line) lines.push(line);
    else skipped += 1;
  }
  return { lines, skipped, validBytes, totalBytes: bytes.length };
}

function parseLine(text: string): Line | null {
  try {
    const value = JSON.parse(text) as Partial<Record<string, unknown>>;
    if (typeof value.key !== 'string') return null;
    if (value.t === 'done') return { t: 'done', key: value.key, caused: typeof value.caused === 'string' ? value.caused : null };
    if (value.t !== 'event' || typeof value.account !== 'string' || typeof value.at !== 'number' || typeof value.event !== 'string' || typeof value.body !== 'string') return null;
    const headers = typeof value.headers === 'object' && value.headers !== null ? (value.headers as Record<string, string>) : {};
    return { t: 'event', key: value.key, account: value.account, at: value.at, event: value.event, headers, body: value.body };
  } catch {
    return null;
  }
}

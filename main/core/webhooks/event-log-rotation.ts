// The event log's rotation, which never drops an event acknowledged but not yet marked
// processed. The log keeps two files, the live one and the rotated one; a rotation renames
// the live file over the rotated one. The events of the file it drops that are still waiting
// for their processed marker are first written, durably, to a file of their own (NEXT), which
// then becomes the new live file; the folder is fsync'd so the renames survive a power cut.
// A crash at any step leaves every unmarked event in a file EventLog.open() reads. When the
// copy cannot be written (a full disk), nothing is rotated: the live file grows past its cap
// until a rotation works.
import { constants as fsConstants } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../ports';
import type { EventLogFileSystem, LogFile } from './event-log-file';
import { errorText } from '../errors';

export const LIVE = 'events.jsonl';
export const ROTATED = 'events.1.jsonl';
/** A rotation's carried-forward events, written before anything is dropped; renamed to LIVE. */
export const NEXT = 'events.next.jsonl';

/** The generation open() gives the events it read from ROTATED and NEXT; the live file's is 0. */
export const OLDER_FILE = -1;

/**
 * An event on disk without its processed marker on disk: its line, and the generation of the
 * file holding it (the live file's is `generation`, the rotated file's is lower).
 */
interface Unmarked {
  line: string;
  generation: number;
}

export class UnmarkedEvents {
  private readonly events = new Map<string, Unmarked>();
  /** The live file's generation: one more at each rotation. */
  private generation = 0;
  /** Bytes the live file started with (events carried forward by the last rotation): not counted against the cap. */
  private carriedBytes = 0;

  /** An event now on disk without its marker, in the file of `generation` (default: the live file). */
  add(key: string, line: string, generation = this.generation): void {
    this.events.set(key, { line, generation });
  }

  /** Its processed marker is on disk: no rotation needs to carry it. */
  marked(key: string): void {
    this.events.delete(key);
  }

  dueForRotation(size: number, maxFileBytes: number): boolean {
    return size - this.carriedBytes >= maxFileBytes;
  }

  /**
   * Rotates. Resolves with the live file's size, and whether `live.file` was closed (then the
   * caller opens LIVE again). Never rejects: a rotation that cannot happen is put off.
   */
  async rotate(io: { fs: EventLogFileSystem; dir: string; logger: Logger }, live: { file: LogFile; size: number }): Promise<{ size: number; reopen: boolean }> {
    const { fs, dir, logger } = io;
    const path = (name: string) => join(dir, name);
    const old = this.generation;
    const carried: string[] = [];
    for (const unmarked of this.events.values()) {
      if (unmarked.generation < old) {
        carried.push(unmarked.line);
        unmarked.generation = old + 1;
      }
    }
    const bytes = Buffer.from(carried.join(''));
    try {
      const next = await fs.open(path(NEXT), fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o600);
      try {
        for (let offset = 0; offset < bytes.length; ) {
          const { bytesWritten } = await next.write(bytes, offset, bytes.length - offset, offset);
          if (bytesWritten === 0) throw new Error('The webhook event log took no bytes');
          offset += bytesWritten;
        }
        await next.datasync();
      } finally {
        await next.close();
      }
    } catch (error) {
      this.restamp(old + 1, old - 1);
      // Tried again after as many bytes again, not at every write.
      this.carriedBytes = live.size;
      logger.warn('webhook event log: rotation put off, its unprocessed events could not be copied', { error: errorText(error) });
      await fs.unlink(path(NEXT)).catch(() => undefined);
      return { size: live.size, reopen: false };
    }
    let moved = false;
    let size: number;
    try {
      // Windows cannot rename an open file.
      await live.file.close();
      await fs.rename(path(LIVE), path(ROTATED));
      moved = true;
      await fs.rename(path(NEXT), path(LIVE));
      this.generation = old + 1;
      size = this.carriedBytes = bytes.length;
    } catch (error) {
      logger.warn('webhook event log: rotation failed', { error: errorText(error) });
      if (moved) {
        // The live file was rotated; the copies stay in NEXT (open() reads it), a new live file starts.
        this.generation = old + 1;
        this.restamp(old + 1, old);
        size = this.carriedBytes = 0;
      } else {
        this.restamp(old + 1, old - 1);
        size = this.carriedBytes = live.size;
      }
    }
    await fs.syncFolder(dir).catch((error: unknown) => logger.warn('webhook event log: cannot sync its folder', { error: errorText(error) }));
    return { size, reopen: true };
  }

  /** Moves the unmarked events recorded in one file generation to another. */
  private restamp(from: number, to: number): void {
    for (const unmarked of this.events.values()) if (unmarked.generation === from) unmarked.generation = to;
  }
}

import { AppError, errorText } from '../errors';

/** Where a write stopped: before the rename the old file is intact; 'sync-folder' comes after it. */
export type WriteStep = 'create' | 'write' | 'sync' | 'rename' | 'sync-folder' | 'refused';

// System error codes in words a person can act on.
export const REASONS_BY_CODE: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'your disk quota is used up',
  EFBIG: 'the file is larger than the disk allows',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  EIO: 'the disk reported an input/output error',
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a file stands where its folder should be',
  EISDIR: 'a folder stands where the file should be',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EBUSY: 'the file is in use by another program',
  EAGAIN: 'the disk was busy',
  ENAMETOOLONG: 'its path is too long',
};

// Conditions that can pass (space freed, disk no longer busy): trying again may help.
const RETRYABLE = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE', 'EBUSY', 'EAGAIN']);

/**
 * A file of app data could not be written. Before the rename the old file is intact, and
 * the message says so; the caller must treat the change as not saved.
 */
export class DataWriteError extends AppError {
  /** The file that was being written. */
  readonly path: string;
  /** What went wrong, in plain words ("the disk is full"). */
  readonly reason: string;
  /** The system's error code (ENOSPC, EACCES, ...), or null when the writer found the fault itself. */
  readonly systemCode: string | null;
  readonly step: WriteStep;

  constructor(path: string, reason: string, options: { systemCode?: string | null; step: WriteStep; retryable?: boolean; cause?: unknown }) {
    const outcome =
      options.step === 'sync-folder'
        ? 'The change was made but may not survive a power cut.'
        : 'Nothing was changed: the previous version was kept.';
    super('internal', `Could not save ${path}: ${reason}. ${outcome}`, { retryable: options.retryable ?? false, cause: options.cause });
    this.name = 'DataWriteError';
    this.path = path;
    this.reason = reason;
    this.systemCode = options.systemCode ?? null;
    this.step = options.step;
  }

  static from(error: unknown, path: string, step: WriteStep): DataWriteError {
    if (error instanceof DataWriteError) return error;
    const systemCode = (error as NodeJS.ErrnoException | null)?.code ?? null;
    const reason = (systemCode && REASONS_BY_CODE[systemCode]) ?? `an unexpected error (${systemCode ?? errorText(error)})`;
    return new DataWriteError(path, reason, { systemCode, step, retryable: systemCode !== null && RETRYABLE.has(systemCode), cause: error });
  }

  static shortWrite(path: string, written: number, total: number): DataWriteError {
    // A write that makes no progress without an error is what a full disk looks like to
    // some file systems; it is never a success.
    return new DataWriteError(path, `the disk accepted only ${written} of ${total} bytes (it may be full)`, { step: 'write', retryable: true });
  }
}

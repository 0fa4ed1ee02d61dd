import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import { AppError, errorText } from '../errors';

/** Where a write stopped: before the rename the old file is intact; 'sync-folder' comes after it. */
export type WriteStep = 'create' | 'write' | 'sync' | 'rename' | 'sync-folder' | 'refused';

// System error codes in words a person can act on, said when asked: in main's language then.
const REASONS_BY_CODE: Readonly<Record<string, () => string>> = {
  ENOSPC: m.main_disk_full,
  EDQUOT: m.main_disk_quota,
  EFBIG: m.main_disk_too_large,
  EACCES: m.main_disk_permission_denied,
  EPERM: m.main_disk_permission_denied,
  EROFS: m.main_disk_read_only,
  EIO: m.main_disk_io_error,
  ENOENT: m.main_disk_no_folder,
  ENOTDIR: m.main_disk_file_for_folder,
  EISDIR: m.main_disk_folder_for_file,
  EMFILE: m.main_disk_too_many_open,
  ENFILE: m.main_disk_too_many_open,
  EBUSY: m.main_disk_in_use,
  EAGAIN: m.main_disk_busy,
  ENAMETOOLONG: m.main_disk_path_too_long,
};

/** A system error code in plain words ("the disk is full"), or null for a code without any. */
export function reasonOfCode(code: string | null | undefined): string | null {
  const say = code ? REASONS_BY_CODE[code] : undefined;
  return say ? say() : null;
}

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
    const message = options.step === 'sync-folder' ? m.main_data_saved_not_durable({ path, reason }) : m.main_data_not_saved({ path, reason });
    super('internal', message, { retryable: options.retryable ?? false, cause: options.cause, language: getLocale() });
    this.name = 'DataWriteError';
    this.path = path;
    this.reason = reason;
    this.systemCode = options.systemCode ?? null;
    this.step = options.step;
  }

  static from(error: unknown, path: string, step: WriteStep): DataWriteError {
    if (error instanceof DataWriteError) return error;
    const systemCode = (error as NodeJS.ErrnoException | null)?.code ?? null;
    const reason = reasonOfCode(systemCode) ?? m.main_disk_unexpected({ detail: systemCode ?? errorText(error) });
    return new DataWriteError(path, reason, { systemCode, step, retryable: systemCode !== null && RETRYABLE.has(systemCode), cause: error });
  }

  static shortWrite(path: string, written: number, total: number): DataWriteError {
    // A write that makes no progress without an error is what a full disk looks like to
    // some file systems; it is never a success.
    return new DataWriteError(path, m.main_disk_short_write({ written, total }), { step: 'write', retryable: true });
  }
}

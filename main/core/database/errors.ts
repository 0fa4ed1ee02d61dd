import { AppError } from '../errors';

/**
 * A write to the local cache failed (disk full, no permission, a broken file). The
 * transaction was rolled back, so what was stored before is intact; the message says
 * what to do in plain words.
 */
export class StorageError extends AppError {
  readonly reason: 'disk-full' | 'no-permission' | 'corrupt' | 'other';
  constructor(action: string, cause: unknown) {
    const reason = storageReason(cause);
    super('internal', `${action}: ${REASON_WORDS[reason]}. What was cached before is kept.`, { retryable: reason !== 'corrupt', cause });
    this.name = 'StorageError';
    this.reason = reason;
  }
}

const REASON_WORDS: Record<StorageError['reason'], string> = {
  'disk-full': 'the disk is full; free some space and it will be saved at the next sync',
  'no-permission': "Quotedesk may not write to its data folder; check the folder's permissions",
  corrupt: 'the cache file is damaged; it will be set aside and rebuilt at the next start',
  other: 'the cache could not be written',
};

function storageReason(cause: unknown): StorageError['reason'] {
  const record = (cause ?? {}) as { code?: unknown; errcode?: unknown; message?: unknown };
  const message = typeof record.message === 'string' ? record.message : '';
  // SQLite's primary result codes: 13 FULL, 8 READONLY, 3 PERM, 23 AUTH, 11 CORRUPT, 26 NOTADB.
  const sqliteCode = typeof record.errcode === 'number' ? record.errcode & 0xff : null;
  if (record.code === 'ENOSPC' || record.code === 'EDQUOT' || sqliteCode === 13 || /disk is full/i.test(message)) return 'disk-full';
  if (record.code === 'EACCES' || record.code === 'EPERM' || record.code === 'EROFS' || sqliteCode === 8 || sqliteCode === 3 || /readonly/i.test(message)) {
    return 'no-permission';
  }
  if (sqliteCode === 11 || sqliteCode === 26 || /malformed|not a database/i.test(message)) return 'corrupt';
  return 'other';
}

// Where `pdf` saves: checked before the download starts, so a missing folder or a folder
// given as the file is explained instead of failing half way with an errno.
import { statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';
import { UsageError } from './options';

/** Refuses a destination the PDF cannot (or must not) be written to. `path` is absolute. */
export function checkDestination(path: string, force: boolean | undefined): void {
  const existing = statOf(path);
  if (existing?.isDirectory()) {
    throw new UsageError(m.cli_pdf_out_is_folder({ path: ltr(path), example: ltr(join(path, 'quote.pdf')) }));
  }
  if (existing && !force) throw new UsageError(m.cli_pdf_out_exists({ path: ltr(path) }));
  const folder = dirname(path);
  const parent = statOf(folder);
  if (!parent) throw new UsageError(m.cli_pdf_folder_missing({ folder: ltr(folder) }));
  if (!parent.isDirectory()) throw new UsageError(m.cli_pdf_folder_is_file({ folder: ltr(folder) }));
}

/** The service's file name, reduced to a plain name: it must not choose where the file goes. */
export function safeFileName(fileName: string, fallback: string): string {
  const plain = basename(fileName.replace(/\\/g, '/')).replace(/[^\w.\- ]+/g, '_').trim();
  const name = plain && plain !== '.' && plain !== '..' ? plain : fallback;
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}

/** The file system's error codes a person can act on, in words; null for the rest. */
function writeProblem(code: string): string | null {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return m.cli_write_permission_denied();
    case 'EROFS':
      return m.cli_write_read_only();
    case 'ENOSPC':
      return m.cli_write_disk_full();
    case 'EDQUOT':
      return m.cli_write_quota();
    case 'ENOENT':
      return m.cli_write_folder_gone();
    case 'ENOTDIR':
      return m.cli_write_not_a_folder();
    case 'EISDIR':
      return m.cli_write_is_folder();
    default:
      return null;
  }
}

/** A file-system failure while saving, in words; null for anything else. Nothing half-written is left. */
export function describeWriteFailure(error: unknown, path: string): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const problem = typeof code === 'string' ? writeProblem(code) : null;
  return problem ? m.cli_pdf_write_failed({ path: ltr(path), problem }) : null;
}

function statOf(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

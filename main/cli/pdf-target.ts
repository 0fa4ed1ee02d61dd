// Where `pdf` saves: checked before the download starts, so a missing folder or a folder
// given as the file is explained instead of failing half way with an errno.
import { statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './options';

/** Refuses a destination the PDF cannot (or must not) be written to. `path` is absolute. */
export function checkDestination(path: string, force: boolean | undefined): void {
  const existing = statOf(path);
  if (existing?.isDirectory()) {
    throw new UsageError(`${path} is a folder: give a file name in it, e.g. --out ${join(path, 'quote.pdf')}`);
  }
  if (existing && !force) throw new UsageError(`${path} already exists; pass --force to overwrite it, or choose another file with --out`);
  const folder = dirname(path);
  const parent = statOf(folder);
  if (!parent) throw new UsageError(`the folder ${folder} does not exist: create it first, or choose another place with --out`);
  if (!parent.isDirectory()) throw new UsageError(`${folder} is a file, not a folder: choose another place with --out`);
}

/** The service's file name, reduced to a plain name: it must not choose where the file goes. */
export function safeFileName(fileName: string, fallback: string): string {
  const plain = basename(fileName.replace(/\\/g, '/')).replace(/[^\w.\- ]+/g, '_').trim();
  const name = plain && plain !== '.' && plain !== '..' ? plain : fallback;
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}

const WRITE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'the folder is gone',
  ENOTDIR: 'part of the path is not a folder',
  EISDIR: 'it is a folder',
};

/** A file-system failure while saving, in words; null for anything else. Nothing half-written is left. */
export function describeWriteFailure(error: unknown, path: string): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !(code in WRITE_PROBLEMS)) return null;
  return `could not save the PDF as ${path}: ${WRITE_PROBLEMS[code]}. Nothing was written; choose another place with --out`;
}

function statOf(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

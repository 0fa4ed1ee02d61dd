import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { createBodyDeadline } from '../api/body-deadline';
import { errorForStatus, SchemaError } from '../api/errors';
import { bodyDeadlinePassed, DEFAULT_TIMEOUTS, ERROR_BODY_MAX_BYTES, readBounded, translateFailure } from '../api/transport';
import type { Timeouts } from '../api/transport';
import { StorageError } from '../store/errors';

/** Temporary downloads are named so a start-up sweep can recognise (and delete) every leftover. */
export const PDF_TEMP_PATTERN = /^\.qd-pdf-[0-9a-f]+\.part$/;
const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');
/** The end marker may be followed by a few line ends or stray bytes. */
const END_WINDOW_BYTES = 1024;
const PDF_MIN_BYTES = PDF_MAGIC.length + PDF_END.length;
export const PDF_MAX_BYTES = 200 * 1024 * 1024;
export const PDF_TIMEOUTS: Timeouts = { ...DEFAULT_TIMEOUTS, bodyTotalMs: 10 * 60_000 };

/** The file operations the writer uses: injectable so tests can make the disk full or read-only. */
export interface PdfFileSystem {
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  rm: typeof fsp.rm;
}
export const nodeFileSystem: PdfFileSystem = { open: fsp.open, rename: fsp.rename, rm: fsp.rm };

export interface PdfFetchOptions {
  dispatcher?: Dispatcher;
  timeouts?: Partial<Timeouts>;
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  fs?: PdfFileSystem;
}

/**
 * Streams a PDF from a signed link into `folder/name`: to a temporary file first, checked
 * (starts with %PDF-, ends with %%EOF, as long as announced, not absurdly large), flushed
 * to disk, then renamed into place and the folder flushed, so the real name only ever
 * holds a complete PDF. The link carries a token, so it never appears in an error.
 */
export async function fetchPdfFile(url: string, folder: string, name: string, options: PdfFetchOptions = {}): Promise<{ bytes: number }> {
  const fs = options.fs ?? nodeFileSystem;
  const timeouts: Timeouts = { ...PDF_TIMEOUTS, ...options.timeouts };
  const parsed = new URL(url);
  const endpoint = `GET ${parsed.origin}/<pdf download link>`;
  const temp = join(folder, `.qd-pdf-${randomBytes(8).toString('hex')}.part`);
  const deadline = createBodyDeadline(timeouts.bodyTotalMs, options.signal);
  let file: fsp.FileHandle | null = null;
  let done = false;
  try {
    const response = await request(parsed, {
      method: 'GET',
      dispatcher: options.dispatcher,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
      signal: deadline.signal,
    });
    deadline.start();
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const text = await readBounded(response.body, ERROR_BODY_MAX_BYTES, endpoint, true).catch(() => '');
      throw errorForStatus(response.statusCode, 'read', { endpoint, bodyText: text });
    }
    const announced = Number(response.headers['content-length']);
    const total = Number.isFinite(announced) && announced > 0 ? announced : null;
    if (total !== null && total > PDF_MAX_BYTES) throw notPdf(endpoint, `it is larger than ${PDF_MAX_BYTES} bytes`);
    file = await fs.open(temp, 'wx', 0o600);
    let bytes = 0;
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (head.length < PDF_MAGIC.length) {
        head = Buffer.concat([head, chunk]).subarray(0, PDF_MAGIC.length);
        if (head.length === PDF_MAGIC.length && !head.equals(PDF_MAGIC)) throw notPdf(endpoint, 'it does not start with %PDF- (a web page or an error instead?)');
      }
      bytes += chunk.length;
      if (bytes > PDF_MAX_BYTES) throw notPdf(endpoint, `it is larger than ${PDF_MAX_BYTES} bytes`);
      tail = Buffer.concat([tail, chunk]).subarray(-END_WINDOW_BYTES);
      await file.write(chunk);
      options.onProgress?.(bytes, total);
    }
    if (bytes < PDF_MIN_BYTES || !head.equals(PDF_MAGIC)) throw notPdf(endpoint, 'it is too short to be a PDF');
    if (total !== null && bytes !== total) throw notPdf(endpoint, `it ended after ${bytes} of ${total} bytes`);
    if (!tail.includes(PDF_END)) throw notPdf(endpoint, 'it is incomplete (no %%EOF at the end)');
    await file.sync();
    await file.close();
    file = null;
    await fs.rename(temp, join(folder, name));
    done = true;
    await syncFolder(folder, fs);
    return { bytes };
  } catch (error) {
    if (isDiskError(error)) throw new StorageError('Could not save the PDF', error);
    throw deadline.expired() ? bodyDeadlinePassed(endpoint, error) : translateFailure(error, endpoint, options.signal);
  } finally {
    deadline.clear();
    if (file) await file.close().catch(() => undefined);
    if (!done) await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Makes a rename durable: the folder's entry is flushed too. */
async function syncFolder(folder: string, fs: PdfFileSystem): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function notPdf(endpoint: string, why: string): SchemaError {
  const problem = `the download is not a PDF: ${why}`;
  // Said as it is: the generic "answered in a form this app does not understand" would hide that a web page came instead of the PDF.
  return new SchemaError({ endpoint, path: [], problem }, `The PDF could not be saved: ${problem}. Try again; if it keeps happening, the link may lead to a sign-in page.`);
}

const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO']);
function isDiskError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && DISK_CODES.has(code);
}

import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { QuotePdfLink } from '../../../preload/contract';
import type { Clock } from '../ports';
import { systemClock } from '../ports';
import { ApiError, errorForStatus, ForbiddenError, NotFoundError, SchemaError } from './errors';
import { DEFAULT_RETRY_POLICY, parseRetryAfter } from './retry';
import type { RetryPolicy } from './retry';
import { createBodyDeadline } from './body-deadline';
import { m } from '../../../i18n/paraglide/messages.js';
import { bodyDeadlinePassed, DEFAULT_TIMEOUTS, ERROR_BODY_MAX_BYTES, readBounded, translateFailure } from './transport';
import type { Timeouts } from './transport';

/** Temporary downloads are named so a start-up sweep can recognise (and delete) every leftover. */
export const PDF_TEMP_PATTERN = /^\.qd-pdf-[0-9a-f]+\.part$/;
const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');
/** The end marker may be followed by a few line ends or stray bytes. */
const END_WINDOW_BYTES = 1024;
const PDF_MAX_BYTES = 200 * 1024 * 1024;
// A PDF can be far larger than an API answer: allow minutes, not the API's one.
const PDF_TIMEOUTS: Timeouts = { ...DEFAULT_TIMEOUTS, bodyTotalMs: 10 * 60_000 };

/** The file operations a download uses: injectable so tests can make the disk full or read-only. */
export interface PdfFileSystem {
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  rm: typeof fsp.rm;
}
export const nodeFileSystem: PdfFileSystem = { open: fsp.open, rename: fsp.rename, rm: fsp.rm };

export interface PdfDownloadOptions {
  dispatcher?: Dispatcher;
  timeouts?: Partial<Timeouts>;
  signal?: AbortSignal;
}

export interface PdfRetryOptions {
  /** Where the pause the service asks for is slept (tests pass a fake clock). */
  clock?: Clock;
  policy?: Pick<RetryPolicy, 'maxAttempts' | 'maxRetryAfterMs'>;
}

export interface PdfStreamOptions extends PdfDownloadOptions {
  onProgress?: (bytes: number, total: number | null) => void;
  fs?: PdfFileSystem;
  /** Refuse a file without %%EOF near its end (a cut-short download); the cache keeps only whole PDFs. */
  requireEndMarker?: boolean;
  /** Lets the caller name a local failure (a full or read-only disk) in its own terms before it is read as a network one. */
  localFailure?: (error: unknown) => Error | undefined;
}

export interface DownloadedPdf {
  path: string;
  bytes: number;
}

/**
 * Fetches a quote PDF from its temporary link into `destination`. The link is signed, so
 * no credentials are sent.
 */
export async function downloadPdf(link: QuotePdfLink, destination: string, options: PdfDownloadOptions & { retry?: PdfRetryOptions } = {}): Promise<DownloadedPdf> {
  const clock = options.retry?.clock ?? systemClock;
  const policy = options.retry?.policy ?? DEFAULT_RETRY_POLICY;
  // A busy service (429, 503) that says how long to wait is waited out, as the JSON client's
  // reads do; one that does not say, or asks for longer than the policy allows, is reported.
  for (let attempt = 1; ; attempt++) {
    try {
      const { bytes } = await streamPdfToFile(link.downloadUrl, dirname(destination), basename(destination), options);
      return { path: destination, bytes };
    } catch (error) {
      const pause = error instanceof ApiError && error.retryable ? error.retryAfterMs : null;
      if (pause === null || pause > policy.maxRetryAfterMs || attempt >= policy.maxAttempts) throw error;
      await clock.sleep(pause, options.signal);
    }
  }
}

/**
 * Streams a PDF from a signed link into `folder/name`: to a temporary file first, checked
 * (starts with %PDF-, as long as announced, not absurdly large, optionally ends with
 * %%EOF), flushed to disk, then renamed into place and the folder flushed, so the real name
 * only ever holds a complete PDF and a failed or foreign download leaves nothing. The link
 * carries a token, so it never appears in an error.
 */
export async function streamPdfToFile(url: string, folder: string, name: string, options: PdfStreamOptions = {}): Promise<{ bytes: number }> {
  const fs = options.fs ?? nodeFileSystem;
  const timeouts: Timeouts = { ...PDF_TIMEOUTS, ...options.timeouts };
  const parsed = new URL(url);
  // Signed-URL services carry the download token in the path, so the path is never shown.
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
      // A signed link that has expired is refused (403, 404 or 410): a new link is the remedy.
      const refused = { endpoint, status: response.statusCode, bodyText: text };
      if (response.statusCode === 403) throw new ForbiddenError(refused, m.core_api_pdf_link_expired());
      if (response.statusCode === 404 || response.statusCode === 410) throw new NotFoundError(refused, m.core_api_pdf_link_expired());
      throw errorForStatus(response.statusCode, 'read', { endpoint, bodyText: text, retryAfterMs: parseRetryAfter(response.headers['retry-after'], Date.now()) });
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
      if (options.requireEndMarker) tail = Buffer.concat([tail, chunk]).subarray(-END_WINDOW_BYTES);
      await writeWhole(file, chunk);
      options.onProgress?.(bytes, total);
    }
    const minBytes = PDF_MAGIC.length + (options.requireEndMarker ? PDF_END.length : 0);
    if (bytes < minBytes || !head.equals(PDF_MAGIC)) throw notPdf(endpoint, 'it is too short to be a PDF');
    if (total !== null && bytes !== total) throw notPdf(endpoint, `it ended after ${bytes} of ${total} bytes`);
    if (options.requireEndMarker && !tail.includes(PDF_END)) throw notPdf(endpoint, 'it is incomplete (no %%EOF at the end)');
    await file.sync();
    await file.close();
    file = null;
    await fs.rename(temp, join(folder, name));
    done = true;
    await syncFolder(folder, fs);
    return { bytes };
  } catch (error) {
    const local = options.localFailure?.(error);
    if (local) throw local;
    throw deadline.expired() ? bodyDeadlinePassed(endpoint, error) : translateFailure(error, endpoint, options.signal);
  } finally {
    deadline.clear();
    if (file) await file.close().catch(() => undefined);
    if (!done) await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * One write call may take only part of a chunk (a nearly full disk); the rest is written by
 * the next calls, and a call that takes nothing is a full disk, never a silently shorter PDF.
 */
async function writeWhole(file: fsp.FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.length - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error(`the disk accepted only ${offset} of ${chunk.length} bytes of a write`), { code: 'ENOSPC' });
    offset += bytesWritten;
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

/** A download that is not a whole PDF: one wording wherever PDFs are fetched. */
export function notPdf(endpoint: string, why: string): SchemaError {
  return new SchemaError(
    { endpoint, path: [], problem: `the download is not a PDF: ${why}` },
    m.core_api_not_pdf(),
  );
}

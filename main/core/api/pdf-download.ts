import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { QuotePdfLink } from '../../../preload/contract';
import { errorForStatus, ForbiddenError, NotFoundError, SchemaError } from './errors';
import { createBodyDeadline } from './body-deadline';
import { bodyDeadlinePassed, DEFAULT_TIMEOUTS, ERROR_BODY_MAX_BYTES, readBounded, translateFailure } from './transport';
import type { Timeouts } from './transport';

const LINK_EXPIRED = 'The PDF link has expired or was withdrawn. Ask for the PDF again';
const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_MAX_BYTES = 200 * 1024 * 1024;
// A PDF can be far larger than an API answer: allow minutes, not the API's one.
const PDF_TIMEOUTS: Timeouts = { ...DEFAULT_TIMEOUTS, bodyTotalMs: 10 * 60_000 };

export interface PdfDownloadOptions {
  dispatcher?: Dispatcher;
  timeouts?: Partial<Timeouts>;
  signal?: AbortSignal;
}

export interface DownloadedPdf {
  path: string;
  bytes: number;
}

/**
 * Fetches a quote PDF from its temporary link into `destination`. The bytes stream to a
 * temporary file beside it, must start with %PDF-, and are renamed into place only when
 * complete: a failed or foreign download never leaves a half file under the real name.
 * The link is signed, so no credentials are sent, and it is never put in an error message.
 */
export async function downloadPdf(link: QuotePdfLink, destination: string, options: PdfDownloadOptions = {}): Promise<DownloadedPdf> {
  const timeouts: Timeouts = { ...PDF_TIMEOUTS, ...options.timeouts };
  const url = new URL(link.downloadUrl);
  // Signed-URL services carry the download token in the path, so the path is never shown.
  const endpoint = `GET ${url.origin}/<pdf download link>`;
  const temp = join(dirname(destination), `.${basename(destination)}.${randomBytes(6).toString('hex')}.part`);
  const file = await open(temp, 'wx', 0o600);
  let bytes = 0;
  let kept = false;
  const deadline = createBodyDeadline(timeouts.bodyTotalMs, options.signal);
  try {
    const response = await request(url, {
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
      if (response.statusCode === 403) throw new ForbiddenError(refused, LINK_EXPIRED);
      if (response.statusCode === 404 || response.statusCode === 410) throw new NotFoundError(refused, LINK_EXPIRED);
      throw errorForStatus(response.statusCode, 'read', { endpoint, bodyText: text });
    }
    let head = Buffer.alloc(0);
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (head.length < PDF_MAGIC.length) {
        head = Buffer.concat([head, chunk]).subarray(0, PDF_MAGIC.length);
        if (head.length === PDF_MAGIC.length && !head.equals(PDF_MAGIC)) {
          response.body.destroy();
          throw notPdf(endpoint, 'it does not start with %PDF-');
        }
      }
      bytes += chunk.length;
      if (bytes > PDF_MAX_BYTES) {
        response.body.destroy();
        throw notPdf(endpoint, `it is larger than ${PDF_MAX_BYTES} bytes`);
      }
      await file.write(chunk);
    }
    if (bytes < PDF_MAGIC.length) throw notPdf(endpoint, 'it is too short to be a PDF');
    await file.sync();
    await file.close();
    await rename(temp, destination);
    kept = true;
    return { path: destination, bytes };
  } catch (error) {
    throw deadline.expired() ? bodyDeadlinePassed(endpoint, error) : translateFailure(error, endpoint, options.signal);
  } finally {
    deadline.clear();
    if (!kept) {
      await file.close().catch(() => undefined);
      await rm(temp, { force: true });
    }
  }
}

/** A download that is not a whole PDF: one wording wherever PDFs are fetched. */
export function notPdf(endpoint: string, why: string): SchemaError {
  return new SchemaError(
    { endpoint, path: [], problem: `the download is not a PDF: ${why}` },
    'The download is not a PDF, so it was not saved. Try again; if it keeps happening, tell the service’s support',
  );
}

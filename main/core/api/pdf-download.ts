import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { QuotePdfLink } from '../../../preload/contract';
import { errorForStatus, SchemaError } from './errors';
import { DEFAULT_TIMEOUTS, translateFailure } from './transport';
import type { Timeouts } from './transport';

const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_MAX_BYTES = 200 * 1024 * 1024;

export interface PdfDownloadOptions {
  dispatcher?: Dispatcher;
  timeouts?: Timeouts;
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
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const url = new URL(link.downloadUrl);
  const endpoint = `GET ${url.origin}${url.pathname}`;
  const temp = join(dirname(destination), `.${basename(destination)}.${randomBytes(6).toString('hex')}.part`);
  const file = await open(temp, 'wx', 0o600);
  let bytes = 0;
  let kept = false;
  try {
    const response = await request(url, {
      method: 'GET',
      dispatcher: options.dispatcher,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
      signal: options.signal,
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const text = await response.body.text().catch(() => '');
      throw errorForStatus(response.statusCode, 'read', { endpoint, bodyText: text.slice(0, 2000) });
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
    throw translateFailure(error, endpoint, options.signal);
  } finally {
    if (!kept) {
      await file.close().catch(() => undefined);
      await rm(temp, { force: true });
    }
  }
}

function notPdf(endpoint: string, why: string): SchemaError {
  return new SchemaError({ endpoint, path: [], problem: `the download is not a PDF: ${why}` });
}

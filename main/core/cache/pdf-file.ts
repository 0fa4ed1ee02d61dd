import { streamPdfToFile } from '../api/pdf-download';
import type { PdfStreamOptions } from '../api/pdf-download';
import { StorageError } from '../database/errors';

export { nodeFileSystem, PDF_TEMP_PATTERN } from '../api/pdf-download';
export type { PdfFileSystem } from '../api/pdf-download';

export type PdfFetchOptions = Pick<PdfStreamOptions, 'dispatcher' | 'timeouts' | 'signal' | 'onProgress' | 'fs'>;

/**
 * Streams a PDF from a signed link into the cache folder as `folder/name`. The cache keeps
 * only whole PDFs (ending with %%EOF), and a full or read-only disk is the cache's own
 * failure, not the service's, so it says so as a StorageError.
 */
export function fetchPdfFile(url: string, folder: string, name: string, options: PdfFetchOptions = {}): Promise<{ bytes: number }> {
  return streamPdfToFile(url, folder, name, {
    ...options,
    requireEndMarker: true,
    localFailure: (error) => (isDiskError(error) ? new StorageError('Could not save the PDF', error) : undefined),
  });
}

const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO']);
function isDiskError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && DISK_CODES.has(code);
}

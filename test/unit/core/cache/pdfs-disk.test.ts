// The PDF cache on a full or failing disk, without root: the failures are injected at the
// file-system boundary (the download's file calls), each at a different step. Whatever the
// step, the PDF cached before stays whole and indexed, the error says what happened in plain
// words, and no partial file is left or named.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageError } from '../../../../main/core/database/errors';
import { fakeQuote } from '../../../helpers/service-fixtures';
import { faultyPdfFs, pdfBytes, startPdfRig } from './pdfs-rig';
import type { DiskFault, PdfRig } from './pdfs-rig';

let rig: PdfRig;
beforeEach(async () => {
  rig = await startPdfRig();
});
afterEach(async () => {
  await rig.close();
});

const CASES: Array<[string, DiskFault, RegExp]> = [
  ['the disk fills up part-way through the download', { at: 'write', afterBytes: 40_000, error: 'ENOSPC' }, /disk is full/],
  ['the disk silently takes only part of it', { at: 'write', afterBytes: 40_000 }, /disk is full/],
  ['the disk quota runs out', { at: 'write', afterBytes: 0, error: 'EDQUOT' }, /disk is full/],
  ['flushing the file reports an I/O error', { at: 'sync', error: 'EIO' }, /the cache could not be written/],
  ['the folder turned read-only before the rename', { at: 'rename', error: 'EROFS' }, /may not write/],
];

describe('the PDF cache on a failing disk', () => {
  for (const [what, fault, words] of CASES) {
    it(`when ${what}: a clear error, the previous PDF kept and still served, nothing partial left`, async () => {
      const quote = fakeQuote({ amount: 100 });
      rig.seen(quote);
      const old = pdfBytes(1024, 'O');
      const fresh = pdfBytes(120_000, 'N');
      rig.serve((link) => (link === 1 ? old : fresh));
      let armed = false;
      const pdfs = await rig.cache({}, faultyPdfFs(fault, () => armed));
      const first = await pdfs.get('acc', quote.id);

      rig.seen({ ...quote, amount: 150 });
      armed = true;
      const error = await pdfs.get('acc', quote.id).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(/^Could not save the PDF: /);
      expect((error as Error).message).toMatch(words);
      expect((error as Error).message).toMatch(/What was cached before is kept\./);

      // The old file: whole, still the one the index names, and what a later call serves offline-style.
      expect(readFileSync(first.path).equals(old)).toBe(true);
      expect(rig.rig.store.getPdf('acc', quote.id)?.file).toBe(first.path.split('/').at(-1));
      expect(readdirSync(rig.folder)).toEqual([first.path.split('/').at(-1)]);
      expect(pdfs.status('acc', quote.id)).toMatchObject({ cached: true, outdated: true });

      // The disk has room again: the next try succeeds and replaces it.
      armed = false;
      const second = await pdfs.get('acc', quote.id);
      expect(readFileSync(second.path).equals(fresh)).toBe(true);
      expect(readdirSync(rig.folder)).toEqual([second.path.split('/').at(-1)]);
    });
  }

  it('a download the disk cut short is never kept as a PDF, even when every call reported success', async () => {
    const quote = fakeQuote();
    rig.seen(quote);
    const body = pdfBytes(120_000);
    rig.serve(() => body);
    // Every write takes at most 1000 bytes: the writer must keep writing the rest, not drop it.
    let taken = 0;
    const fs = faultyPdfFs({ at: 'write', afterBytes: Number.MAX_SAFE_INTEGER }, () => true);
    const open = fs.open;
    fs.open = (async (...args: Parameters<typeof open>) => {
      const handle = await open(...args);
      if (!String(args[0]).endsWith('.part')) return handle;
      return new Proxy(handle, {
        get(target, property) {
          if (property === 'write') {
            return async (buffer: Buffer, offset = 0, length = buffer.length - offset) => {
              const result = await target.write(buffer, offset, Math.min(length, 1000));
              taken += result.bytesWritten;
              return result;
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    }) as typeof open;
    const pdfs = await rig.cache({}, fs);
    const got = await pdfs.get('acc', quote.id);
    expect(taken).toBe(body.length);
    expect(readFileSync(got.path).equals(body)).toBe(true);
  });
});

// The PDF just downloaded is never the one eviction removes: the person is about to open it.
// Pinned where it matters: when the new file alone is over the cache's room, and when older
// files look more recently used than it (the clock was set back).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeQuote } from '../../../helpers/service-fixtures';
import { pdfBytes, startPdfRig } from './pdfs-rig';
import type { PdfRig } from './pdfs-rig';

let rig: PdfRig;
beforeEach(async () => {
  rig = await startPdfRig();
});
afterEach(async () => {
  await rig.close();
});

describe('eviction and the PDF just downloaded', () => {
  it('keeps a PDF larger than the whole room: the others go, it is served and stays indexed', async () => {
    const [small, large] = [fakeQuote(), fakeQuote()];
    rig.seen(small);
    rig.seen(large);
    const bodies = [pdfBytes(1000, 'S'), pdfBytes(5000, 'L')];
    rig.serve((download) => bodies[download - 1]!);
    const pdfs = await rig.cache({ maxBytes: 3000 });
    await pdfs.get('acc', small.id);
    rig.rig.clock.advance(1000);

    const got = await pdfs.get('acc', large.id);
    expect(existsSync(got.path)).toBe(true);
    expect(readFileSync(got.path).equals(bodies[1]!)).toBe(true);
    expect(pdfs.status('acc', large.id).cached).toBe(true);
    expect(pdfs.status('acc', small.id).cached).toBe(false);
    expect(readdirSync(rig.folder)).toEqual([got.path.split('/').at(-1)]);
    // Opened again: from the cache, not downloaded a second time.
    expect(await pdfs.get('acc', large.id)).toMatchObject({ fromCache: true, path: got.path });
  });

  it('keeps the new PDF when the computer\'s clock was set back, so older files look more recently used', async () => {
    const quotes = [fakeQuote(), fakeQuote(), fakeQuote()];
    for (const quote of quotes) rig.seen(quote);
    rig.serve((download) => pdfBytes(1000, String(download)));
    const pdfs = await rig.cache({ maxBytes: 2100 });
    rig.rig.clock.advance(60_000);
    for (const quote of quotes.slice(0, 2)) await pdfs.get('acc', quote.id);
    // The clock goes back a minute (a correction by the time service): the new file's last use
    // is now the earliest, first in line for eviction by age.
    rig.rig.clock.advance(-60_000);
    const newest = await pdfs.get('acc', quotes[2]!.id);
    expect(existsSync(newest.path)).toBe(true);
    expect(pdfs.status('acc', quotes[2]!.id).cached).toBe(true);
    expect(pdfs.usage().files).toBe(2);
  });
});

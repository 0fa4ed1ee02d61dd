import { describe, expect, it } from 'vitest';
import { PDF_LINK_TTL_SECONDS, PdfLinks } from '../../../main/simulator/pdf';

describe('PDF links', () => {
  it('serve until expiry, answer expired for a day after, then are forgotten when new links are made', () => {
    let now = 1_000_000;
    const links = new PdfLinks(() => now);
    const old = links.create('quote-old');
    now += PDF_LINK_TTL_SECONDS * 1000 - 1;
    expect(links.resolve(old)).toBe('quote-old');
    now += 1;
    const recent = links.create('quote-recent');
    expect(links.resolve(old)).toBe('expired');
    now += 86_400_000 + 1;
    const fresh = links.create('quote-fresh');
    expect(links.resolve(old)).toBeNull();
    expect(links.resolve(recent)).toBe('expired');
    expect(links.resolve(fresh)).toBe('quote-fresh');
    expect(links.resolve('never-issued')).toBeNull();
  });
});

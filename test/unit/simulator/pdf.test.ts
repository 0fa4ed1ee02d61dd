import { PDFDocument } from 'pdf-lib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotePdfResponse } from '../../../preload/contract';
import { ManualClock, startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

let sim: Simulator;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  sim = await startSimulator({ seed: 12, clock });
});
afterAll(() => sim.close());

async function link(quoteId: string, apiKey: string) {
  const response = await api(sim.baseUrl, `/api/public/v1/quotes/${quoteId}/pdf`, { headers: key(apiKey) });
  expect(response.status).toBe(200);
  return QuotePdfResponse.parse(response.json).data;
}

async function download(url: string) {
  const response = await request(url);
  return { status: response.statusCode, headers: response.headers, bytes: Buffer.from(await response.body.arrayBuffer()) };
}

describe('quote PDF', () => {
  it('links to a real PDF of the quote, named after its number, valid for an hour', async () => {
    const company = sim.credentials.companies[0]!;
    const quote = sim.operator.findQuotes({ companyId: company.id, status: 'SENT' })[0]!;
    const pdf = await link(quote.id, company.apiKey);
    expect(pdf.fileName).toBe(`${quote.quoteNumber}.pdf`);
    expect(pdf.fileName).toMatch(/^Q-\d{4}-\d{4}\.pdf$/);
    expect(pdf.expiresIn).toBe(3600);
    expect(pdf.downloadUrl.startsWith(sim.baseUrl)).toBe(true);

    const file = await download(pdf.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(file.bytes);
    expect(document.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(document.getTitle()).toBe(`Quote ${quote.quoteNumber}`);

    await clock.advance(3_599_000);
    expect((await download(pdf.downloadUrl)).status).toBe(200);
    await clock.advance(1_000);
    const expired = await download(pdf.downloadUrl);
    expect(expired.status).toBe(410);
    expect(JSON.parse(expired.bytes.toString('utf8'))).toMatchObject({ success: false, error: { code: 'link_expired' } });

    const renewed = await link(quote.id, company.apiKey);
    expect(renewed.downloadUrl).not.toBe(pdf.downloadUrl);
    expect((await download(renewed.downloadUrl)).status).toBe(200);
  });

  it('renders unpriced and long quotes too, and answers 404 for a made-up link', async () => {
    const unpriced = sim.operator.findQuotes({ status: 'PENDING' }).find((quote) => quote.total === null);
    const candidates = [unpriced, sim.operator.findQuotes({ status: 'REVISED' })[0]].filter((quote) => quote !== undefined);
    for (const quote of candidates) {
      const pdf = await link(quote.id, sim.credentials.adminApiKey);
      if (quote.quoteNumber === null) expect(pdf.fileName).toMatch(/^quote-[0-9a-f]{8}\.pdf$/);
      const file = await download(pdf.downloadUrl);
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const forged = await api(sim.baseUrl, '/files/quotes/not-a-token/Q-2026-0001.pdf');
    expect(forged.status).toBe(404);
    expect(errorCode(forged)).toBe('not_found');
  });
});

// Quote PDFs (drawn with pdf-lib) and the temporary links that serve them.
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { CompanyRecord, QuoteRecord } from './model';
import { isoDate } from './model';
import { lineTotal, pricingTotal } from './seed/pricing';
import { currentPricing } from './views/quote-views';

export const PDF_LINK_TTL_SECONDS = 3600;
export const PDF_ROUTE_PREFIX = '/files/quotes/';

export function pdfFileName(quote: QuoteRecord): string {
  return `${quote.quoteNumber ?? `quote-${quote.id.slice(0, 8)}`}.pdf`;
}

interface PdfLink {
  quoteId: string;
  expiresAt: number;
}

/** Unguessable, expiring download links, like a storage service's presigned URLs. */
export class PdfLinks {
  private readonly links = new Map<string, PdfLink>();

  constructor(private readonly now: () => number) {}

  create(quoteId: string): string {
    this.prune();
    const token = randomBytes(24).toString('base64url');
    this.links.set(token, { quoteId, expiresAt: this.now() + PDF_LINK_TTL_SECONDS * 1000 });
    return token;
  }

  /** The quote a link serves, 'expired', or null when the link never existed. */
  resolve(token: string): string | 'expired' | null {
    const link = this.links.get(token);
    if (!link) return null;
    return this.now() >= link.expiresAt ? 'expired' : link.quoteId;
  }

  private prune(): void {
    // Expired links are kept for a day so they answer 410 rather than 404.
    const horizon = this.now() - 86_400_000;
    // Links are kept in creation order, so the expired ones are a prefix: stop at the first live one.
    for (const [token, link] of this.links) {
      if (link.expiresAt >= horizon) break;
      this.links.delete(token);
    }
  }
}

export async function renderQuotePdf(quote: QuoteRecord, company: CompanyRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Quote ${quote.quoteNumber ?? quote.id}`);
  doc.setAuthor('Quoting Service simulator');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new PageWriter(doc, font, bold);
  writer.line(`Quote ${quote.quoteNumber ?? '(not yet numbered)'}`, { size: 18, bold: true });
  writer.line(company.name, { size: 12 });
  writer.line(`Project: ${quote.projectName}`);
  writer.line(`Project due: ${quote.projectDueDate}   Valid until: ${quote.validUntil === null ? '-' : isoDate(quote.validUntil)}`);
  writer.gap();
  const pricing = currentPricing(quote);
  if (!pricing) {
    writer.line('Pricing is still being prepared.');
  } else {
    for (const service of pricing.services) {
      writer.line(service.serviceName, { bold: true });
      for (const { market, items } of service.markets) {
        writer.line(market.label, { indent: 12 });
        for (const item of items) {
          writer.line(`${item.itemName}: ${item.quantity} ${item.unit} x ${item.unitPrice.toFixed(2)} = ${lineTotal(item).toFixed(2)} ${pricing.currency}`, { indent: 24, size: 9 });
        }
      }
    }
    writer.gap();
    writer.line(`Total: ${pricingTotal(pricing).toFixed(2)} ${pricing.currency}`, { size: 13, bold: true });
  }
  return doc.save();
}

class PageWriter {
  private page: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
  }

  line(text: string, options: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const size = options.size ?? 10;
    if (this.y < 50) this.page = this.newPage();
    this.page.drawText(winAnsi(text), { x: 50 + (options.indent ?? 0), y: this.y, size, font: options.bold ? this.bold : this.font, color: rgb(0.1, 0.1, 0.15) });
    this.y -= size + 6;
  }

  gap(): void {
    this.y -= 10;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([595, 842]);
    this.y = 842 - 60;
    return page;
  }
}

/** The standard fonts draw WinAnsi only; anything else becomes '?'. */
function winAnsi(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

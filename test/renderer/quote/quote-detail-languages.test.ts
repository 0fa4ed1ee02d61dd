// The quote's details speak the person's language; the quote's own data (names, numbers,
// amounts) stays as the service wrote it, marked so translation tools and the pseudo scan leave it.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { QuoteDetail } from '../../../renderer/src/components/quote-detail';
import { QuotePricing } from '../../../renderer/src/components/quote-pricing';
import { PdfActions } from '../../../renderer/src/components/pdf-actions';
import { DecisionReceipts } from '../../../renderer/src/components/decision-receipts';
import { switchLocale } from '../../../renderer/src/lib/i18n/locale.svelte';
import { makeDetails, makePricing } from './pricing-fixtures';
import { presentRevisionDiff } from '../../../renderer/src/lib/revision-diff';
import { sampleDiff } from './diff-fixtures';

afterEach(() => switchLocale('en'));

describe('quote detail in other languages', () => {
  it('names its sections and facts in German, the country too, and counts line items in German', () => {
    switchLocale('de');
    render(QuoteDetail, {
      quote: makeDetails({ poRequired: true, company: { ...makeDetails().company, country: 'DE' } }),
      access: 'client',
      cachedAt: '2025-05-02T10:15:00Z',
      summary: { revision: 2, lineItemCount: 1, teams: [] },
      locale: 'en-GB',
    });
    const facts = screen.getByRole('region', { name: 'Entscheidungsrelevante Angaben' }).textContent!;
    expect(facts).toMatch(/Gültig bis.*Bestellnummer erforderlich\s*Ja.*Hinterlegte Bestellnummer/s);
    expect(screen.getByRole('region', { name: 'Unternehmen' }).textContent).toContain('Deutschland');
    expect(screen.getByRole('region', { name: 'Zeitplan' }).textContent).toContain('Angebotsdatum');
    expect(screen.getByRole('region', { name: 'Auf einen Blick' }).textContent).toMatch(/Revision 2\s*·\s*1 Position\b/);
    expect(screen.getByRole('status').textContent).toMatch(/^Zwischengespeichert am /);
    expect(document.body.textContent).not.toMatch(/Valid until|PO required|Company|Timeline|line item|Cached at/);
  });

  it('counts line items with the Arabic dual and keeps user data out of translation', () => {
    switchLocale('ar');
    render(QuoteDetail, { quote: makeDetails(), access: 'client', summary: { revision: null, lineItemCount: 2, teams: [] }, locale: 'en-GB' });
    expect(screen.getByRole('region', { name: 'لمحة سريعة' }).textContent).toContain('بندان');
    expect(screen.getByRole('region', { name: 'الشركة' }).querySelector('dd[translate="no"]')?.textContent).toBe(makeDetails().company.name);
    expect(screen.getByRole('heading', { level: 2 }).querySelector('[translate="no"]')?.textContent).toBe(makeDetails().projectName);
  });
});

describe('pricing in other languages', () => {
  it('warns in German where the amounts do not add up, the amounts as the region writes them', () => {
    switchLocale('de');
    const pricing = makePricing();
    pricing.teams[1]!.total = 550;
    render(QuotePricing, { pricing, total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    const text = screen.getByRole('note', { name: 'Einige Beträge gehen nicht auf' }).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Audio team (Team): angegeben €550.00, Summe der Teile €500.00');
    expect(text).toContain('Angebotssumme: angegeben €2,350.00, Summe der Teile €2,400.00');
    expect(screen.getByRole('columnheader', { name: 'Einzelpreis' })).toBeTruthy();
    expect(text).not.toMatch(/stated|parts add up|Quote total/);
  });

  it('switches the split in Arabic and captions the chart in Arabic', async () => {
    switchLocale('ar');
    render(QuotePricing, { pricing: makePricing(), total: { amount: 2350, currency: 'EUR' }, locale: 'en-GB' });
    const group = screen.getByRole('group', { name: 'التقسيم حسب' });
    await fireEvent.click(within(group).getByRole('radio', { name: 'السوق المستهدف' }));
    expect(screen.getByRole('table', { name: 'توزيع الإجمالي حسب السوق المستهدف' })).toBeTruthy();
  });
});

describe('what changed, in other languages', () => {
  it('sums a revision up in German, the amounts as the region writes them', () => {
    switchLocale('de');
    expect(presentRevisionDiff(sampleDiff(), 'en-GB').summary).toBe('+€1,240.00 (+8%), 3 Positionen neu bepreist, 1 hinzugefügt');
  });

  it('sums a revision up in Arabic, with the plural form the count takes', () => {
    switchLocale('ar');
    expect(presentRevisionDiff(sampleDiff(), 'en-GB').itemCounts).toBe('أُعيد تسعير 3 بنود وأُضيف واحد');
  });
});

describe('the PDF section in Arabic', () => {
  it('says offline that the PDF was never downloaded, and names its buttons in Arabic', () => {
    switchLocale('ar');
    render(PdfActions, { copy: null, online: false, onopen: () => {}, onsaveas: () => {} });
    expect(screen.getByRole('region', { name: 'ملف PDF لعرض السعر' }).textContent).toContain('لم يُنزَّل ملف PDF هذا من قبل');
    expect(screen.getByRole('button', { name: 'فتح PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حفظ باسم…' })).toBeTruthy();
  });
});

describe('decision receipts in German', () => {
  it('says who declined and that no notification was sent, in German, the reason left as written', () => {
    switchLocale('de');
    render(DecisionReceipts, {
      receipts: [
        { id: 'r1', accountId: 'a', accountName: 'Northwind', quoteId: 'q', quoteNumber: 'Q-1', version: 'v1', total: null, decision: 'decline', reason: 'Over budget', at: '2025-05-03T14:30:00Z', pdfSha256: null, outcome: 'done', status: 'REJECTED', settled: null },
      ],
      locale: 'en-GB',
    });
    const region = screen.getByRole('region', { name: 'Von diesem Computer getroffene Entscheidungen' });
    const text = region.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Abgelehnt von Northwind,');
    expect(text).toContain('Sie haben dies in Quotedesk abgelehnt');
    expect(text).toContain('Ohne Preis');
    expect(within(region).getByText('Over budget').getAttribute('translate')).toBe('no');
    expect(text).not.toMatch(/Declined|by Northwind|notification|Not priced/);
  });
});

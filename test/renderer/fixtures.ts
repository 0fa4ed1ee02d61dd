import type { AccountView, QuoteListItem, QuoteStatus } from '../../preload/contract';

export function makeAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'acc-1',
    name: 'Acme Localisation',
    environment: 'production',
    baseUrl: 'https://quotes.acme.test',
    mechanism: 'api-key',
    access: 'client',
    credentialsSet: true,
    status: 'ok',
    statusMessage: null,
    demo: false,
    ...overrides,
  };
}

let counter = 0;

/** A uuid-shaped id that is stable for a given number. */
export function quoteId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function makeQuote(overrides: Partial<QuoteListItem> = {}): QuoteListItem {
  counter += 1;
  return {
    id: quoteId(counter),
    quoteNumber: `Q-2025-${String(counter).padStart(4, '0')}`,
    projectName: `Project ${counter}`,
    projectDescription: null,
    status: 'PENDING',
    companyId: quoteId(9000),
    companyName: 'Acme Corp',
    totalPrice: { amount: 1000, currency: 'EUR' },
    quoteDate: '2025-03-05T12:00:00Z',
    deadlineForQuote: '2025-03-10',
    projectDueDate: '2025-04-01',
    validUntil: '2025-04-05T12:00:00Z',
    ...overrides,
  };
}

const PROJECTS = [
  ['Website relaunch — DE/FR/ES', 'Marketing site, 42 pages, incl. SEO metadata'],
  ['Mobile app strings Q2', 'iOS and Android UI strings, 18 locales'],
  ['Product catalogue 2025', null],
  ['Legal terms update', 'Terms of service and privacy policy, reviewed by legal linguists'],
  ['Onboarding videos subtitling', 'Six videos, SRT deliverables'],
  ['Support centre articles', '120 help articles, machine translation + post-editing'],
  ['Annual report', 'Print-ready InDesign files'],
  ['E-learning module: Safety', null],
] as const;
const COMPANIES = ['Northwind Traders', 'Contoso Pharma', 'Fabrikam Retail', 'Tailspin Travel'];
const STATUSES: QuoteStatus[] = ['PENDING', 'REVISED', 'ACCEPTED', 'PENDING', 'REJECTED', 'CHANGED_TO_PROJECT', 'EXPIRED', 'CANCELLED'];
const CURRENCIES = ['EUR', 'GBP', 'USD'];

/** Realistic-looking quotes, the same every run. */
export function sampleQuotes(count: number, statuses: readonly QuoteStatus[] = STATUSES): QuoteListItem[] {
  return Array.from({ length: count }, (_, index) => {
    const [projectName, projectDescription] = PROJECTS[index % PROJECTS.length]!;
    const day = String(1 + (index % 27)).padStart(2, '0');
    const priced = index % 7 !== 3;
    const numbered = index % 9 !== 4;
    return makeQuote({
      id: quoteId(1000 + index),
      quoteNumber: numbered ? `Q-2025-${String(1200 - index).padStart(4, '0')}` : null,
      projectName,
      projectDescription,
      status: statuses[index % statuses.length]!,
      companyName: COMPANIES[index % COMPANIES.length]!,
      totalPrice: priced ? { amount: 850 + ((index * 1379) % 24000) + 0.5, currency: CURRENCIES[index % 3]! } : null,
      quoteDate: `2025-05-${day}T09:30:00Z`,
      deadlineForQuote: `2025-06-${day}`,
      projectDueDate: index % 5 === 2 ? null : `2025-07-${day}`,
      validUntil: `2025-06-${day}T23:59:00Z`,
    });
  });
}

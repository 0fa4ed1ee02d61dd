import type { ItemsPricing, QuoteDetails } from '../../../preload/contract';

/** A consistent two-team pricing: every total is the sum of its parts. */
export function makePricing(): ItemsPricing {
  return {
    calculatedAt: '2025-05-02T10:00:00Z',
    total: 2350,
    teams: [
      {
        teamName: 'Translation team',
        currency: 'EUR',
        total: 1850,
        clientServices: [
          {
            serviceName: 'Translation',
            serviceType: 'TRANSLATION',
            dueDate: '2025-06-01',
            notes: 'Glossary provided',
            total: 1850,
            targetMarkets: [
              {
                targetMarketId: '00000000-0000-4000-8000-000000000101',
                targetMarketLabel: 'German (Germany)',
                subTotal: 1100,
                items: [
                  { itemName: 'New words', unit: 'word', quantity: 10000, unitPrice: 0.1, totalPrice: 1000 },
                  { itemName: 'Project management', unit: 'hour', quantity: 2, unitPrice: 50, totalPrice: 100 },
                ],
              },
              {
                targetMarketId: '00000000-0000-4000-8000-000000000102',
                targetMarketLabel: 'French (France)',
                subTotal: 750,
                items: [{ itemName: 'New words', unit: 'word', quantity: 7500, unitPrice: 0.1, totalPrice: 750 }],
              },
            ],
          },
        ],
      },
      {
        teamName: 'Audio team',
        currency: 'EUR',
        total: 500,
        clientServices: [
          {
            serviceName: 'Voice-over',
            serviceType: 'VOICE_OVER',
            dueDate: null,
            notes: null,
            total: 500,
            targetMarkets: [
              {
                targetMarketId: '00000000-0000-4000-8000-000000000101',
                targetMarketLabel: 'German (Germany)',
                subTotal: 500,
                items: [{ itemName: 'Studio time', unit: 'hour', quantity: 4, unitPrice: 125, totalPrice: 500 }],
              },
            ],
          },
        ],
      },
    ],
  };
}

export function makeDetails(overrides: Partial<QuoteDetails> = {}): QuoteDetails {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    quoteNumber: 'Q-2025-0042',
    projectName: 'Website relaunch',
    projectDescription: 'Marketing site, 42 pages',
    status: 'REVISED',
    company: {
      id: '00000000-0000-4000-8000-000000000900',
      name: 'Northwind Traders',
      country: 'DE',
      timezone: 'Europe/Berlin',
      clientUsers: [{ id: '00000000-0000-4000-8000-000000000901', name: 'Ada Client', email: 'ada@northwind.test', role: 'Buyer' }],
      logo: null,
    },
    totalPrice: { amount: 2350, currency: 'EUR' },
    quoteDate: '2025-05-01T09:00:00Z',
    deadlineForQuote: '2025-05-10',
    projectDueDate: '2025-06-15',
    validUntil: '2025-05-31T23:59:00Z',
    referenceNumber: 'REF-77',
    poNumber: 'PO-1234',
    poRequired: true,
    generalInformation: {
      projectName: 'Website relaunch',
      projectDescription: 'Marketing site, 42 pages',
      backgroundInfo: 'New brand launch in autumn',
      targetAudience: 'Retail buyers',
      referenceNumber: 'REF-77',
    },
    timeline: { quoteExpiryDate: '2025-05-31T23:59:00Z', projectDueDate: '2025-06-15' },
    rfqInformation: { rfqId: 'rfq-1', rfqNo: 'RFQ-2025-0007', deadlineForQuote: '2025-05-10' },
    projectTeam: {
      members: [
        { userId: '00000000-0000-4000-8000-000000000911', name: 'Pat Manager', email: 'pat@loc.test', role: 'Project manager', isProjectOwner: true },
        { userId: '00000000-0000-4000-8000-000000000912', name: 'Lin Linguist', email: 'lin@loc.test', role: 'Linguist', isProjectOwner: false },
      ],
      projectOwner: { name: 'Pat Manager', email: 'pat@loc.test', userId: '00000000-0000-4000-8000-000000000911' },
    },
    itemsPricing: makePricing(),
    createdAt: '2025-05-01T09:00:00Z',
    updatedAt: '2025-05-02T10:00:00Z',
    ...overrides,
  };
}

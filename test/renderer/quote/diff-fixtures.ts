import type { RevisionDiff } from '../../../renderer/src/lib/revision-diff';

export const key = (itemName: string, targetMarket = 'German (Germany)') => ({ team: 'Translation team', service: 'Translation', targetMarket, itemName, unit: 'word' });

export function sampleDiff(): RevisionDiff {
  return {
    currency: 'EUR',
    from: { at: '2025-05-01T09:00:00Z', status: 'SENT' },
    to: { at: '2025-05-03T09:00:00Z', status: 'REVISED' },
    total: { before: 15_500, after: 16_740 },
    teams: [
      { label: 'Translation team', before: 12_000, after: 13_300 },
      { label: 'Audio team', before: 3_500, after: 3_440 },
      { label: 'DTP team', before: 0, after: 0 },
    ],
    lineItems: [
      { kind: 'repriced', key: key('Fuzzy matches'), before: { quantity: 100, unitPrice: 1, totalPrice: 100 }, after: { quantity: 100, unitPrice: 1.2, totalPrice: 120 } },
      { kind: 'added', key: key('Transcreation'), after: { quantity: 10, unitPrice: 100, totalPrice: 1000 } },
      { kind: 'repriced', key: key('New words', 'French (France)'), before: { quantity: 1000, unitPrice: 0.2, totalPrice: 200 }, after: { quantity: 1500, unitPrice: 0.2, totalPrice: 300 } },
      { kind: 'repriced', key: key('Studio time'), before: { quantity: 4, unitPrice: 125, totalPrice: 500 }, after: { quantity: 4, unitPrice: 110, totalPrice: 440 } },
    ],
    fields: [
      { field: 'validUntil', before: '2025-05-31T23:59:00Z', after: '2025-06-30T23:59:00Z' },
      { field: 'poRequired', before: false, after: false },
      { field: 'status', before: 'SENT', after: 'REVISED' },
    ],
  };
}


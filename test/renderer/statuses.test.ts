import { describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from '../../preload/contract/plain/statuses';
import { STATUSES_BY_ACCESS, STATUS_LABELS, STATUS_TONES, isActionable, statusLabel } from '../../renderer/src/lib/statuses';

describe('status tables', () => {
  it('offers client keys only the statuses the visibility rule lets them see, internal keys all ten', () => {
    expect(STATUSES_BY_ACCESS.client).toEqual(['PENDING', 'REVISED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED', 'CHANGED_TO_PROJECT']);
    expect(STATUSES_BY_ACCESS.internal).toEqual(QUOTE_STATUSES);
  });

  it('labels every status in plain words', () => {
    expect(STATUS_LABELS.SENT_PENDING).toBe('Awaiting client');
    expect(STATUS_LABELS.REJECTED).toBe('Declined');
    expect(STATUS_LABELS.CHANGED_TO_PROJECT).toBe('Project started');
    for (const status of QUOTE_STATUSES) {
      expect(STATUS_LABELS[status]).toMatch(/^[A-Z][a-z]/);
      expect(STATUS_TONES[status]).toBeTruthy();
    }
  });

  it('marks action needed per key kind', () => {
    expect(isActionable({ status: 'PENDING', quoteNumber: 'Q-1' }, 'client')).toBe(true);
    expect(isActionable({ status: 'PENDING', quoteNumber: 'Q-1' }, 'internal')).toBe(false);
    expect(isActionable({ status: 'SENT_REVISED', quoteNumber: 'Q-1' }, 'internal')).toBe(true);
    expect(isActionable({ status: 'ACCEPTED', quoteNumber: 'Q-1' }, 'client')).toBe(false);
  });

  it('reads an unnumbered PENDING quote as in preparation, with nothing to decide yet', () => {
    expect(isActionable({ status: 'PENDING', quoteNumber: null }, 'client')).toBe(false);
    expect(statusLabel({ status: 'PENDING', quoteNumber: null }, 'client')).toBe('In preparation');
    expect(statusLabel({ status: 'PENDING', quoteNumber: 'Q-2026-0001' }, 'client')).toBe('Pending');
    expect(statusLabel({ status: 'PENDING', quoteNumber: 'Q-2026-0001' }, 'internal')).toBe('In preparation');
    expect(statusLabel({ status: 'REVISED', quoteNumber: 'Q-2026-0001' }, 'client')).toBe('Revised');
  });
});

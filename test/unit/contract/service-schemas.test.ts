import { describe, expect, it } from 'vitest';
import { QuoteListItem, TokenResponse, WebhookInfo, clientFacingStatus, maybeEnveloped } from '../../../preload/contract';

const item = {
  id: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b',
  quoteNumber: 'Q-2026-0001',
  projectName: 'Website',
  status: 'SENT',
  companyId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  companyName: 'Acme',
  totalPrice: { amount: 10.5, currency: 'EUR' },
  quoteDate: '2026-01-02T10:00:00.000Z',
  deadlineForQuote: '2026-01-10',
  projectDueDate: null,
};

describe('service schemas: tolerant where the spec is silent, strict where it speaks', () => {
  it('honours expiresIn as a number or a digit string, and refuses a zero lifetime', () => {
    expect(TokenResponse.parse({ success: true, accessToken: 't', expiresIn: 1800 }).expiresIn).toBe(1800);
    expect(TokenResponse.parse({ success: true, accessToken: 't', expiresIn: '900' }).expiresIn).toBe(900);
    expect(TokenResponse.safeParse({ success: true, accessToken: 't', expiresIn: '0' }).success).toBe(false);
    expect(TokenResponse.safeParse({ success: true, accessToken: 't', expiresIn: 0 }).success).toBe(false);
  });

  it('keeps list items with unknown extra fields and names the path of a missing required one', () => {
    expect(QuoteListItem.parse({ ...item, somethingNew: 1 }).quoteNumber).toBe('Q-2026-0001');
    const { companyName: _dropped, ...missing } = item;
    const result = QuoteListItem.safeParse(missing);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['companyName']);
  });

  it('rejects a date that is not YYYY-MM-DD and a status outside the enumeration', () => {
    expect(QuoteListItem.safeParse({ ...item, deadlineForQuote: '10/01/2026' }).success).toBe(false);
    expect(QuoteListItem.safeParse({ ...item, status: 'DRAFT' }).success).toBe(false);
  });

  it('reads webhook answers with and without the {success, data} envelope', () => {
    const info = { id: item.id, url: 'https://hooks.example.com/q', isActive: true, createdAt: '2026-01-01T00:00:00Z' };
    const schema = maybeEnveloped(WebhookInfo);
    expect(schema.parse(info)).toEqual(info);
    expect(schema.parse({ success: true, data: info })).toEqual(info);
  });

  it('applies the visibility rule of client keys', () => {
    expect(clientFacingStatus('SENT')).toBe('PENDING');
    expect(clientFacingStatus('SENT_PENDING')).toBe('PENDING');
    expect(clientFacingStatus('SENT_REVISED')).toBe('REVISED');
    expect(clientFacingStatus('ACCEPTED')).toBe('ACCEPTED');
  });
});

import { describe, expect, it } from 'vitest';
import { describeChange, SYNC_CHANGE_KINDS, WORDINGS } from '../../../../main/core/notify';
import { EVENT_TYPES } from '../../../../preload/contract/service/webhook';
import { formatMoment, formatMoney } from '../../../../i18n/words/format';
import { change, QUOTE_A } from './fixtures';

/**
 * The event types as the Quoting Service interface's "Events" tables list them (21 client-facing,
 * 13 job), in its order: a type the service adds must be added here, to the contract and to the words.
 */
const SPEC_EVENT_TYPES = [
  'rfq.status_changed', 'rfq.info_submitted', 'rfq.assets_uploaded', 'rfq.submitted', 'rfq.copied', 'rfq.cancelled',
  'quote.created', 'quote.status_changed', 'quote.sent_to_client', 'quote.accepted', 'quote.rejected', 'quote.revised_and_sent', 'quote.cancelled', 'quote.converted_to_project',
  'project.status_changed', 'project.created', 'project.team_updated', 'project.sent_for_billing', 'project.delivered', 'project.copied', 'project.cancelled',
  'job.created', 'job.started', 'job.talent_assigned', 'job.request_rejected', 'job.reassigned', 'job.delivery_submitted', 'job.delivery_updated',
  'job.delivery_approved', 'job.delivery_rejected', 'job.feedback_submitted', 'job.approved_for_invoicing', 'job.archived', 'job.cancelled',
];

describe('wording', () => {
  it('has specific words for every event type of the spec (21 client-facing, 13 job) and every sync-detected change', () => {
    const fromSpec = SPEC_EVENT_TYPES;
    expect(fromSpec).toHaveLength(34);
    expect([...fromSpec].sort()).toEqual([...EVENT_TYPES].sort());
    const missing = [...fromSpec, ...SYNC_CHANGE_KINDS].filter((kind) => !(kind in WORDINGS));
    expect(missing).toEqual([]);
    // And no two event types read the same for the same change.
    const titles = EVENT_TYPES.map((kind) => describeChange(change({ kind, oldStatus: null, newStatus: null })).title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('names the quote, project, company, amount and the status change in the inbox row\'s words', () => {
    const shown = describeChange(change({ kind: 'quote.status_changed', oldStatus: 'SENT', newStatus: 'ACCEPTED' }));
    expect(shown.title).toBe('Quote Q-2026-0042: Accepted');
    // The row said "Awaiting your decision", not "Pending"; the amount in the app's one formatter (system locale).
    expect(shown.body).toBe(`Awaiting your decision → Accepted\nSpring catalogue · Acme Retail · ${formatMoney({ amount: 1250.5, currency: 'EUR' })}\nAcme`);
    expect(shown.link).toBe(`quotedesk://quote/acc-1/${QUOTE_A}`);
    expect(shown.route).toEqual({ view: 'quote', accountId: 'acc-1', quoteId: QUOTE_A });
    expect(shown.group).toBe('quote');
  });

  it('says statuses as each kind of key sees them in the inbox', () => {
    const internal = describeChange(change({ access: 'internal', oldStatus: 'SENT', newStatus: 'REJECTED' }));
    expect(internal.body.split('\n')[0]).toBe('Awaiting the client → Declined');
    const client = describeChange(change({ access: 'client', oldStatus: 'SENT_REVISED', newStatus: 'REJECTED' }));
    expect(client.body.split('\n')[0]).toBe('Revised → Declined');
  });

  it('tells a client a sent quote awaits their decision, and formats other currencies', () => {
    const sent = describeChange(change({ kind: 'quote.sent_to_client', oldStatus: null, newStatus: null, amount: { value: 980, currency: 'USD' } }));
    expect(sent.title).toBe('Quote Q-2026-0042 sent');
    expect(sent.body).toContain('Ready for your decision');
    expect(sent.body).toContain(formatMoney({ amount: 980, currency: 'USD' }));
    const odd = describeChange(change({ amount: { value: 12, currency: 'XQQ1' } }));
    expect(odd.body).toContain('12 XQQ1');
  });

  it('words a price change with both amounts and a project event with its name, linking to the inbox when there is no quote', () => {
    const pricing = describeChange(change({ kind: 'quote.pricing', source: 'sync', previousAmount: { value: 1000, currency: 'EUR' } }));
    expect(pricing.title).toBe('Quote Q-2026-0042: price changed');
    expect(pricing.body.split('\n')[0]).toBe(`${formatMoney({ amount: 1000, currency: 'EUR' })} → ${formatMoney({ amount: 1250.5, currency: 'EUR' })}`);
    const project = describeChange(
      change({ kind: 'project.status_changed', quoteId: null, entityId: null, entityNumber: null, entityName: 'Spring catalogue', oldStatus: 'IN_PROGRESS', newStatus: 'DELIVERED', amount: null }),
    );
    expect(project.title).toBe('Project Spring catalogue: Delivered');
    expect(project.body.split('\n')[0]).toBe('In progress → Delivered');
    expect(project.group).toBe('project');
    expect(project.link).toBe('quotedesk://inbox/acc-1');
  });

  it('gives an unknown event type a generic notification that still says what and where', () => {
    const shown = describeChange(change({ kind: 'invoice.paid', quoteId: null, entityNumber: 'INV-7', oldStatus: 'OPEN', newStatus: 'PAID', amount: null }));
    expect(shown.title).toBe('Invoice INV-7: paid');
    expect(shown.body).toBe('Open → Paid\nSpring catalogue · Acme Retail\nAcme');
    expect(shown.link).toBe('quotedesk://inbox/acc-1');
  });

  it('calls a quote without a number "a quote" rather than printing null', () => {
    const shown = describeChange(change({ kind: 'quote.cancelled', quoteNumber: null, entityNumber: null }));
    expect(shown.title).toBe('A quote cancelled');
    expect(shown.title).not.toMatch(/null|undefined/);
  });
  it('asks a client to decide before a quote expires, and tells an internal key the client has not decided yet', () => {
    const expiring = { kind: 'quote.expiring', reminder: 'two-days', daysLeft: 2, source: 'sync', oldStatus: null, newStatus: null, occurredAt: '2025-03-02T17:00:00.000Z' } as const;
    const when = formatMoment('2025-03-02T17:00:00.000Z');
    const client = describeChange(change({ ...expiring, access: 'client' }));
    expect(client.title).toBe('Quote Q-2026-0042 expires in 2 days');
    expect(describeChange(change({ ...expiring, reminder: 'last-day', access: 'client' })).title).toBe('Quote Q-2026-0042 expires today');
    expect(client.body.split('\n')[0]).toBe(`Decide by ${when}`);
    // An internal key's quote is "Awaiting the client": the reader does not decide it.
    const internal = describeChange(change({ ...expiring, access: 'internal' }));
    expect(internal.title).toBe('Quote Q-2026-0042 expires in 2 days');
    expect(internal.body.split('\n')[0]).toBe(`Expires on ${when} — the client has not decided yet`);
    expect(internal.body).not.toMatch(/decide by/i);
  });

  it('says a snoozed quote is back, and why: its time came, or it changed', () => {
    const back = { kind: 'quote.snooze_ended', source: 'sync', oldStatus: null, newStatus: null } as const;
    const timed = describeChange(change({ ...back, occurredAt: '2025-03-02T09:00:00.000Z' }));
    expect(timed.title).toBe('Quote Q-2026-0042 is back from snooze');
    expect(timed.body.split('\n')[0]).toBe(`Snoozed until ${formatMoment('2025-03-02T09:00:00.000Z')}`);
    expect(describeChange(change({ ...back, occurredAt: null })).body.split('\n')[0]).toBe('It changed while snoozed');
  });
});

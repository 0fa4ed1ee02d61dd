import { describe, expect, it } from 'vitest';
import { deliveryWords } from '../../../i18n/words/activity-words';

const body = (event: string, data: Record<string, unknown>) => JSON.stringify({ event, data: { entityId: 'e-1', companyId: 'c-1', timestamp: '2026-11-26T16:00:00Z', ...data } });

describe('an Activity entry in plain words (from the caused strings the event log stores)', () => {
  it('names the quote and the stage it moved to, from an entry the core stored as "status X -> Y; revision N", without a local version count', () => {
    expect(
      deliveryWords({
        event: 'quote.converted_to_project',
        body: body('quote.converted_to_project', { entityNumber: 'Q-2026-0107' }),
        caused: 'quote refreshed: status SENT -> CHANGED_TO_PROJECT; revision 2',
      }),
    ).toBe('Quote Q-2026-0107 moved to Project started; new version kept; inbox updated');
    expect(
      deliveryWords({ event: 'quote.revised_and_sent', body: body('quote.revised_and_sent', { entityNumber: 'Q-2026-0103' }), caused: 'quote refreshed: new version kept' }),
    ).toBe('Quote Q-2026-0103: revised and sent; new version kept; inbox updated');
  });

  it('says a job event did not notify because the person turned these off, naming the job', () => {
    expect(deliveryWords({ event: 'job.created', body: body('job.created', { entityNumber: 'J-88' }), caused: 'notification: not-wanted' })).toBe(
      'Job J-88 created; no notification (you turned these off)',
    );
    expect(
      deliveryWords({ event: 'project.status_changed', body: body('project.status_changed', { entityName: 'Launch', newStatus: 'IN_PROGRESS' }), caused: 'notification: shown' }),
    ).toBe('Project “Launch” status changed; notification shown');
  });

  it('reads the other stored outcomes, a relay prefix, an unreadable body and an entry still processing without enum names', () => {
    const quote = (caused: string | null, data: Record<string, unknown> = {}) =>
      deliveryWords({ event: 'quote.status_changed', body: body('quote.status_changed', { entityNumber: 'Q-1', newStatus: 'ACCEPTED', ...data }), caused });
    expect(quote('quote refreshed: no change (already known)')).toBe('Quote Q-1: status changed; already up to date, nothing changed');
    expect(quote('quote not refreshed (HTTP 503); the next sync will catch up')).toBe('Quote Q-1: status changed; could not be fetched now; the next sync will catch up');
    expect(quote('via relay: quote refreshed: status SENT -> REJECTED')).toBe('Quote Q-1 moved to Declined; inbox updated (via the team relay)');
    expect(quote(null, { newStatus: 'SOMETHING_NEW' })).toBe('Quote Q-1: status changed');
    expect(deliveryWords({ event: 'quote.created', body: '{not json', caused: 'quote refreshed: status PENDING -> PENDING' })).toBe(
      'A quote without a number yet moved to In preparation; inbox updated',
    );
    expect(deliveryWords({ event: null, body: null, caused: null })).toBe('An event Quotedesk could not read');
  });
});

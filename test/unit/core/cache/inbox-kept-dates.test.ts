// The index keeps a quote's timestamps compactly (as their time when that gives the text back
// exactly): the rows it lists, the reminders it gives and the order must still carry every
// date exactly as stored, whatever its form.
import { describe, expect, it } from 'vitest';
import { indexOf, queryOf, sourceRow } from './inbox-rows';

// Newest first, as listed: the two without a readable date last, by id.
const STORED = [
  { quoteId: 'millis', quoteDate: '2025-02-03T10:20:30.123Z', validUntil: '2025-03-05T00:00:00.000Z' },
  { quoteId: 'no-millis', quoteDate: '2025-02-02T10:20:30Z', validUntil: '2025-03-04T10:00:00+02:00' },
  { quoteId: 'day-only', quoteDate: '2025-02-01', validUntil: '2025-03-03' },
  { quoteId: 'none', quoteDate: null, validUntil: null },
  { quoteId: 'unreadable', quoteDate: 'soon', validUntil: 'not a date' },
];

describe('the timestamps the inbox index keeps', () => {
  const rows = () => STORED.map((dates) => sourceRow({ ...dates, status: 'SENT' }));

  it('come back in rows and reminders exactly as stored, loaded or put', () => {
    for (const index of [indexOf(rows(), { 'internal-acc': { access: 'internal' } }), indexOf([], { 'internal-acc': { access: 'internal' } })]) {
      for (const row of rows()) index.put(row);
      const listed = index.query(queryOf({})).rows;
      expect(listed.map(({ quoteId, quoteDate, validUntil }) => ({ quoteId, quoteDate, validUntil }))).toEqual(STORED);
      const reminders = index.needingActionAtAGlance('internal-acc');
      expect(reminders.map(({ id, validUntil }) => ({ id, validUntil }))).toEqual(STORED.map(({ quoteId, validUntil }) => ({ id: quoteId, validUntil })));
    }
  });

  it('order by their time as the stored text reads, and leave the caller\'s rows untouched', () => {
    const given = rows();
    const index = indexOf(given, { 'internal-acc': { access: 'internal' } });
    expect(given.map(({ quoteId, quoteDate, validUntil }) => ({ quoteId, quoteDate, validUntil }))).toEqual(STORED);
    expect(index.query(queryOf({ sort: 'expiry' })).rows.map((row) => row.quoteId)).toEqual(['day-only', 'no-millis', 'millis', 'none', 'unreadable']);
  });
});

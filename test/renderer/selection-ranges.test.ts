// A Shift-click range however long is sent as its ends, not as the ids it spans: browser mode's
// socket refuses a frame over MAX_MESSAGE_BYTES (a range over 25,084 quotes once took 978 KB
// and dropped the connection). How the core resolves ranges: test/unit/core/inbox/selection.test.ts.
import { describe, expect, it } from 'vitest';
import type { SelectionInput } from '../../preload/contract';
import { MAX_MESSAGE_BYTES } from '../../preload/contract/plain/socket-framing';
import { InboxState } from '../../renderer/src/lib/state/inbox.svelte';
import { SelectionState } from '../../renderer/src/lib/state/selection.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';

const ROWS = 25_000;

function manyQuotes(count: number) {
  const start = Date.parse('2025-01-01T00:00:00Z');
  // Newest first is the order of the ids: quote n is n minutes older than quote 1.
  return Array.from({ length: count }, (_, index) => makeQuote({ id: quoteId(index + 1), quoteDate: new Date(start - index * 60_000).toISOString() }));
}

async function loadedSelection() {
  const fake = new FakeBridge({ accounts: [makeAccount({ id: 'acme' })], quotes: { acme: manyQuotes(ROWS) } });
  fake.arrange('selection.markRead', () => ({ quotes: 0, unread: { total: 0, accounts: [] } }));
  const inbox = new InboxState(fake.api);
  inbox.open('acme');
  await expect.poll(() => inbox.total, { timeout: 20_000 }).toBe(ROWS);
  return { fake, inbox, selection: new SelectionState(inbox, fake.api) };
}

describe('a Shift-click range in the inbox', () => {
  it(`over ${ROWS.toLocaleString('en')} quotes is sent as its first and last quote, with the ones unticked since`, async () => {
    const { fake, selection } = await loadedSelection();
    selection.toggle(0, quoteId(1));
    await selection.selectRange(ROWS - 1, quoteId(ROWS));
    expect(selection.count).toBe(ROWS);
    expect(selection.isSelected(quoteId(12_345))).toBe(true);

    // Unticked inside the range, ticked again, and one more unticked: the range stays whole.
    selection.toggle(99, quoteId(100));
    selection.toggle(99, quoteId(100));
    selection.toggle(4, quoteId(5));
    expect(selection.count).toBe(ROWS - 1);
    expect(selection.isSelected(quoteId(5))).toBe(false);

    await selection.markRead();
    const [sent] = fake.callsOf('selection.markRead') as SelectionInput[];
    expect(sent!.selection).toEqual({ kind: 'ranges', ranges: [{ from: quoteId(1), to: quoteId(ROWS) }], quoteIds: [], except: [quoteId(5)] });
    // A frame of a few hundred bytes, far under what the host takes.
    expect(JSON.stringify(sent).length).toBeLessThan(MAX_MESSAGE_BYTES / 100);
  }, 60_000);

  it('sends quotes picked singly beside the ranges, and only ids when there is no range', async () => {
    const { fake, selection } = await loadedSelection();
    selection.toggle(10, quoteId(11));
    selection.toggle(30, quoteId(31));
    await selection.markRead();
    selection.toggle(20, quoteId(21));
    await selection.selectRange(24, quoteId(25));
    selection.toggle(22, quoteId(23));
    expect(selection.count).toBe(2 + 5 - 1);
    await selection.markRead();

    const [few, mixed] = fake.callsOf('selection.markRead') as SelectionInput[];
    expect(few!.selection).toEqual({ kind: 'quotes', quoteIds: [quoteId(11), quoteId(31)] });
    expect(mixed!.selection).toEqual({ kind: 'ranges', ranges: [{ from: quoteId(21), to: quoteId(25) }], quoteIds: [quoteId(11), quoteId(31)], except: [quoteId(23)] });
  }, 60_000);
});

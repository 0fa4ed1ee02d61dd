// What the inbox asks at each search keystroke, and what a user sees of the answers: the
// rows of the last key always, never a superseded key's rows, and the facet counts once
// typing stops (asked after the rows, not at every key, so they never hold the rows back).
// The calls go through a transport with lanes (CallOptions.lane), as over the real bridge:
// a superseded call resolves with the later call's answer.
import { describe, expect, it } from 'vitest';
import type { BridgeApi, QuoteListItem } from '../../preload/contract';
import { buildApi, createLaneJoiner, splitMethodName } from '../../preload/contract/plain';
import type { CallOptions, MethodName } from '../../preload/contract/plain';
import type { InboxQueryInput } from '../../renderer/src/lib/inbox-bridge';
import { InboxState } from '../../renderer/src/lib/state/inbox.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';

/** Long enough that a loaded machine types the test's keys well within it. */
const PAUSE_MS = 1_000;

function quotes(): QuoteListItem[] {
  const names = ['Alpha launch', 'Alps brochure', 'Alpine guide', 'Beta app', 'Catalogue'];
  return names.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, companyName: index < 3 ? 'Acme Corp' : 'Globex' }));
}

/** FakeBridge's answers through a transport with lanes, as the preload's (createLaneJoiner). */
function withLanes(bridge: FakeBridge): BridgeApi {
  const joinLane = createLaneJoiner();
  return buildApi<BridgeApi>(
    (method: MethodName, input: unknown, options?: CallOptions) => {
      const [namespace, fn] = splitMethodName(method);
      const run = () => (bridge.api as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[namespace]![fn]!(input);
      return options?.lane === undefined ? run() : joinLane(options.lane, run);
    },
    (name, listener) => bridge.api.events[name](listener as never),
  );
}

function searched(bridge: FakeBridge, method: 'inbox.query' | 'inbox.facets'): Array<string | undefined> {
  return bridge.callsOf(method).map((input) => (input as InboxQueryInput).search);
}

function shownProjects(inbox: InboxState): string[] {
  const rows: string[] = [];
  for (let index = 0; index < (inbox.total ?? 0); index++) rows.push(inbox.rowAt(index)?.projectName ?? '?');
  return rows;
}

async function opened(bridge: FakeBridge, transport: (bridge: FakeBridge) => BridgeApi): Promise<InboxState> {
  const inbox = new InboxState(transport(bridge), { facetsTypingPauseMs: PAUSE_MS });
  inbox.open(null);
  await expect.poll(() => inbox.total).toBe(5);
  await expect.poll(() => inbox.facets?.total).toBe(5);
  return inbox;
}

// Over lanes the page never even receives a superseded answer; without them (Electron's IPC
// today) the state's generations alone keep it off the screen.
const TRANSPORTS: Array<[string, (bridge: FakeBridge) => BridgeApi]> = [
  ['over a transport with lanes', withLanes],
  ['over a transport without lanes', (bridge) => bridge.api],
];

describe.each(TRANSPORTS)('search keystrokes in the inbox state, %s', (_name, transport) => {
  it('never shows a superseded key\'s rows, whichever answer comes first, and shows the last key\'s', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes() } });
    const inbox = await opened(bridge, transport);
    const releaseAl = bridge.holdNext('inbox.query');
    const releaseAlp = bridge.holdNext('inbox.query');
    const releaseAlph = bridge.holdNext('inbox.query');
    inbox.typeSearch('al');
    inbox.typeSearch('alp');
    inbox.typeSearch('alph');
    // The last key's answer first: it shows; the earlier keys' answers, late, change nothing.
    releaseAlph();
    await expect.poll(() => shownProjects(inbox)).toEqual(['Alpha launch']);
    releaseAl();
    releaseAlp();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownProjects(inbox)).toEqual(['Alpha launch']);
    expect(inbox.total).toBe(1);
    inbox.dispose();
  });

  it('shows the last key\'s rows when the superseded keys\' answers come first', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes() } });
    const inbox = await opened(bridge, transport);
    const releaseA = bridge.holdNext('inbox.query');
    const releaseAl = bridge.holdNext('inbox.query');
    const releaseAlpi = bridge.holdNext('inbox.query');
    inbox.typeSearch('a');
    inbox.typeSearch('al');
    inbox.typeSearch('alpi');
    releaseA();
    releaseAl();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing of "a" or "al" passes for the search on screen: the rows before it stay, marked loading.
    expect(shownProjects(inbox)).toEqual(quotes().map((quote) => quote.projectName));
    expect(inbox.loading).toBe(true);
    releaseAlpi();
    await expect.poll(() => shownProjects(inbox)).toEqual(['Alpine guide']);
    expect(inbox.loading).toBe(false);
    inbox.dispose();
  });

  it('asks the facet counts once typing stops, for the last key only, after its rows', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes() } });
    const inbox = await opened(bridge, transport);
    const countsBefore = bridge.callsOf('inbox.facets').length;
    const started = performance.now();
    for (const text of ['a', 'al', 'alp']) {
      inbox.typeSearch(text);
      // Each key's rows arrive before the next key, as when typing at a person's pace.
      await expect.poll(() => inbox.loading === false && searched(bridge, 'inbox.query').at(-1) === text).toBe(true);
      // A moment between keys, as a person leaves: counts asked right after the rows would go now.
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(inbox.total).toBe(3);
    if (performance.now() - started < PAUSE_MS) expect(bridge.callsOf('inbox.facets').length).toBe(countsBefore);
    // The counts catch up with the last key.
    await expect.poll(() => inbox.facets?.total, { timeout: 5_000 }).toBe(3);
    expect(searched(bridge, 'inbox.facets').slice(countsBefore)).toEqual(['alp']);
    inbox.dispose();
  });

  it('asks a filter\'s counts right after its rows, and drops counts asked for an older selection', async () => {
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes() } });
    const inbox = await opened(bridge, transport);
    const releaseOld = bridge.holdNext('inbox.facets');
    inbox.refresh();
    await expect.poll(() => bridge.callsOf('inbox.facets').length).toBe(2);
    inbox.toggleFacet('companies', 'Globex');
    // Well within the typing pause: a filter's counts do not wait for one.
    await expect.poll(() => inbox.facets?.total, { timeout: PAUSE_MS / 2 }).toBe(2);
    const order = bridge.calls.filter((call) => call.method === 'inbox.query' || call.method === 'inbox.facets').slice(-2);
    expect(order.map((call) => call.method)).toEqual(['inbox.query', 'inbox.facets']);
    releaseOld();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inbox.facets?.total).toBe(2);
    inbox.dispose();
  });
});

describe('the rows a search keystroke asks for', () => {
  it('asks the rows in view only, and the rest of the window once the list is scrolled to it', async () => {
    const many = Array.from({ length: 120 }, (_, index) => makeQuote({ id: quoteId(index + 1), projectName: `Item ${index + 1}` }));
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': many } });
    const inbox = new InboxState(bridge.api, { facetsTypingPauseMs: PAUSE_MS });
    inbox.open(null);
    inbox.showRange(0, 24);
    await expect.poll(() => inbox.total).toBe(120);
    inbox.typeSearch('item');
    await expect.poll(() => inbox.loading === false && searched(bridge, 'inbox.query').at(-1) === 'item').toBe(true);
    expect(bridge.callsOf('inbox.query').at(-1)).toMatchObject({ offset: 0, limit: 40 });
    expect(inbox.total).toBe(120);
    expect(inbox.rowAt(39)).toBeDefined();
    expect(inbox.rowAt(40)).toBeUndefined();
    // Scrolled down: the whole first window and the next.
    inbox.showRange(30, 110);
    await expect.poll(() => inbox.rowAt(109)?.projectName).toBeDefined();
    expect(inbox.rowAt(60)).toBeDefined();
    expect(bridge.callsOf('inbox.query').slice(-2)).toEqual(
      expect.arrayContaining([expect.objectContaining({ offset: 0, limit: 100, search: 'item' }), expect.objectContaining({ offset: 100, limit: 100, search: 'item' })]),
    );
    inbox.dispose();
  });
});

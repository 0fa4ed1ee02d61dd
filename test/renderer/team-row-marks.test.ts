// The inbox rows' team marks over the fake bridge (whose 'inbox.teamMarks' is the core's own
// batching over the threads a test arranges): the assignee's initials named by the full name,
// the approval of the current revision, read in one call for the rows on screen, kept current
// when the team moves, one line in compact rows, and nothing at all off a team.
import { waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { TeamThread, TeamView } from '../../preload/contract';
import { noTeamView } from '../../main/core/team/bridge';
import { initialsOf } from '../../renderer/src/components/team-marks';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { memoryPreferences, renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };
const bob = { name: 'Bob Stone', email: 'bob@example.com' };
const admitted: TeamView = { ...noTeamView(), joined: true, team: 'Acme', name: 'Bob Stone', email: 'bob@example.com', role: 'approver', online: true };

const none: TeamThread = { assignee: null, notes: [], approvals: [], unverified: [], accept: { allowed: true, reason: null, needsApproval: false, approvedBy: null }, awaitingMe: false };
const request = (currentRevision: boolean, decision: TeamThread['approvals'][number]['decision'] = null): TeamThread['approvals'][number] => ({
  id: `r-${currentRevision}`,
  author: ada,
  at: Date.UTC(2026, 10, 28, 10),
  approver: bob,
  total: { amount: 8000, currency: 'EUR' },
  currentRevision,
  comment: '',
  decision,
});

function fake(view: TeamView | null, threads: Record<string, TeamThread>) {
  const bridge = new FakeBridge({
    accounts: [acme],
    quotes: { acme: [makeQuote({ id: quoteId(1), projectName: 'Website relaunch' }), makeQuote({ id: quoteId(2), projectName: 'Annual report' }), makeQuote({ id: quoteId(3), projectName: 'Brochure' })] },
  });
  if (view) {
    bridge.arrange('team.state', () => view);
    bridge.arrange('team.thread', ({ quoteId: id }) => threads[id] ?? none);
  }
  return bridge;
}

const rowOf = async (project: string) => (await settledQuoteRows()).find((row) => row.textContent?.includes(project))!;

describe("the inbox rows' team marks", () => {
  it("show the assignee's initials named by the full name and the current revision's approval, read in one call for the rows on screen", async () => {
    const threads: Record<string, TeamThread> = {
      [quoteId(1)]: { ...none, assignee: { ...bob, by: 'Ada Lovelace', at: 0 }, approvals: [request(true)] },
      [quoteId(2)]: { ...none, approvals: [request(true, { author: bob, at: 1, approved: true, comment: '' })] },
      // Approved, but an earlier revision: nothing to mark on this one.
      [quoteId(3)]: { ...none, approvals: [request(false, { author: bob, at: 1, approved: true, comment: '' })] },
    };
    const bridge = fake(admitted, threads);
    renderApp(bridge, { width: 1280 });

    const website = await rowOf('Website relaunch');
    const initials = await within(website).findByRole('img', { name: 'Assigned to Bob Stone' });
    expect(initials.textContent).toBe('BS');
    expect(initials.getAttribute('title')).toBe('Assigned to Bob Stone');
    expect(within(website).getByText('Approval requested')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('Annual report')).queryByText('Approved')).toBeTruthy());
    expect((await rowOf('Brochure')).querySelector('[data-team-marks]')).toBeNull();
    expect(within(await rowOf('Annual report')).queryByRole('img', { name: /Assigned to/ })).toBeNull();
    // The three rows of the window in one read (a second one only once the team was known).
    const reads = bridge.callsOf('inbox.teamMarks') as { quotes: { quoteId: string }[] }[];
    expect(reads.at(-1)!.quotes.map((quote) => quote.quoteId).sort()).toEqual([quoteId(1), quoteId(2), quoteId(3)].sort());
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('follow the team: an assignment that arrives is shown without a click, and only the quotes named are read again', async () => {
    const threads: Record<string, TeamThread> = {};
    const bridge = fake(admitted, threads);
    renderApp(bridge, { width: 1280 });
    await settledQuoteRows();
    await waitFor(() => expect(bridge.callsOf('inbox.teamMarks').length).toBeGreaterThan(0));
    expect(document.querySelector('[data-team-marks]')).toBeNull();
    const before = bridge.callsOf('inbox.teamMarks').length;

    threads[quoteId(2)] = { ...none, assignee: { ...ada, by: 'Ada Lovelace', at: 0 } };
    bridge.emit('team.quotesChanged', { quoteIds: [quoteId(2)] });
    const annual = await rowOf('Annual report');
    expect((await within(annual).findByRole('img', { name: 'Assigned to Ada Lovelace' })).textContent).toBe('AL');
    const after = bridge.callsOf('inbox.teamMarks').slice(before) as { quotes: { quoteId: string }[] }[];
    expect(after).toEqual([{ quotes: [{ accountId: 'acme', quoteId: quoteId(2) }] }]);
  });

  it('fit a compact row on one line: the approval is a sign named by its words', async () => {
    const bridge = fake(admitted, { [quoteId(1)]: { ...none, assignee: { ...bob, by: 'Ada Lovelace', at: 0 }, approvals: [request(true, { author: bob, at: 1, approved: false, comment: 'no' })] } });
    renderApp(bridge, { width: 1280, preferences: memoryPreferences({ density: 'compact' }) });
    const website = await rowOf('Website relaunch');
    const refused = await within(website).findByRole('img', { name: 'Approval refused' });
    expect(refused.textContent).toBe('✕');
    expect(refused.getAttribute('title')).toBe('Approval refused');
    expect(within(website).getByRole('img', { name: 'Assigned to Bob Stone' })).toBeTruthy();
    expect(within(website).queryByText('Approval refused')).toBeNull();
  });

  it('are not asked for, and not shown, off a team', async () => {
    const bridge = fake(null, {});
    renderApp(bridge, { width: 1280 });
    await settledQuoteRows();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bridge.callsOf('inbox.teamMarks')).toEqual([]);
    expect(document.querySelector('[data-team-marks]')).toBeNull();
  });
});

describe('initials', () => {
  it('take the first letter of the first and last word, whole letters in any script', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  maría josé  de la Fuente ')).toBe('MF');
    expect(initialsOf('山田太郎')).toBe('山');
    expect(initialsOf('Émile')).toBe('É');
    expect(initialsOf('')).toBe('?');
  });
});

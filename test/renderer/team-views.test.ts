// The sidebar's team views over the fake bridge (whose inbox filters a team view with the
// core's own filter): shown only when admitted to a team, each with the count the inbox
// shows when opened, opening the inbox of every account narrowed to exactly those quotes, and
// following the team as it moves.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { TeamMine, TeamView } from '../../preload/contract';
import { noTeamView } from '../../main/core/team/bridge';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const bolt = makeAccount({ id: 'bolt', name: 'Bolt Translations' });

const admitted: TeamView = { ...noTeamView(), joined: true, team: 'Acme', name: 'Bob', email: 'bob@example.com', role: 'approver', online: true };

function fake(view: TeamView, mine: TeamMine) {
  const bridge = new FakeBridge({
    accounts: [acme, bolt],
    quotes: {
      acme: [makeQuote({ id: quoteId(1), projectName: 'Website relaunch' }), makeQuote({ id: quoteId(2), projectName: 'Annual report' }), makeQuote({ id: quoteId(3), projectName: 'Brochure' })],
      bolt: [makeQuote({ id: quoteId(4), projectName: 'Manual' })],
    },
  });
  bridge.arrange('team.state', () => view);
  let current = mine;
  bridge.arrange('team.mine', () => current);
  return { bridge, move: (next: TeamMine) => (current = next) };
}

const teamSection = () => screen.getByRole('region', { name: 'Team desk' });
const projectsShown = async () => (await settledQuoteRows()).map((row) => within(row).queryByText(/Website relaunch|Annual report|Brochure|Manual/)?.textContent).sort();

describe("the sidebar's team views", () => {
  it('count and open exactly the quotes assigned to me, across accounts, and follow the team as it moves', async () => {
    const { bridge, move } = fake(admitted, { assignedToMe: [{ accountId: 'acme', quoteId: quoteId(2) }, { accountId: 'bolt', quoteId: quoteId(4) }], waitingForMe: [{ accountId: 'acme', quoteId: quoteId(1) }], myRequests: [] });
    renderApp(bridge, { width: 1280 });
    const section = await screen.findByRole('region', { name: 'Team desk' });
    const assigned = await within(section).findByRole('button', { name: /Assigned to me \(2 quotes\)/ });
    expect(within(section).getByRole('button', { name: /Waiting for my approval \(1 quote\)/ })).toBeTruthy();
    expect(within(section).getByRole('button', { name: /My requests \(0 quotes\)/ })).toBeTruthy();

    await fireEvent.click(assigned);
    await waitFor(async () => expect(await projectsShown()).toEqual(['Annual report', 'Manual']));
    expect(within(teamSection()).getByRole('button', { name: /Assigned to me/ }).getAttribute('aria-current')).toBe('true');

    // A teammate assigns me the brochure: the view and its count follow without a click.
    move({ assignedToMe: [{ accountId: 'acme', quoteId: quoteId(2) }, { accountId: 'acme', quoteId: quoteId(3) }, { accountId: 'bolt', quoteId: quoteId(4) }], waitingForMe: [], myRequests: [] });
    bridge.emit('team.quotesChanged', { quoteIds: [quoteId(3)] });
    await waitFor(async () => expect(await projectsShown()).toEqual(['Annual report', 'Brochure', 'Manual']));
    await within(teamSection()).findByRole('button', { name: /Assigned to me \(3 quotes\)/ });

    // All accounts again: every quote, the team view no longer current.
    await fireEvent.click(screen.getByRole('button', { name: /All accounts/ }));
    await waitFor(async () => expect(await projectsShown()).toHaveLength(4));
    expect(within(teamSection()).getByRole('button', { name: /Assigned to me/ }).getAttribute('aria-current')).toBeNull();
  });

  it('search works inside a team view', async () => {
    const { bridge } = fake(admitted, { assignedToMe: [{ accountId: 'acme', quoteId: quoteId(1) }, { accountId: 'acme', quoteId: quoteId(2) }], waitingForMe: [], myRequests: [] });
    renderApp(bridge, { width: 1280 });
    await fireEvent.click(await within(await screen.findByRole('region', { name: 'Team desk' })).findByRole('button', { name: /Assigned to me/ }));
    await waitFor(async () => expect(await projectsShown()).toEqual(['Annual report', 'Website relaunch']));
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'annual' } });
    await waitFor(async () => expect(await projectsShown()).toEqual(['Annual report']));
  });

  it('are kept in a saved view: saved from "Assigned to me", it opens on those quotes again, named by the view', async () => {
    const { bridge } = fake(admitted, { assignedToMe: [{ accountId: 'acme', quoteId: quoteId(2) }, { accountId: 'bolt', quoteId: quoteId(4) }], waitingForMe: [], myRequests: [] });
    renderApp(bridge, { width: 1280 });
    await fireEvent.click(await within(await screen.findByRole('region', { name: 'Team desk' })).findByRole('button', { name: /Assigned to me/ }));
    await waitFor(async () => expect(await projectsShown()).toEqual(['Annual report', 'Manual']));

    // A team view cuts the inbox: worth a name, and the dialog says what it holds.
    await fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(dialog.textContent).toContain('All accounts · Assigned to me');
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await fireEvent.input(name, { target: { value: 'Mine' } });
    await fireEvent.submit(name.form!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.views.list()[0]!.query.team).toBe('assignedToMe');

    await fireEvent.click(screen.getByRole('button', { name: /All accounts/ }));
    await waitFor(async () => expect(await projectsShown()).toHaveLength(4));
    await fireEvent.click(await screen.findByRole('button', { name: /^Mine \(2 quotes\)$/ }));
    await waitFor(async () => expect(await projectsShown()).toEqual(['Annual report', 'Manual']));
    expect(within(teamSection()).getByRole('button', { name: /Assigned to me/ }).getAttribute('aria-current')).toBe('true');
  });

  it('are not shown off a team, nor to a member still waiting to be admitted', async () => {
    for (const view of [noTeamView(), { ...admitted, role: 'pending' as const }]) {
      const { bridge } = fake(view, { assignedToMe: [{ accountId: 'acme', quoteId: quoteId(1) }], waitingForMe: [], myRequests: [] });
      const { unmount } = renderApp(bridge, { width: 1280 });
      await settledQuoteRows();
      expect(screen.queryByRole('region', { name: 'Team desk' })).toBeNull();
      unmount();
    }
  });
});

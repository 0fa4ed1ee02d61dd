// The team's thread in the reading pane, over the fake bridge: Accept is held back with the
// reason while the policy wants an approval, the approver asked can approve, a note goes with
// Ctrl+Enter, @mentions are marked, an unverified entry says who it claims to be from.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamThread, TeamView } from '../../preload/contract';
import { noTeamView } from '../../main/core/team/bridge';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { changeWords } from '../../renderer/src/lib/state/team.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const ada = { name: 'Ada', email: 'ada@example.com' };
const bob = { name: 'Bob', email: 'bob@example.com' };

const view: TeamView = {
  ...noTeamView(),
  joined: true,
  team: 'Acme',
  name: 'Bob',
  email: 'bob@example.com',
  role: 'approver',
  online: true,
  members: [
    { signer: 'UADA', ...ada, role: 'admin', limits: {}, founder: true },
    { signer: 'UBOB', ...bob, role: 'approver', limits: { EUR: 10_000 }, founder: false },
  ],
};

const waiting: TeamThread = {
  assignee: { ...bob, by: 'Ada', at: Date.UTC(2026, 10, 28, 9) },
  notes: [{ id: 'n1', author: ada, at: Date.UTC(2026, 10, 28, 9), text: 'Rates look high, @bob@example.com?', mentions: ['bob@example.com'] }],
  approvals: [{ id: 'r1', author: ada, at: Date.UTC(2026, 10, 28, 10), approver: bob, total: { amount: 8000, currency: 'EUR' }, currentRevision: true, comment: 'above budget', decision: null }],
  unverified: [{ claimed: 'Mallory <m@example.com>', reason: 'signed by a key that is not on the roster' }],
  accept: { allowed: false, reason: "the team's policy needs an approval above 5000 EUR: the request to bob@example.com is still open", needsApproval: true, approvedBy: null },
  awaitingMe: true,
};

function fake() {
  const quote = makeQuote({ id: quoteId(1), projectName: 'Website relaunch' });
  const bridge = new FakeBridge({ accounts: [acme], quotes: { acme: [quote] }, details: { [quote.id]: makeDetails({ id: quote.id, projectName: quote.projectName }) } });
  bridge.arrange('team.state', () => view);
  return bridge;
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });

async function openFirst(bridge: FakeBridge) {
  renderApp(bridge, { width: 1280 });
  const [first] = await settledQuoteRows();
  await fireEvent.click(first!);
  return within(pane()).findByRole('region', { name: 'Team' });
}

describe("the team's thread in the reading pane", () => {
  it('holds Accept back with the reason until this revision is approved, then lets it be pressed', async () => {
    const bridge = fake();
    let thread = waiting;
    bridge.arrange('team.thread', () => thread);
    bridge.arrange('team.decide', () => {
      thread = { ...waiting, awaitingMe: false, accept: { allowed: true, reason: null, needsApproval: true, approvedBy: 'bob@example.com' } };
      return { outcome: 'sent', reason: null };
    });
    const section = await openFirst(bridge);
    await within(section).findByText(/Accept is held back: the team's policy needs an approval above 5000 EUR/);
    const accept = within(pane()).getByRole('button', { name: 'Accept…' });
    expect(accept.getAttribute('aria-disabled')).toBe('true');
    await fireEvent.click(accept);
    expect(screen.queryByRole('dialog')).toBeNull();

    await fireEvent.click(within(section).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bridge.callsOf('team.decide')).toEqual([{ accountId: 'acme', quoteId: quoteId(1), approved: true, comment: '' }]));
    bridge.emit('team.quotesChanged', { quoteIds: [quoteId(1)] });
    await within(section).findByText('Approved by bob@example.com for this revision.');
    await waitFor(() => expect(within(pane()).getByRole('button', { name: 'Accept…' }).getAttribute('aria-disabled')).toBe('false'));
    await fireEvent.click(within(pane()).getByRole('button', { name: 'Accept…' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows the notes with mentions marked, sends a note with Ctrl+Enter, and says an unverified entry once', async () => {
    const bridge = fake();
    bridge.arrange('team.thread', () => waiting);
    bridge.arrange('team.note', () => ({ outcome: 'queued', reason: "the team's server cannot be reached" }));
    const section = await openFirst(bridge);
    const mention = await within(section).findByText('@bob@example.com');
    expect(mention.tagName).toBe('MARK');
    expect(within(section).getByText(/Assigned to/).textContent).toContain('Bob');
    expect(within(section).getAllByText(/Unverified: an entry claiming to be from Mallory <m@example.com>/)).toHaveLength(1);

    const box = within(section).getByRole('textbox', { name: 'Write a note' });
    await fireEvent.input(box, { target: { value: 'Looks fine to me' } });
    await fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(bridge.callsOf('team.note')).toEqual([{ accountId: 'acme', quoteId: quoteId(1), text: 'Looks fine to me' }]));
    expect(await within(section).findByText(/Note added. It waits on this computer until the team's server answers/)).toBeTruthy();
  });

  it('on no team there is no thread and Accept is as it was', async () => {
    const bridge = fake();
    bridge.arrange('team.state', () => noTeamView());
    renderApp(bridge, { width: 1280 });
    const [first] = await settledQuoteRows();
    await fireEvent.click(first!);
    const accept = await within(pane()).findByRole('button', { name: 'Accept…' });
    expect(accept.getAttribute('aria-disabled')).not.toBe('true');
    expect(within(pane()).queryByRole('region', { name: 'Team' })).toBeNull();
    expect(bridge.callsOf('team.thread')).toEqual([]);
  });
});

describe("the team's thread in German and Arabic", () => {
  afterEach(() => switchLocale('en'));

  it('says the panel, the approvals and the notes in German, the names and comments as written', async () => {
    const bridge = fake();
    bridge.arrange('team.thread', () => waiting);
    const section = await openFirst(bridge);
    await within(section).findByText(/Accept is held back/);
    switchLocale('de');
    await within(section).findByText(/^Annehmen ist zurückgehalten: the team's policy/);
    expect(within(section).getByRole('heading', { name: 'Freigaben' })).toBeTruthy();
    expect(within(section).getByText(/Ada hat Bob um Freigabe von .*8.000.* gebeten/)).toBeTruthy();
    expect(within(section).getByText('Wartet auf Bob')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Freigeben' })).toBeTruthy();
    expect(within(section).getByText(/^Zugewiesen an Bob \(bob@example.com\), von Ada$/)).toBeTruthy();
    expect(within(section).getByRole('textbox', { name: 'Notiz schreiben' })).toBeTruthy();
    expect(within(section).getByText(/^Nicht verifiziert: ein Eintrag, der angeblich von Mallory <m@example.com> stammt/)).toBeTruthy();
    expect(section.textContent).not.toMatch(/Approvals|Waiting for|Write a note|Assigned to|held back/);
  });

  it('says in Arabic that a change waits offline or was refused', () => {
    switchLocale('ar');
    expect(changeWords({ outcome: 'queued', reason: null }, 'أُضيفت الملاحظة.')).toBe('أُضيفت الملاحظة. ينتظر التغيير على هذا الحاسوب إلى أن يستجيب خادم الفريق.');
    expect(changeWords({ outcome: 'refused', reason: null }, 'x')).toBe('رفض خادم الفريق التغيير: غيّره شخص آخر قبلك.');
    switchLocale('de');
    expect(changeWords({ outcome: 'sent', reason: null }, 'Notiz hinzugefügt.')).toBe('Notiz hinzugefügt.');
  });
});

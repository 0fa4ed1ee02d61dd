// Snoozing a quote from the window (issue #27): `s` on a row opens the snooze dialog, a
// choice takes the quote out of the list and into the Snoozed view (the sidebar counts it),
// Unsnooze brings it back; the dialog refuses a time that has passed; a quote awaiting a
// decision that ends today is marked in the list. Over the fake bridge, whose snoozes are the
// core's own book and whose list leaves them out with the core's own filter.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const now = Date.now();
const laterToday = () => {
  const end = new Date(now);
  end.setHours(23, 59, 0, 0);
  return end.getTime() > now + 60_000 ? end.toISOString() : null;
};

function fake() {
  return new FakeBridge({
    accounts: [acme],
    now,
    quotes: {
      acme: [
        makeQuote({ id: quoteId(1), quoteNumber: 'Q-1', projectName: 'Website relaunch', status: 'PENDING', validUntil: new Date(now + 10 * 86_400_000).toISOString() }),
        makeQuote({ id: quoteId(2), quoteNumber: 'Q-2', projectName: 'Catalogue', status: 'PENDING', validUntil: laterToday() }),
        makeQuote({ id: quoteId(3), quoteNumber: 'Q-3', projectName: 'Legal terms', status: 'ACCEPTED' }),
      ],
    },
  });
}

const count = (text: string) => waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe(text));
const rows = () => screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
const sidebar = () => within(screen.getByRole('navigation'));

/** The window over the fake, its first row active, and `s` pressed on it. */
async function pressSOnFirstRow(bridge: FakeBridge) {
  renderApp(bridge);
  await count('3 quotes');
  await fireEvent.keyDown(window, { key: 'j' });
  await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2'));
  await fireEvent.keyDown(document.activeElement!, { key: 's' });
}

describe('snoozing a quote', () => {
  it('s on a row opens the dialog; a choice takes the quote out of the list into Snoozed, and Unsnooze brings it back', async () => {
    const bridge = fake();
    await pressSOnFirstRow(bridge);

    const dialog = await screen.findByRole('dialog', { name: /^Snooze quote Q-/ });
    const choice = within(dialog).getByRole('button', { name: /Tomorrow morning/ });
    // Keyboard first: the first choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getAllByRole('button').find((button) => button.hasAttribute('data-snooze-choice')));
    await fireEvent.click(choice);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await count('2 quotes');
    const [snoozed] = bridge.snoozes.list();
    const tomorrow = new Date(now);
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    expect(snoozed).toMatchObject({ accountId: 'acme', until: tomorrow.toISOString() });
    const entry = sidebar().getByRole('button', { name: /Snoozed\s*, 1 quote/ });

    await fireEvent.click(entry);
    const view = await screen.findByRole('region', { name: 'Snoozed' });
    await fireEvent.click(within(view).getByRole('button', { name: new RegExp(`Unsnooze quote ${snoozed!.quoteNumber}`) }));
    await waitFor(() => expect(within(view).getByText(/Nothing is snoozed/)).toBeTruthy());
    await fireEvent.click(sidebar().getByRole('button', { name: /^Snoozed/ }));
    await count('3 quotes');
  });

  it('refuses a chosen time that has passed, saying so, and Escape leaves without snoozing', async () => {
    const bridge = fake();
    await pressSOnFirstRow(bridge);
    const dialog = await screen.findByRole('dialog');
    await fireEvent.input(within(dialog).getByLabelText('Or choose a time'), { target: { value: '2020-01-01T09:00' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Snooze until then' }));
    expect(await within(dialog).findByText('Choose a time in the future.')).toBeTruthy();
    expect(bridge.callsOf('snooze.set')).toEqual([]);
    await fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.snoozes.list()).toEqual([]);
  });

  it('marks a quote awaiting a decision that expires later today, and only that one', async () => {
    if (laterToday() === null) return;
    renderApp(fake());
    await count('3 quotes');
    await waitFor(() => expect(document.querySelectorAll('[data-expires-today]')).toHaveLength(1));
    const marked = rows().find((row) => row.querySelector('[data-expires-today]'));
    expect(marked?.textContent).toContain('Catalogue');
  });
});

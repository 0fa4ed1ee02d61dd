import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { renderApp } from './render-app';

async function exportAs(name: RegExp) {
  await fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  await fireEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('exporting the inbox view', () => {
  it('asks the core for the view on screen (search, status, order) and says how many quotes went', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount({ access: 'client' })], quotes: { 'acc-1': sampleQuotes(60) } });
    renderApp(fake);
    await fireEvent.click(await screen.findByRole('checkbox', { name: 'Needs action' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'value' } });
    const count = await waitFor(() => {
      const text = screen.getByTestId('quote-count').textContent ?? '';
      expect(fake.callsOf('inbox.query').at(-1)).toMatchObject({ needsAction: true, sort: 'value' });
      return Number.parseInt(text, 10);
    });
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(60);

    await exportAs(/Excel workbook/);
    expect((await screen.findByText(`Exported ${count} quotes to Quotes.xlsx.`)).getAttribute('role')).toBe('status');
    const [input] = fake.callsOf('inbox.export');
    expect(input).toEqual({ accountId: 'acc-1', needsAction: true, sort: 'value', format: 'xlsx' });
  });

  it('says plainly when the export failed', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': sampleQuotes(5) } });
    renderApp(fake);
    await screen.findByTestId('quote-count');
    fake.failNext('inbox.export', { message: 'The disk is full.' });
    await exportAs(/CSV/);
    await waitFor(() => expect(screen.getByText(/Couldn't export: The disk is full\./)).toBeTruthy());
  });
});

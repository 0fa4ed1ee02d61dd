// The palette acts on the quote on screen (#27): its commands show only while a quote is open,
// offer a decision only where the service takes it (the core's decidable), and act on it.
import { describe, expect, it } from 'vitest';
import type { PaletteCommand } from '../../renderer/src/lib/palette-commands';
import { paletteCommands } from '../../renderer/src/lib/palette-commands';
import { loadedAppState } from './app-state';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';

const SERVICE = 'https://quotes.example';
const client = makeAccount({ id: 'client', name: 'Acme', access: 'client', baseUrl: SERVICE });
const internal = makeAccount({ id: 'internal', name: 'All companies', access: 'internal', baseUrl: SERVICE });

function bridge() {
  const released = makeQuote({ id: quoteId(1), projectName: 'Released', status: 'PENDING' });
  const held = makeQuote({ id: quoteId(2), projectName: 'Held back', status: 'PENDING' });
  return new FakeBridge({
    accounts: [client, internal],
    quotes: { client: [released, held], internal: [{ ...released, status: 'SENT' }, { ...held, status: 'SENT_PENDING' }] },
    details: { [released.id]: makeDetails({ id: released.id, projectName: 'Released', status: 'PENDING' }) },
  });
}

const labels = (commands: PaletteCommand[]) => commands.map((each) => each.label);
const command = (commands: PaletteCommand[], label: string) => commands.find((each) => each.label === label)!;

describe("the palette's commands for the quote on screen", () => {
  it('are not there without an open quote', async () => {
    const app = await loadedAppState(bridge());
    expect(labels(paletteCommands(app)).filter((label) => label.includes('this quote'))).toEqual([]);
  });

  it('accept, decline, mark unread, PDF and pricing export for a quote the service takes a decision on; accept asks over the quote', async () => {
    const fake = bridge();
    const app = await loadedAppState(fake);
    await app.quote.open({ accountId: 'client', quoteId: quoteId(1) });
    const commands = paletteCommands(app);
    expect(labels(commands).slice(0, 6)).toEqual([
      'Accept this quote…',
      'Decline this quote…',
      'Mark this quote unread',
      "Open this quote's PDF",
      "Export this quote's pricing: CSV",
      "Export this quote's pricing: Excel workbook",
    ]);
    app.accountActions.showPalette();
    command(commands, 'Accept this quote…').run();
    expect(app.accountActions.dialog).toBeNull();
    expect(app.navigation.decisionIntent).toEqual({ quoteId: quoteId(1), intent: 'accept' });
    command(commands, 'Mark this quote unread').run();
    await expect.poll(() => fake.callsOf('notifications.markUnread')).toEqual([{ accountId: 'client', quoteIds: [quoteId(1)] }]);
  });

  it('offers no decision on a quote the internal key of the same service shows as awaiting the vendor', async () => {
    const fake = bridge();
    fake.details = { ...fake.details, [quoteId(2)]: makeDetails({ id: quoteId(2), projectName: 'Held back', status: 'PENDING' }) };
    const app = await loadedAppState(fake);
    await app.quote.open({ accountId: 'client', quoteId: quoteId(2) });
    const shown = labels(paletteCommands(app));
    expect(shown).toContain('Mark this quote unread');
    expect(shown).not.toContain('Accept this quote…');
    expect(shown).not.toContain('Decline this quote…');
  });
});

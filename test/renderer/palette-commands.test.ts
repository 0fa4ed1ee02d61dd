import { describe, expect, it } from 'vitest';
import { paletteCommands, type PaletteCommand } from '../../renderer/src/lib/palette-commands';
import { loadedAppState } from './app-state';
import { FakeBridge } from './fake-bridge';
import { makeAccount } from './fixtures';

function command(commands: PaletteCommand[], label: string): PaletteCommand {
  const found = commands.find((each) => each.label === label);
  if (!found) throw new Error(`No command "${label}" among ${commands.map((each) => each.label).join(', ')}`);
  return found;
}

describe('the command palette\'s commands, built from the app\'s state', () => {
  const acme = makeAccount({ id: 'acme', name: 'Acme', baseUrl: 'https://acme.example' });
  const globex = makeAccount({ id: 'globex', name: 'Globex', baseUrl: 'https://globex.example' });

  it('offers the app\'s commands and the three themes, the one in use saying so', async () => {
    const app = await loadedAppState(new FakeBridge({ accounts: [acme] }));
    app.theme.set('dark');
    const commands = paletteCommands(app);
    expect(commands.map((each) => each.label)).toEqual([
      'Sync now',
      'Open Settings',
      'Mark all read',
      'Show All accounts',
      'Open Activity',
      'Open Snoozed',
      'Open Insights',
      'Compact rows',
      'Add account',
      'Keyboard shortcuts',
      'Light theme',
      'Dark theme',
      'Theme same as the system',
    ]);
    expect(command(commands, 'Dark theme').detail).toBe('In use');
    expect(command(commands, 'Light theme').detail).toBe('Appearance');
  });

  it('marks read the account on screen only, and says so; in All accounts every account', async () => {
    const fake = new FakeBridge({ accounts: [acme, globex] });
    fake.unread = { acme: ['q-1'], globex: ['q-2'] };
    const app = await loadedAppState(fake);
    await app.notifications.load();

    app.navigation.selectAccount('acme');
    const forAcme = command(paletteCommands(app), 'Mark all read');
    expect(forAcme.detail).toBe('Acme');
    forAcme.run();
    await expect.poll(() => fake.callsOf('notifications.markRead')).toEqual([{ accountId: 'acme' }]);
    expect(fake.unread.globex).toEqual(['q-2']);

    app.navigation.selectAllAccounts();
    const forAll = command(paletteCommands(app), 'Mark all read');
    expect(forAll.detail).toBe('Every account');
    forAll.run();
    await expect.poll(() => fake.unread.globex).toEqual([]);
  });

  it('opens Settings and Activity without closing them when they are open already', async () => {
    const app = await loadedAppState(new FakeBridge({ accounts: [acme] }));
    command(paletteCommands(app), 'Open Settings').run();
    expect(app.navigation.view).toBe('settings');
    command(paletteCommands(app), 'Open Settings').run();
    expect(app.navigation.view).toBe('settings');

    command(paletteCommands(app), 'Open Activity').run();
    expect(app.navigation.view).toBe('activity');
    command(paletteCommands(app), 'Open Activity').run();
    expect(app.navigation.view).toBe('activity');

    command(paletteCommands(app), 'Open Insights').run();
    expect(app.navigation.view).toBe('insights');
    command(paletteCommands(app), 'Open Insights').run();
    expect(app.navigation.view).toBe('insights');
  });

  it('switches the rows\' density both ways, naming the one it goes to', async () => {
    const app = await loadedAppState(new FakeBridge({ accounts: [acme] }));
    command(paletteCommands(app), 'Compact rows').run();
    expect(app.layout.density).toBe('compact');
    command(paletteCommands(app), 'Comfortable rows').run();
    expect(app.layout.density).toBe('comfortable');
  });

  it('opens the account dialog and the shortcuts help in the shell\'s dialog slot', async () => {
    const app = await loadedAppState(new FakeBridge({ accounts: [acme] }));
    command(paletteCommands(app), 'Add account').run();
    expect(app.accountActions.dialog).toEqual({ kind: 'add' });
    command(paletteCommands(app), 'Keyboard shortcuts').run();
    expect(app.accountActions.dialog).toEqual({ kind: 'shortcuts' });
  });
});

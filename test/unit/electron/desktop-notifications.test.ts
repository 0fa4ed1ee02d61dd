// The desktop side put together: a notification click on a known account's quote opens that
// quote in the window, a link to an unknown account goes nowhere, and the tray counts unread.
import type { MenuItemConstructorOptions, NativeImage, NotificationConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../main/core/events';
import type { DomainEvents } from '../../../main/core/events';
import { createSilentLogger } from '../../../main/core/log';
import { createDesktopNotifications } from '../../../main/electron/desktop-notifications';
import type { DesktopCore } from '../../../main/electron/desktop-notifications';
import type { NotificationClassLike } from '../../../main/electron/notifier';
import type { TrayLike } from '../../../main/electron/tray';

const QUOTE = '0ef816d8-d990-4e9c-8947-2ccf3be38fc5';

function setup(platform: NodeJS.Platform = 'linux') {
  const shown: Array<{ options: NotificationConstructorOptions; emit(event: string): void }> = [];
  class FakeNotification {
    listeners = new Map<string, Array<() => void>>();
    constructor(readonly options: NotificationConstructorOptions) {}
    on(event: string, listener: () => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    show() {
      shown.push({ options: this.options, emit: (event) => this.listeners.get(event)?.forEach((listener) => listener()) });
    }
    static isSupported() {
      return true;
    }
  }
  const state = { toolTip: '', appUserModelId: null as string | null, toastActivator: null as string | null, menu: [] as MenuItemConstructorOptions[], restarts: 0 };
  const navigated: unknown[] = [];
  const tray: TrayLike = {
    setToolTip: (text: string) => void (state.toolTip = text),
    setContextMenu: (menu) => void (state.menu = (menu as unknown as { template: MenuItemConstructorOptions[] }).template),
    on: (() => tray) as unknown as TrayLike['on'],
    destroy: () => undefined,
  };
  const bus = createEventBus<DomainEvents>({ logger: createSilentLogger() });
  const core = {
    accounts: { list: async () => [{ id: 'acc-1' }] },
    bus,
    hub: { emit: (name: string, payload: unknown) => void (name === 'app.navigate' && navigated.push(payload)) },
    notifications: {
      preferences: { get: () => ({ doNotDisturbUntil: null }), set: () => undefined, pauseFor: () => undefined },
      unread: { summary: () => ({ total: 3, accounts: [] }), onChange: () => () => undefined },
    },
  } as unknown as DesktopCore;
  const desktop = createDesktopNotifications({
    app: { setAppUserModelId: (id: string) => void (state.appUserModelId = id), setToastActivatorCLSID: (id: string) => void (state.toastActivator = id), setAsDefaultProtocolClient: () => true, on: (() => undefined) as never, quit: () => undefined, setBadgeCount: () => true },
    Notification: FakeNotification as unknown as NotificationClassLike,
    createTray: () => tray,
    Menu: { buildFromTemplate: (template) => ({ template }) as never },
    nativeImage: { createEmpty: () => ({ addRepresentation: () => undefined }) as unknown as NativeImage },
    platform,
    argv: [],
    defaultApp: false,
    execPath: '/usr/bin/quotedesk',
    logger: createSilentLogger(),
    showWindow: () => ({ webContents: { isLoading: () => false, once: (() => undefined) as never } }),
    focusExisting: () => undefined,
    core: () => core,
    restartToUpdate: () => void (state.restarts += 1),
  });
  return { desktop, core, shown, navigated, state };
}

describe('desktop notifications', () => {
  it('a click on a notification about a known account opens that quote in the window', async () => {
    const { desktop, core, shown, navigated } = setup();
    await desktop.attach(core);
    desktop.ready();
    desktop.notifier.notify({ title: 'Quote Q-1: Expired', body: 'Pending → Expired', link: `quotedesk://quote/acc-1/${QUOTE}` });
    expect(shown.map((entry) => entry.options.title)).toEqual(['Quote Q-1: Expired']);
    shown[0]!.emit('click');
    expect(navigated).toEqual([{ view: 'quote', accountId: 'acc-1', quoteId: QUOTE }]);
  });

  it('a link to an account Quotedesk does not have goes nowhere', async () => {
    const { desktop, core, shown, navigated } = setup();
    await desktop.attach(core);
    desktop.ready();
    desktop.notifier.notify({ title: 't', body: 'b', link: `quotedesk://quote/someone-else/${QUOTE}` });
    shown[0]!.emit('click');
    expect(navigated).toEqual([]);
  });

  it('the tray counts the unread quotes, and Windows toasts belong to the installed app', async () => {
    const { desktop, core, state } = setup('win32');
    await desktop.attach(core);
    expect(state.toolTip).toBe('Quotedesk: 3 unread quotes');
    expect(state.appUserModelId).toBe('com.quotedesk.app');
    expect(state.toastActivator).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/);
  });

  it('elsewhere no Windows identity is set, and a downloaded update puts "Restart to update" in the tray', async () => {
    const { desktop, core, state } = setup('linux');
    await desktop.attach(core);
    expect(state.appUserModelId).toBeNull();
    expect(state.toastActivator).toBeNull();
    expect(state.menu.some((item) => /Restart to update/.test(item.label ?? ''))).toBe(false);
    desktop.setUpdateReady('1.2.0');
    const restart = state.menu.find((item) => item.label === 'Restart to update (1.2.0)');
    (restart?.click as () => void)();
    expect(state.restarts).toBe(1);
    desktop.setUpdateReady(null);
    expect(state.menu.some((item) => /Restart to update/.test(item.label ?? ''))).toBe(false);
  });
});

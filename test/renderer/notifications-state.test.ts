import { describe, expect, it, vi } from 'vitest';
import type { ShownNotification } from '../../preload/contract';
import { NotificationsState, type DesktopNotifier } from '../../renderer/src/lib/state/notifications.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, quoteId } from './fixtures';

const SHOWN: ShownNotification = {
  title: 'Quote accepted',
  body: 'Acme: Website relaunch was accepted.',
  link: `quotedesk://quote/acme/${quoteId(1)}`,
  route: { view: 'quote', accountId: 'acme', quoteId: quoteId(1) },
};

function notifier(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; body: string; onclick: () => void }[] = [];
  const desktop: DesktopNotifier & { permission: NotificationPermission } = {
    permission,
    requestPermission: vi.fn(async () => (desktop.permission = answer)),
    show: (title, body, onclick) => shown.push({ title, body, onclick }),
  };
  return { desktop, shown };
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

function setup(permission: NotificationPermission, hidden: boolean, answer?: NotificationPermission) {
  const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acme' })] });
  const { desktop, shown } = notifier(permission, answer);
  const state = new NotificationsState(bridge.api, { desktop, isHidden: () => hidden, storage: memoryStorage() });
  const toasts: ShownNotification[] = [];
  const routes: unknown[] = [];
  state.listen({ toast: (each) => toasts.push(each), navigate: (route) => routes.push(route) });
  return { bridge, state, desktop, shown, toasts, routes };
}

describe('desktop notifications in browser mode', () => {
  it('asks for permission only when switched on, and shows nothing on the desktop until then', async () => {
    const { bridge, state, desktop, shown, toasts } = setup('default', true, 'granted');
    bridge.emit('notifications.shown', SHOWN);
    expect(toasts).toHaveLength(1);
    expect(shown).toHaveLength(0);
    expect(desktop.requestPermission).not.toHaveBeenCalled();

    await state.setDesktop(true);
    expect(desktop.requestPermission).toHaveBeenCalledTimes(1);
    expect(state.desktopEnabled).toBe(true);
  });

  it('shows a desktop notification only while the tab is hidden; its click follows the route', async () => {
    const hidden = setup('granted', true);
    await hidden.state.setDesktop(true);
    hidden.bridge.emit('notifications.shown', SHOWN);
    expect(hidden.toasts).toHaveLength(1);
    expect(hidden.shown.map(({ title, body }) => ({ title, body }))).toEqual([{ title: SHOWN.title, body: SHOWN.body }]);
    hidden.shown[0]!.onclick();
    expect(hidden.routes).toEqual([SHOWN.route]);

    const visible = setup('granted', false);
    await visible.state.setDesktop(true);
    visible.bridge.emit('notifications.shown', SHOWN);
    // The tab is in view: the toast is enough, one event never draws attention twice.
    expect(visible.toasts).toHaveLength(1);
    expect(visible.shown).toHaveLength(0);
  });

  it('stays off when the browser refuses', async () => {
    const { bridge, state, shown } = setup('default', true, 'denied');
    await state.setDesktop(true);
    expect(state.desktopEnabled).toBe(false);
    expect(state.desktopPermission).toBe('denied');
    bridge.emit('notifications.shown', SHOWN);
    expect(shown).toHaveLength(0);
  });
});

describe('unread answers', () => {
  it('drops an older unread answer that arrives after a pushed summary', async () => {
    const { bridge, state } = setup('default', false);
    bridge.unread = { acme: [quoteId(1)] };
    const release = bridge.holdNext('notifications.unread');
    const loading = state.loadUnread();
    bridge.emit('notifications.unreadChanged', { total: 2, accounts: [{ accountId: 'acme', count: 2, quoteIds: [quoteId(1), quoteId(2)] }] });
    release();
    await loading;
    expect(state.unread.total).toBe(2);
    expect(state.unreadOf('acme')).toBe(2);
  });
});

describe('saving preferences', () => {
  it('sends changes one after another, and a failed one returns to the last saved, not to the first loaded', async () => {
    const { bridge, state } = setup('default', false);
    await state.loadPreferences();
    const errors: string[] = [];
    const release = bridge.holdNext('notifications.setPreferences');
    const first = state.save({ ...state.preferences!, muted: true }, (message) => errors.push(message));
    const second = state.save({ ...state.preferences!, expiryReminders: false }, (message) => errors.push(message));
    // Both changes show at once; the second is not sent before the first is answered.
    expect(state.preferences).toMatchObject({ muted: true, expiryReminders: false });
    await vi.waitFor(() => expect(bridge.callsOf('notifications.setPreferences')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bridge.callsOf('notifications.setPreferences')).toHaveLength(1);
    bridge.failNext('notifications.setPreferences', { message: 'Disk full.' });
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(errors).toEqual([expect.stringContaining('Disk full.')]);
    expect(state.preferences).toMatchObject({ muted: true, expiryReminders: true });
    expect(bridge.preferences).toMatchObject({ muted: true, expiryReminders: true });
    expect(state.saving).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { NotificationConstructorOptions } from 'electron';
import { createElectronNotifier, toastXmlFor } from '../../../main/electron/notifier';
import type { NotificationClassLike } from '../../../main/electron/notifier';
import { createRecordingLogger } from '../../helpers/recording-logger';

const LINK = 'quotedesk://quote/acc-1/6f1c2d3e-4b5a-4c6d-8e7f-1a2b3c4d5e6f';

/** A stand-in for Electron's Notification: records what was shown and lets a test click it. */
function fakeNotificationClass(options: { supported?: boolean; withActivation?: boolean } = {}) {
  const shown: Array<{ options: NotificationConstructorOptions; emit(event: string): void }> = [];
  const activation: { callback: ((details: { type: string; arguments: string }) => void) | null } = { callback: null };
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
      return options.supported ?? true;
    }
  }
  const Class = FakeNotification as unknown as NotificationClassLike;
  if (options.withActivation ?? true) {
    Class.handleActivation = (callback) => {
      activation.callback = callback;
    };
  }
  return { Class, shown, activation };
}

describe('the Electron notifier', () => {
  it('shows the title and body and routes a click to the link (Linux: no action buttons)', () => {
    const { Class, shown } = fakeNotificationClass();
    const clicks: string[] = [];
    const notifier = createElectronNotifier({ Notification: Class, platform: 'linux', onClick: (link) => clicks.push(link), logger: createRecordingLogger() });
    notifier.notify({ title: 'Quote Q-1: Accepted', body: 'Pending → Accepted\nSpring catalogue', link: LINK });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.options).toEqual({ title: 'Quote Q-1: Accepted', body: 'Pending → Accepted\nSpring catalogue' });
    expect(shown[0]!.options.actions).toBeUndefined();
    shown[0]!.emit('click');
    expect(clicks).toEqual([LINK]);
  });

  it('on Windows carries the link in the toast and routes clicks through handleActivation, also after a restart', () => {
    const { Class, shown, activation } = fakeNotificationClass();
    const clicks: string[] = [];
    const notifier = createElectronNotifier({ Notification: Class, platform: 'win32', onClick: (link) => clicks.push(link), logger: createRecordingLogger() });
    expect(activation.callback).not.toBeNull();
    notifier.notify({ title: 'Quote <Q-1> & co', body: 'Line "one"', link: LINK });
    expect(shown[0]!.options.toastXml).toBe(
      `<toast launch="${LINK}" activationType="foreground"><visual><binding template="ToastGeneric"><text>Quote &lt;Q-1&gt; &amp; co</text><text>Line &quot;one&quot;</text></binding></visual></toast>`,
    );
    // The instance's own click event is not routed too: one click, one navigation.
    shown[0]!.emit('click');
    activation.callback!({ type: 'click', arguments: LINK });
    expect(clicks).toEqual([LINK]);
  });

  it('says once in the log that the system shows no notifications, and shows none', () => {
    const { Class, shown } = fakeNotificationClass({ supported: false });
    const logger = createRecordingLogger();
    const notifier = createElectronNotifier({ Notification: Class, platform: 'linux', onClick: () => undefined, logger });
    notifier.notify({ title: 'a', body: 'b', link: LINK });
    notifier.notify({ title: 'c', body: 'd', link: LINK });
    expect(shown).toEqual([]);
    expect(logger.lines.filter((line) => /not supported/.test(line.message))).toHaveLength(1);
  });

  it('warns when Windows activation cannot be handled by this Electron', () => {
    const logger = createRecordingLogger();
    createElectronNotifier({ Notification: fakeNotificationClass({ withActivation: false }).Class, platform: 'win32', onClick: () => undefined, logger });
    expect(logger.text()).toMatch(/handleActivation/);
  });

  it('makes a toast without a launch argument for a notification without a link', () => {
    expect(toastXmlFor({ title: 't', body: 'b' })).toBe('<toast><visual><binding template="ToastGeneric"><text>t</text><text>b</text></binding></visual></toast>');
  });
});

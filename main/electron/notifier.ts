// The Notifier port on Electron's Notification. A click focuses the window and opens the
// notification's quotedesk:// link (the caller routes it through the deep-link parser, like
// any other link). Windows: clicks arrive through Notification.handleActivation, which also
// covers a click on a toast left in the Action Center after the app quit (the app is started
// and told); the link rides in the toast's launch argument. Linux (libnotify) shows no action
// buttons, so none are ever added: a click is the only action everywhere.
import type { Notification as ElectronNotification, NotificationConstructorOptions } from 'electron';
import type { Logger, Notification, Notifier } from '../core/ports';

export type NotificationLike = Pick<ElectronNotification, 'on' | 'show'>;
export interface NotificationClassLike {
  new (options: NotificationConstructorOptions): NotificationLike;
  isSupported(): boolean;
  handleActivation?(callback: (details: { type: string; arguments: string }) => void): void;
}

export interface ElectronNotifierOptions {
  Notification: NotificationClassLike;
  platform: NodeJS.Platform;
  /** A notification was clicked: focus the window and open this link. */
  onClick(link: string): void;
  logger: Logger;
}

/** Shown notifications are kept until clicked or closed: one collected too early loses its click handler. */
const MAX_KEPT = 50;

const xmlEscape = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A Windows toast whose body click activates the app with the link as its argument. */
export function toastXmlFor(notification: Notification): string {
  const launch = notification.link ? ` launch="${xmlEscape(notification.link)}" activationType="foreground"` : '';
  const lines = [notification.title, ...notification.body.split('\n')].map((line) => `<text>${xmlEscape(line)}</text>`);
  return `<toast${launch}><visual><binding template="ToastGeneric">${lines.slice(0, 3).join('')}</binding></visual></toast>`;
}

export function createElectronNotifier(options: ElectronNotifierOptions): Notifier {
  const { Notification: NotificationClass, platform, logger } = options;
  const kept = new Set<NotificationLike>();
  const windows = platform === 'win32';
  let warnedUnsupported = false;

  if (windows) {
    if (NotificationClass.handleActivation) {
      NotificationClass.handleActivation((details) => {
        if (details.arguments) options.onClick(details.arguments);
      });
    } else {
      logger.warn('this Electron has no Notification.handleActivation: toast clicks after a restart are not routed');
    }
  }

  return {
    notify(notification) {
      if (!NotificationClass.isSupported()) {
        if (!warnedUnsupported) logger.warn('desktop notifications are not supported on this system; only the in-app badge shows changes');
        warnedUnsupported = true;
        return;
      }
      const shown = new NotificationClass({
        title: notification.title,
        body: notification.body,
        ...(windows ? { toastXml: toastXmlFor(notification) } : {}),
      });
      const forget = () => kept.delete(shown);
      // On Windows handleActivation already reports the click (also for this instance).
      if (!windows && notification.link) {
        const link = notification.link;
        shown.on('click', () => {
          forget();
          options.onClick(link);
        });
      }
      shown.on('close', forget);
      kept.add(shown);
      if (kept.size > MAX_KEPT) kept.delete(kept.values().next().value!);
      shown.show();
    },
  };
}

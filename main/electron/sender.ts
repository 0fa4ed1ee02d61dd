// Pure (only type imports from Electron) so it is unit-tested with stand-in objects.
import { isAppPage } from './app-protocol';

/** The parts of Electron's WebFrameMain the check reads. */
export interface FrameLike {
  readonly processId: number;
  readonly routingId: number;
  readonly url: string;
  readonly parent: FrameLike | null;
}

/** The parts of an IpcMainInvokeEvent the check reads. */
export interface SenderEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: FrameLike | null;
}

export interface TrustedRenderer {
  /** The app window's webContents id and its current main frame. */
  webContentsId: number;
  mainFrame: FrameLike;
}

/**
 * True only for a message from the app window's own main frame showing the app's own
 * page (app://quotedesk/index.html): not a subframe, not another window, not a page the
 * window was navigated to, not a file:// page.
 */
export function isTrustedSender(event: SenderEventLike, trusted: TrustedRenderer): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (event.sender.id !== trusted.webContentsId) return false;
  if (frame.processId !== trusted.mainFrame.processId || frame.routingId !== trusted.mainFrame.routingId) return false;
  return isAppPage(frame.url);
}

// Pure (only type imports from Electron) so it is unit-tested with stand-in objects.

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
  /** The app's own renderer page, e.g. file:///…/out/renderer/index.html. */
  rendererUrl: string;
}

/**
 * True only for a message from the app window's own main frame showing the app's own
 * page: not a subframe, not another window, not a page the window was navigated to.
 */
export function isTrustedSender(event: SenderEventLike, trusted: TrustedRenderer): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (event.sender.id !== trusted.webContentsId) return false;
  if (frame.processId !== trusted.mainFrame.processId || frame.routingId !== trusted.mainFrame.routingId) return false;
  return pageOf(frame.url) !== null && pageOf(frame.url) === pageOf(trusted.rendererUrl);
}

/** The URL without query or fragment: the renderer may keep state in either. */
function pageOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.search = '';
    return parsed.href;
  } catch {
    return null;
  }
}

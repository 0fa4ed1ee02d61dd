import type { FolderHolder } from '../core/data-files';

/** The line browser mode prints about demo mode at startup, or null when there is nothing to say. */
export function demoNotice(state: { demo: boolean; realAccounts: number }): string | null {
  if (!state.demo) return null;
  if (state.realAccounts === 0) {
    return 'Demo mode: the built-in Quoting Service with sample data. Add an account to connect to the real service.';
  }
  const yours = state.realAccounts === 1 ? 'your account' : `your ${state.realAccounts} accounts`;
  return `Demo mode (--demo): sample accounts on the built-in Quoting Service are listed alongside ${yours}.`;
}

/**
 * What a browser-mode launch says when its data folder is taken. Another browser mode on
 * the folder is handed over to (its address is printed, exit 0: the app is running); any
 * other holder is named, and the launch fails.
 */
export function busyFolderNotice(holder: FolderHolder, message: string): { stream: 'stdout' | 'stderr'; text: string; exitCode: number } {
  if (holder.kind === 'web' && holder.url) {
    return {
      stream: 'stdout',
      text: `Quotedesk (browser mode) is already running on this data folder (process ${holder.pid}): open ${holder.url}`,
      exitCode: 0,
    };
  }
  return { stream: 'stderr', text: `Quotedesk (browser mode) could not start: ${message}`, exitCode: 1 };
}

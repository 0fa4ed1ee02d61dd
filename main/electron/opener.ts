import { m } from '../../i18n/paraglide/messages.js';
import type { Shell } from 'electron';
import { saidError } from '../core/errors';
import { externalLinkDecision } from '../core/links/external-links';
import type { Opener } from '../core/ports';

export interface ShellOpenerDeps {
  /** The configured accounts' base URLs, read at each link: their hosts may be opened. */
  accountBaseUrls: () => Promise<readonly string[]>;
}

/** Opens files, and https links to the accounts' hosts or the allow-list, with the system's applications. */
export function createShellOpener(shell: Pick<Shell, 'openPath' | 'openExternal'>, deps: ShellOpenerDeps): Opener {
  return {
    async openPath(path) {
      // openPath reports failure as a non-empty message rather than by rejecting.
      const failure = await shell.openPath(path);
      if (failure) throw saidError('internal', m.main_open_file_failed({ reason: failure }));
    },
    async openExternal(url) {
      const decision = externalLinkDecision(url, { accountBaseUrls: await deps.accountBaseUrls() });
      if (!decision.allowed) throw saidError('invalid-input', decision.reason);
      await shell.openExternal(url);
    },
  };
}

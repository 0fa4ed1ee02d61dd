import type { Shell } from 'electron';
import { AppError } from '../core/errors';
import type { Opener } from '../core/ports';
import { navigationDecision } from './navigation';

/** Opens files and https links with the system's applications. */
export function createShellOpener(shell: Pick<Shell, 'openPath' | 'openExternal'>): Opener {
  return {
    async openPath(path) {
      // openPath reports failure as a non-empty message rather than by rejecting.
      const failure = await shell.openPath(path);
      if (failure) throw new AppError('internal', `The file could not be opened: ${failure}`);
    },
    async openExternal(url) {
      if (navigationDecision(url) !== 'open-externally') {
        throw new AppError('invalid-input', 'Only https links can be opened in the browser.');
      }
      await shell.openExternal(url);
    },
  };
}

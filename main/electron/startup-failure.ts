// A start-up failure is shown, not only logged: the person sees what failed and where the
// log is, in a system dialog, before the app exits. dialog.showErrorBox is the one dialog
// Electron allows before 'ready' (on Linux it then only reaches stderr; ours come after ready).
import type { App, Dialog } from 'electron';
import type { Logger } from '../core/ports';
import { errorText } from '../core/errors';

export interface StartupFailureOptions {
  dialog: Pick<Dialog, 'showErrorBox'>;
  app: Pick<App, 'exit'>;
  logger: Logger;
  /** Writes out what the log holds (the file logger's close). */
  flushLog(): Promise<void>;
  logPath: string;
}

/** What the person reads: the step that failed, the error in one bounded line, and the log's path. */
export function startupFailureText(step: string, error: unknown, logPath: string): { title: string; content: string } {
  const reason = errorText(error).split('\n')[0]!.slice(0, 300);
  return {
    title: 'Quotedesk could not start',
    content: `Quotedesk stopped while ${step}:\n\n${reason}\n\nNothing was deleted. The log has the details:\n${logPath}`,
  };
}

export async function reportStartupFailure(options: StartupFailureOptions, step: string, error: unknown): Promise<void> {
  options.logger.error('Quotedesk could not start', { step, error: errorText(error) });
  // The log line is on disk before the dialog waits for the person.
  await options.flushLog().catch(() => undefined);
  const { title, content } = startupFailureText(step, error, options.logPath);
  options.dialog.showErrorBox(title, content);
  options.app.exit(1);
}

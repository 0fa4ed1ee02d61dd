// A start-up failure is shown, not only logged: the person sees what failed and where the
// log is, in a system dialog, before the app exits. dialog.showErrorBox is the one dialog
// Electron allows before 'ready' (on Linux it then only reaches stderr; ours come after ready).
// The settings (and the language chosen there) may be what failed, so the dialog speaks the
// first of the system's preferred languages Quotedesk has, else English.
import type { App, Dialog } from 'electron';
import { m } from '../../i18n/paraglide/messages.js';
import { negotiate } from '../../i18n/locale';
import type { Locale } from '../../i18n/locale';
import type { Logger } from '../core/ports';
import { errorText } from '../core/errors';

/** The steps of start-up, in order: the log names the code, the dialog its words. */
export type StartStep = 'electron' | 'session' | 'data-folder' | 'settings' | 'credentials' | 'core' | 'updates' | 'demo' | 'tray' | 'window';

export interface StartupFailureOptions {
  dialog: Pick<Dialog, 'showErrorBox'>;
  app: Pick<App, 'exit'> & Partial<Pick<App, 'getPreferredSystemLanguages'>>;
  logger: Logger;
  /** Writes out what the log holds (the file logger's close). */
  flushLog(): Promise<void>;
  logPath: string;
}

function stepWords(step: StartStep, locale: Locale): string {
  switch (step) {
    case 'electron':
      return m.main_startup_step_electron({}, { locale });
    case 'session':
      return m.main_startup_step_session({}, { locale });
    case 'data-folder':
      return m.main_startup_step_data_folder({}, { locale });
    case 'settings':
      return m.main_startup_step_settings({}, { locale });
    case 'credentials':
      return m.main_startup_step_credentials({}, { locale });
    case 'core':
      return m.main_startup_step_core({}, { locale });
    case 'updates':
      return m.main_startup_step_updates({}, { locale });
    case 'demo':
      return m.main_startup_step_demo({}, { locale });
    case 'tray':
      return m.main_startup_step_tray({}, { locale });
    case 'window':
      return m.main_startup_step_window({}, { locale });
  }
}

/** The language of the dialog: the system's preferred languages negotiated, English when none is ours or they cannot be read. */
export function startupLocale(app: Partial<Pick<App, 'getPreferredSystemLanguages'>>): Locale {
  try {
    return negotiate(app.getPreferredSystemLanguages?.() ?? []);
  } catch {
    return negotiate([]);
  }
}

/** What the person reads: the step that failed, the error in one bounded line, and the log's path. */
export function startupFailureText(step: StartStep, error: unknown, logPath: string, locale: Locale = 'en'): { title: string; content: string } {
  const reason = errorText(error).split('\n')[0]!.slice(0, 300);
  return {
    title: m.main_startup_failed_title({}, { locale }),
    content: m.main_startup_failed_content({ step: stepWords(step, locale), reason, logPath }, { locale }),
  };
}

export async function reportStartupFailure(options: StartupFailureOptions, step: StartStep, error: unknown): Promise<void> {
  options.logger.error('Quotedesk could not start', { step, error: errorText(error) });
  // The log line is on disk before the dialog waits for the person.
  await options.flushLog().catch(() => undefined);
  const { title, content } = startupFailureText(step, error, options.logPath, startupLocale(options.app));
  options.dialog.showErrorBox(title, content);
  options.app.exit(1);
}

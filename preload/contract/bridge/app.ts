import { z } from 'zod';
import { LANGUAGE_CHOICES, UI_LOCALES } from '../plain/languages';

export const CredentialStorageInfo = z.object({
  backend: z.string(),
  /** True when credentials are not protected by the OS (basic_text, or a plain owner-only file). */
  weak: z.boolean(),
  message: z.string().nullable(),
});

/**
 * A data file that could not be read at start (corrupt, truncated, empty, unreadable): it
 * was set aside, not overwritten, and the person is told where the copy is.
 */
export const DataProblem = z.object({
  file: z.enum(['settings', 'secrets', 'cache', 'receipts', 'outbox', 'snoozes']),
  path: z.string(),
  keptAt: z.string().nullable(),
  reason: z.string(),
});
export type DataProblem = z.infer<typeof DataProblem>;

export const AppInfo = z.object({
  version: z.string(),
  host: z.enum(['electron', 'web']),
  demo: z.boolean(),
  credentialStorage: CredentialStorageInfo,
  /** Empty when every data file read well. */
  dataProblems: z.array(DataProblem),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const UiLocale = z.enum(UI_LOCALES);
export type UiLocale = z.infer<typeof UiLocale>;
export const LanguageChoice = z.enum(LANGUAGE_CHOICES);
export type LanguageChoice = z.infer<typeof LanguageChoice>;

/** The language setting and what main speaks now (its notifications and exports follow it). */
export const LanguageState = z.object({
  choice: LanguageChoice,
  locale: UiLocale,
  /** What "system" resolves to on the host's side (the window in browser mode resolves it from the browser's languages). */
  system: UiLocale,
  /** Whether the pseudo-locale (en-XA) is offered: the host runs with QUOTEDESK_PSEUDO=1 or QUOTEDESK_LANG=en-XA. */
  pseudo: z.boolean(),
});
export type LanguageState = z.infer<typeof LanguageState>;

/** A new choice; `locale` is what the window resolved it to (for "system": the window's own languages). */
export const LanguageInput = z.object({ choice: LanguageChoice, locale: UiLocale });
export type LanguageInput = z.infer<typeof LanguageInput>;

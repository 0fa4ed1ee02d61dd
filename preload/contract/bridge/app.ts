import { z } from 'zod';

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

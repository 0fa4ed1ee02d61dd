import { z } from 'zod';

export const CredentialStorageInfo = z.object({
  backend: z.string(),
  /** True when credentials are not protected by the OS (basic_text, or a plain owner-only file). */
  weak: z.boolean(),
  message: z.string().nullable(),
});

export const AppInfo = z.object({
  version: z.string(),
  host: z.enum(['electron', 'web']),
  demo: z.boolean(),
  credentialStorage: CredentialStorageInfo,
});
export type AppInfo = z.infer<typeof AppInfo>;

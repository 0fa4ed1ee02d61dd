// Where `relay` and `listen` take a webhook signing secret from: a file only its owner can read
// (--secret-file), or QUOTEDESK_WEBHOOK_SECRET. A secret given as --secret S still works, but
// every local user can read a process's arguments (`ps`), so it is warned about.
import { readFileSync, statSync } from 'node:fs';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';
import { UsageError } from './options';

export const SECRET_ENV = 'QUOTEDESK_WEBHOOK_SECRET';

export interface WebhookSecretValues {
  secret?: string;
  'secret-file'?: string;
}

export interface WebhookSecret {
  secret: string;
  /** Said on stderr before starting (the secret came from the command line), or null. */
  warning: string | null;
}

/**
 * The secret from --secret-file, --secret or the environment (in that order of preference; the
 * two options together are a usage error), or null when none is given. A file is read whole,
 * less one trailing newline; an empty file, or on POSIX one that group or others may read, is
 * refused with what to do. `env` is the environment to fall back on ({} when it must not be).
 */
export function readWebhookSecret(values: WebhookSecretValues, env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): WebhookSecret | null {
  const file = values['secret-file'];
  if (file !== undefined && values.secret !== undefined) throw new UsageError(m.cli_secret_both());
  if (file !== undefined) return { secret: readSecretFile(file, platform), warning: null };
  if (values.secret !== undefined) {
    if (values.secret === '') throw new UsageError(m.cli_secret_empty());
    return { secret: values.secret, warning: m.cli_secret_argv_warning({ variable: SECRET_ENV }) };
  }
  const fromEnv = env[SECRET_ENV];
  return fromEnv === undefined || fromEnv === '' ? null : { secret: fromEnv, warning: null };
}

function readSecretFile(path: string, platform: NodeJS.Platform): string {
  let text: string;
  try {
    // Windows has no mode bits to check: its ACLs decide who reads the file.
    const mode = statSync(path).mode;
    if (platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new UsageError(m.cli_secret_file_open_to_others({ path: ltr(path), mode: ltr((mode & 0o777).toString(8)) }));
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(m.cli_secret_file_unreadable({ path: ltr(path), problem: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
  const secret = text.endsWith('\r\n') ? text.slice(0, -2) : text.endsWith('\n') ? text.slice(0, -1) : text;
  if (secret === '') throw new UsageError(m.cli_secret_file_empty({ path: ltr(path) }));
  return secret;
}

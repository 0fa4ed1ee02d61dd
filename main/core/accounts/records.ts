import { z } from 'zod';
import { Credentials, Environment, KeyAccess, Mechanism } from '../../../preload/contract';
import type { AccountDraft } from '../../../preload/contract';
import type { Logger, SettingsStore } from '../ports';
import { errorText } from '../errors';

/** The settings key holding the account list (everything but credentials). */
export const ACCOUNTS_KEY = 'accounts';
/** Prefix of the keys where a damaged account list is kept before it is ever overwritten. */
export const ACCOUNTS_BACKUP_PREFIX = 'accountsBackup:';

export const StoredAccount = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  environment: Environment,
  baseUrl: z.string().min(1),
  mechanism: Mechanism,
  access: KeyAccess,
  /** Only a refusal outlives a restart: it must not hammer the service with bad credentials. */
  needsCredentials: z.string().nullable().default(null),
});
export type StoredAccount = z.infer<typeof StoredAccount>;

/** The name under which an account's credentials sit in the SecretStore. */
const SECRET_PREFIX = 'account:';

export function secretName(accountId: string): string {
  return `${SECRET_PREFIX}${accountId}`;
}

/** The account id a secret belongs to, or null for a secret that is not an account's credentials. */
export function accountIdOfSecret(name: string): string | null {
  return name.startsWith(SECRET_PREFIX) && name.length > SECRET_PREFIX.length ? name.slice(SECRET_PREFIX.length) : null;
}

/** Parses stored credentials; null when absent or unreadable (the account then needs new ones). */
export function parseStoredCredentials(text: string | null): Credentials | null {
  if (text === null) return null;
  try {
    const parsed = Credentials.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface LoadedAccounts {
  accounts: StoredAccount[];
  /** Some or all of the list could not be read: accounts may be missing that the user has. */
  damaged: boolean;
}

/**
 * Reads the account list. A damaged value never crashes the app and is never silently lost:
 * the raw value is copied to a backup key, the error is logged, and every entry that still
 * reads well is kept.
 */
export function loadAccounts(settings: SettingsStore, logger: Logger, nowIso: string): LoadedAccounts {
  let raw: unknown;
  try {
    raw = settings.get<unknown>(ACCOUNTS_KEY);
  } catch (error) {
    logger.error('account settings could not be read', { error: errorText(error) });
    return { accounts: [], damaged: true };
  }
  if (raw === undefined || raw === null) return { accounts: [], damaged: false };
  if (!Array.isArray(raw)) {
    backup(settings, raw, nowIso, logger);
    logger.error('account settings are damaged (not a list); kept a backup and started with no accounts', {
      backupKey: ACCOUNTS_BACKUP_PREFIX + nowIso,
    });
    return { accounts: [], damaged: true };
  }
  const accounts: StoredAccount[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  raw.forEach((entry, index) => {
    const parsed = StoredAccount.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`entry ${index}: ${issue?.path.join('.') || '(entry)'}: ${issue?.message ?? 'invalid'}`);
    } else if (seen.has(parsed.data.id)) {
      problems.push(`entry ${index}: duplicate id`);
    } else {
      seen.add(parsed.data.id);
      accounts.push(parsed.data);
    }
  });
  if (problems.length > 0) {
    backup(settings, raw, nowIso, logger);
    logger.error('some account settings are damaged; kept a backup and skipped them', {
      problems,
      kept: accounts.length,
      backupKey: ACCOUNTS_BACKUP_PREFIX + nowIso,
    });
  }
  return { accounts, damaged: problems.length > 0 };
}

export function saveAccounts(settings: SettingsStore, accounts: StoredAccount[]): void {
  settings.set(ACCOUNTS_KEY, accounts);
}

function backup(settings: SettingsStore, raw: unknown, nowIso: string, logger: Logger): void {
  try {
    settings.set(ACCOUNTS_BACKUP_PREFIX + nowIso, raw);
  } catch (error) {
    // The damaged list stays in the file until something is saved; starting matters more.
    logger.error('the damaged account list could not be backed up', { error: errorText(error) });
  }
}

/** A new account's record: everything but the credentials. */
export function recordFromDraft(id: string, draft: AccountDraft): StoredAccount {
  return {
    id,
    name: draft.name,
    environment: draft.environment,
    baseUrl: draft.baseUrl,
    mechanism: draft.credentials.mechanism,
    access: draft.access,
    needsCredentials: null,
  };
}

// Per-account webhook keys: the unguessable path token, the signing secret (and the previous
// one during its grace period) and the URLs this installation registered. Kept through the
// SecretStore port, so it is encrypted wherever the host encrypts secrets.
import { randomBytes } from 'node:crypto';
import { registerSecret } from '../log/logger';
import type { Clock, Logger, SecretStore } from '../ports';
import type { ReceiverRoute, ReceiverRoutes } from './receiver';

const PREFIX = 'webhook:';
const PATH = /^\/hooks\/([A-Za-z0-9_-]{20,})$/;
/** How many of our own earlier URLs are remembered (to tell "ours" from "another installation's"). */
const OWN_URLS_KEPT = 20;

interface KeyRecord {
  token: string;
  secret: string | null;
  previous: string | null;
  previousUntil: number | null;
  /** The URL this installation registered last, or null when none is (or should be) registered. */
  registeredUrl: string | null;
  /** Every URL this installation registered, newest last. */
  ownUrls: string[];
}

export function secretName(accountId: string): string {
  return `${PREFIX}${accountId}`;
}

export class WebhookKeyring implements ReceiverRoutes {
  private readonly records = new Map<string, KeyRecord>();
  private readonly byToken = new Map<string, string>();

  private constructor(
    private readonly store: SecretStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  static async load(store: SecretStore, clock: Clock, logger: Logger): Promise<WebhookKeyring> {
    const keyring = new WebhookKeyring(store, clock, logger);
    for (const name of await store.names()) {
      if (!name.startsWith(PREFIX)) continue;
      const record = parseRecord(await store.get(name));
      if (!record) {
        logger.warn('webhook keys unreadable; a new registration will be needed', { accountId: name.slice(PREFIX.length) });
        continue;
      }
      keyring.adopt(name.slice(PREFIX.length), record);
    }
    return keyring;
  }

  byPath(pathname: string): ReceiverRoute | null {
    const token = PATH.exec(pathname)?.[1];
    const accountId = token === undefined ? undefined : this.byToken.get(token);
    if (accountId === undefined) return null;
    return { accountId, secrets: () => this.secrets(accountId) };
  }

  /** The secrets a delivery for this account may be signed with now. */
  secrets(accountId: string): { current: string | null; previous: string | null } {
    const record = this.records.get(accountId);
    if (!record) return { current: null, previous: null };
    const previousValid = record.previous !== null && record.previousUntil !== null && this.clock.now() < record.previousUntil;
    return { current: record.secret, previous: previousValid ? record.previous : null };
  }

  /** The account's receiving path (`/hooks/<token>`), creating its token on first use. */
  async pathFor(accountId: string): Promise<string> {
    let record = this.records.get(accountId);
    if (!record) {
      record = { token: randomBytes(24).toString('base64url'), secret: null, previous: null, previousUntil: null, registeredUrl: null, ownUrls: [] };
      await this.save(accountId, record);
    }
    return `/hooks/${record.token}`;
  }

  registeredUrl(accountId: string): string | null {
    return this.records.get(accountId)?.registeredUrl ?? null;
  }

  hasSecret(accountId: string): boolean {
    return (this.records.get(accountId)?.secret ?? null) !== null;
  }

  /** Accounts with a registration of ours, to re-register when the public URL changes. */
  registeredAccounts(): string[] {
    return [...this.records].filter(([, record]) => record.registeredUrl !== null).map(([accountId]) => accountId);
  }

  isOwnUrl(accountId: string, url: string): boolean {
    return this.records.get(accountId)?.ownUrls.includes(url) ?? false;
  }

  /** A new registration: its secret becomes current, the old one stays valid for `graceMs`. */
  async registered(accountId: string, url: string, secret: string, graceMs: number): Promise<void> {
    await this.pathFor(accountId);
    const record = this.records.get(accountId) as KeyRecord;
    const previous = record.secret !== null && record.secret !== secret ? record.secret : record.previous;
    const ownUrls = [...record.ownUrls.filter((own) => own !== url), url].slice(-OWN_URLS_KEPT);
    await this.save(accountId, { ...record, secret, previous, previousUntil: previous === null ? null : this.clock.now() + graceMs, registeredUrl: url, ownUrls });
  }

  /** The registration was deleted: nothing is signed for us any more. The token stays for a later one. */
  async unregistered(accountId: string): Promise<void> {
    const record = this.records.get(accountId);
    if (!record) return;
    await this.save(accountId, { ...record, secret: null, previous: null, previousUntil: null, registeredUrl: null });
  }

  /** The account is gone: every key of it goes too. */
  async forget(accountId: string): Promise<void> {
    const record = this.records.get(accountId);
    await this.store.delete(secretName(accountId));
    if (record) this.byToken.delete(record.token);
    this.records.delete(accountId);
  }

  private async save(accountId: string, record: KeyRecord): Promise<void> {
    await this.store.set(secretName(accountId), JSON.stringify(record));
    this.adopt(accountId, record);
  }

  private adopt(accountId: string, record: KeyRecord): void {
    registerSecret(this.logger, record.secret);
    registerSecret(this.logger, record.previous);
    registerSecret(this.logger, record.token);
    const old = this.records.get(accountId);
    if (old) this.byToken.delete(old.token);
    this.records.set(accountId, record);
    this.byToken.set(record.token, accountId);
  }
}

function parseRecord(text: string | null): KeyRecord | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<KeyRecord>;
    if (typeof value.token !== 'string' || value.token.length < 20) return null;
    const optional = (field: unknown) => (typeof field === 'string' ? field : null);
    return {
      token: value.token,
      secret: optional(value.secret),
      previous: optional(value.previous),
      previousUntil: typeof value.previousUntil === 'number' ? value.previousUntil : null,
      registeredUrl: optional(value.registeredUrl),
      ownUrls: Array.isArray(value.ownUrls) ? value.ownUrls.filter((url): url is string => typeof url === 'string') : [],
    };
  } catch {
    return null;
  }
}

// Registration and health: one URL per API key, so registering replaces whatever the company
// had. This installation registers only over its own earlier URLs unless the user confirms.
import type { QuotingClient } from '../api/types';
import type { Clock, Logger } from '../ports';
import type { SignatureFailures, WebhookInspector } from './inspector';
import type { WebhookKeyring } from './keyring';
import type { Tunnel } from './tunnels/tunnel';
import { describeError } from '../api/describe-error';
import { errorText, saidError } from '../errors';
import type { BridgeErrorCode } from '../../../preload/contract';
import { m } from '../../../i18n/paraglide/messages.js';

export type RegisterResult =
  | { status: 'registered'; url: string }
  | { status: 'already-registered'; url: string }
  /** The service has another URL this installation never set: ask the user before replacing it. */
  | { status: 'needs-confirmation'; url: string; currentUrl: string };

export type UnregisterResult = 'deleted' | 'not-ours' | 'none';

export type RegistrationState =
  /** Nothing of ours is registered (never, or deleted). */
  | 'unregistered'
  /** The service points at our current URL. */
  | 'registered'
  /** The service points at a URL this installation did not set. */
  | 'taken-over'
  /** The service has nothing registered although we had registered. */
  | 'missing'
  /** Not checked yet, or the last check failed (see `problem`). */
  | 'unknown';

export interface WebhookHealth {
  accountId: string;
  /** The public URL deliveries should reach (tunnel origin + account path), or null without a tunnel. */
  publicUrl: string | null;
  /** The URL the service had at the last check (or that we registered). */
  registeredUrl: string | null;
  state: RegistrationState;
  lastVerifiedAt: number | null;
  signatureFailures: SignatureFailures;
  lastCheckedAt: number | null;
  /** Why the last check or re-registration failed, in plain words. */
  problem: string | null;
  /** The same failure typed (code, words, whether trying again may help), so the screen can say why and offer a retry. */
  error?: RegistrationError | null;
}

/** A failed read or registration, as describeError classifies it. */
export interface RegistrationError {
  code: BridgeErrorCode;
  message: string;
  retryable: boolean;
}

function registrationError(error: unknown): RegistrationError {
  const { code, message, retryable } = describeError(error);
  return { code, message, retryable };
}

export interface RegistrationOptions {
  keyring: WebhookKeyring;
  inspector: WebhookInspector;
  /** The account's client (main/core/api); the accounts service builds it on demand. */
  clientFor(accountId: string): QuotingClient | Promise<QuotingClient>;
  clock: Clock;
  logger: Logger;
  /** How long the previous secret is still accepted after a re-registration. Default 10 minutes. */
  graceMs?: number;
  /** Told whenever an account's health may have changed (publish 'webhook.health'). */
  onHealthChange?: (accountId: string) => void;
}

export const DEFAULT_SECRET_GRACE_MS = 10 * 60_000;

interface Known {
  state: RegistrationState;
  registeredUrl: string | null;
  lastCheckedAt: number | null;
  problem: string | null;
  error: RegistrationError | null;
}

export class WebhookRegistration {
  private origin: string | null = null;
  private readonly known = new Map<string, Known>();
  private following: Promise<void> = Promise.resolve();

  constructor(private readonly options: RegistrationOptions) {}

  /** The public HTTPS origin the tunnel gives (null: no tunnel, polling only). */
  publicOrigin(): string | null {
    return this.origin;
  }

  async publicUrlFor(accountId: string): Promise<string | null> {
    return this.origin === null ? null : `${this.origin}${await this.options.keyring.pathFor(accountId)}`;
  }

  /**
   * Registers the account's public URL. Reads the current registration first: a URL this
   * installation never set is replaced only with `confirm: true`.
   */
  async register(accountId: string, confirm = false): Promise<RegisterResult> {
    const url = await this.publicUrlFor(accountId);
    if (url === null) throw saidError('invalid-state', m.core_webhook_no_public_url());
    const { keyring } = this.options;
    const client = await this.options.clientFor(accountId);
    const current = await client.webhooks.get();
    if (current?.url === url && keyring.hasSecret(accountId)) {
      this.remember(accountId, { state: 'registered', registeredUrl: url, problem: null, error: null });
      return { status: 'already-registered', url };
    }
    if (current && current.url !== url && !keyring.isOwnUrl(accountId, current.url) && !confirm) {
      this.remember(accountId, { state: keyring.registeredUrl(accountId) === null ? 'unregistered' : 'taken-over', registeredUrl: current.url, problem: null, error: null });
      return { status: 'needs-confirmation', url, currentUrl: current.url };
    }
    const registration = await client.webhooks.register(url);
    await keyring.registered(accountId, url, registration.secret, this.options.graceMs ?? DEFAULT_SECRET_GRACE_MS);
    this.remember(accountId, { state: 'registered', registeredUrl: url, problem: null, error: null });
    this.options.logger.info('webhook registered', { accountId });
    return { status: 'registered', url };
  }

  /**
   * Deletes the registration (on request, or before the account is removed): 'deleted' when
   * it pointed at us, 'not-ours' when another installation's URL was left in place, 'none'
   * when the service had nothing.
   */
  async unregister(accountId: string): Promise<UnregisterResult> {
    const client = await this.options.clientFor(accountId);
    const current = await client.webhooks.get();
    // Deleting another installation's registration would silence it without asking anyone.
    const ours = current !== null && this.options.keyring.isOwnUrl(accountId, current.url);
    if (ours) await client.webhooks.remove();
    await this.options.keyring.unregistered(accountId);
    this.remember(accountId, { state: 'unregistered', registeredUrl: ours ? null : (current?.url ?? null), problem: null, error: null });
    return ours ? 'deleted' : current === null ? 'none' : 'not-ours';
  }

  /** Whether this installation has (or had, before a failed delete) a registration for the account. */
  hasOwnRegistration(accountId: string): boolean {
    return this.options.keyring.registeredUrl(accountId) !== null;
  }

  /**
   * The tunnel's public origin moved (or went away): every account registered by us follows,
   * unless another installation took it over meanwhile (that waits for the user).
   */
  async setPublicOrigin(origin: string | null): Promise<Map<string, RegisterResult | Error>> {
    this.origin = origin === null ? null : origin.replace(/\/+$/, '');
    const results = new Map<string, RegisterResult | Error>();
    if (this.origin === null) return results;
    for (const accountId of this.options.keyring.registeredAccounts()) {
      try {
        results.set(accountId, await this.register(accountId));
      } catch (error) {
        const problem = errorText(error);
        this.remember(accountId, { state: 'unknown', registeredUrl: this.options.keyring.registeredUrl(accountId), problem: `Could not re-register: ${problem}`, error: registrationError(error) });
        results.set(accountId, error instanceof Error ? error : new Error(problem));
      }
    }
    return results;
  }

  /**
   * Follows a tunnel: its current origin now, and every change after (one at a time, in order),
   * so a quick tunnel's new URL after a restart is registered without anyone asking.
   */
  follow(tunnel: Tunnel): () => void {
    const apply = (origin: string | null) => {
      this.following = this.following
        .then(() => this.setPublicOrigin(origin))
        .then(
          () => undefined,
          (error: unknown) => this.options.logger.warn('webhook re-registration failed', { error: errorText(error) }),
        );
    };
    apply(tunnel.publicOrigin());
    return tunnel.onChange(apply);
  }

  /** Resolves when every origin change seen so far has been handled. */
  async settled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.following;
      await seen;
    } while (seen !== this.following);
  }

  /** Reads the registration and tells whether it still points at us (run periodically and after resume). */
  async checkHealth(accountId: string): Promise<WebhookHealth> {
    const ours = this.options.keyring.registeredUrl(accountId);
    try {
      const current = await (await this.options.clientFor(accountId)).webhooks.get();
      const state: RegistrationState =
        ours === null ? 'unregistered' : current === null ? 'missing' : current.url === ours ? 'registered' : this.options.keyring.isOwnUrl(accountId, current.url) ? 'registered' : 'taken-over';
      this.remember(accountId, { state, registeredUrl: current?.url ?? null, problem: null, error: null });
    } catch (error) {
      this.remember(accountId, { state: 'unknown', registeredUrl: ours, problem: `Could not read the registration: ${errorText(error)}`, error: registrationError(error) });
    }
    return this.health(accountId);
  }

  /** checkHealth for every account registered by us: periodically, after resume or a network change. */
  async checkAll(): Promise<WebhookHealth[]> {
    const results: WebhookHealth[] = [];
    for (const accountId of this.options.keyring.registeredAccounts()) results.push(await this.checkHealth(accountId));
    return results;
  }

  async health(accountId: string): Promise<WebhookHealth> {
    const known = this.known.get(accountId) ?? { state: 'unknown' as const, registeredUrl: this.options.keyring.registeredUrl(accountId), lastCheckedAt: null, problem: null, error: null };
    return {
      accountId,
      publicUrl: await this.publicUrlFor(accountId),
      registeredUrl: known.registeredUrl,
      state: known.state,
      lastVerifiedAt: this.options.inspector.lastVerifiedAt(accountId),
      signatureFailures: this.options.inspector.signatureFailures(accountId),
      lastCheckedAt: known.lastCheckedAt,
      problem: known.problem,
      error: known.error,
    };
  }

  /**
   * The account is gone: every key and its health go. The registration at the service was
   * dealt with before, while the account's client still existed (the feature's about-to-remove step).
   */
  async forget(accountId: string): Promise<void> {
    await this.options.keyring.forget(accountId);
    this.options.inspector.forget(accountId);
    this.known.delete(accountId);
  }

  private remember(accountId: string, known: Omit<Known, 'lastCheckedAt'>): void {
    const before = this.known.get(accountId);
    this.known.set(accountId, { ...known, lastCheckedAt: this.options.clock.now() });
    if (before?.state !== known.state || before.registeredUrl !== known.registeredUrl || before.problem !== known.problem) this.options.onHealthChange?.(accountId);
  }
}

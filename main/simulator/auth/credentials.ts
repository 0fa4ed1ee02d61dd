// Who may call: the admin key and, per company, an API key and a clientId/secret pair.
// Each is a "slot" that can be revoked and rotated; webhook registrations hang off slots.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'qs_live_';
export const CLIENT_ID_PREFIX = 'qsclient';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type SlotKind = 'admin' | 'client';
export type CredentialKind = 'api-key' | 'client-credentials';

export interface CredentialSlot {
  id: string;
  kind: SlotKind;
  companyId: string | null;
  mechanism: CredentialKind;
  apiKey: string | null;
  clientId: string | null;
  clientSecret: string | null;
  revoked: boolean;
  /** Bumped on revoke and rotate: tokens carry it and die when it moves. */
  generation: number;
}

/** Who a request acts as, once its credentials are accepted. */
export interface Principal {
  slotId: string;
  kind: SlotKind;
  companyId: string | null;
}

export function newApiKey(): string {
  const bytes = randomBytes(32);
  let key = '';
  for (const byte of bytes) key += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return API_KEY_PREFIX + key;
}

export function newClientId(nowMs: number): string {
  return `${CLIENT_ID_PREFIX}_${nowMs}_${randomBytes(8).toString('hex')}`;
}

export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export class CredentialStore {
  private readonly slots = new Map<string, CredentialSlot>();

  constructor(
    companyIds: readonly string[],
    private readonly now: () => number,
  ) {
    this.add({ id: 'admin', kind: 'admin', companyId: null, mechanism: 'api-key', apiKey: newApiKey(), clientId: null, clientSecret: null, revoked: false, generation: 1 });
    for (const companyId of companyIds) {
      this.add({ id: slotId(companyId, 'api-key'), kind: 'client', companyId, mechanism: 'api-key', apiKey: newApiKey(), clientId: null, clientSecret: null, revoked: false, generation: 1 });
      this.add({ id: slotId(companyId, 'client-credentials'), kind: 'client', companyId, mechanism: 'client-credentials', apiKey: null, clientId: newClientId(now()), clientSecret: newClientSecret(), revoked: false, generation: 1 });
    }
  }

  get(id: string): CredentialSlot | undefined {
    return this.slots.get(id);
  }

  all(): CredentialSlot[] {
    return [...this.slots.values()];
  }

  byApiKey(candidate: string): CredentialSlot | undefined {
    return this.all().find((slot) => !slot.revoked && slot.apiKey !== null && sameSecret(slot.apiKey, candidate));
  }

  byClientCredentials(clientId: string, clientSecret: string): CredentialSlot | undefined {
    const slot = this.all().find((candidate) => candidate.clientId === clientId);
    if (!slot || slot.revoked || slot.clientSecret === null || !sameSecret(slot.clientSecret, clientSecret)) return undefined;
    return slot;
  }

  revoke(companyId: string, kind: CredentialKind): CredentialSlot {
    const slot = this.companySlot(companyId, kind);
    slot.revoked = true;
    slot.generation += 1;
    return slot;
  }

  /** New key or secret; a revoked slot comes back to life with it. Old tokens die. */
  rotate(companyId: string, kind: CredentialKind): CredentialSlot {
    const slot = this.companySlot(companyId, kind);
    if (kind === 'api-key') slot.apiKey = newApiKey();
    else slot.clientSecret = newClientSecret();
    slot.revoked = false;
    slot.generation += 1;
    return slot;
  }

  companySlot(companyId: string, kind: CredentialKind): CredentialSlot {
    const slot = this.slots.get(slotId(companyId, kind));
    if (!slot) throw new Error(`No company ${companyId}`);
    return slot;
  }

  private add(slot: CredentialSlot): void {
    this.slots.set(slot.id, slot);
  }
}

export function slotId(companyId: string, kind: CredentialKind): string {
  return `${companyId}/${kind}`;
}

export function principalOf(slot: CredentialSlot): Principal {
  return { slotId: slot.id, kind: slot.kind, companyId: slot.companyId };
}

/** Constant-time comparison of secrets of any length (compares their digests). */
function sameSecret(expected: string, candidate: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(candidate).digest();
  return timingSafeEqual(a, b);
}

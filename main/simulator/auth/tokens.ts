// Bearer tokens: HS256 JWTs on the simulator clock, tied to a slot's generation so that
// revoking or rotating the credentials kills them at once.
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { CredentialSlot, CredentialStore, Principal } from './credentials';
import { principalOf } from './credentials';

const ISSUER = 'quoting-service-simulator';

export class TokenService {
  private readonly key = randomBytes(32);

  constructor(
    private readonly store: CredentialStore,
    private readonly now: () => number,
    readonly ttlSeconds: number,
  ) {}

  async issue(slot: CredentialSlot): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ slot: slot.id, gen: slot.generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(slot.clientId ?? slot.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /** The principal a token acts as, or null for a forged, expired or revoked token. */
  async verify(token: string): Promise<Principal | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(this.now()),
        clockTolerance: 0,
      });
      const slot = typeof payload.slot === 'string' ? this.store.get(payload.slot) : undefined;
      if (!slot || slot.revoked || payload.gen !== slot.generation) return null;
      return principalOf(slot);
    } catch {
      return null;
    }
  }
}

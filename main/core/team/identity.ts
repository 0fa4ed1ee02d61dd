// This installation's signing key: an Ed25519 key pair made here (an nkeys user key), its seed
// kept in the secret store and registered with the logger's redactor, never shown or sent. Only
// the public half leaves this computer, in the roster.
import { createUser, fromSeed } from '@nats-io/nkeys';
import type { KeyPair } from '@nats-io/nkeys';
import { registerSecret } from '../log';
import type { Logger, SecretStore } from '../ports';

export const TEAM_SEED_SECRET = 'team:signing-seed';

/** The key pair kept in the secret store, made (and kept) on first use. */
export async function loadOrCreateIdentity(secrets: SecretStore, logger: Logger): Promise<KeyPair> {
  const saved = await secrets.get(TEAM_SEED_SECRET);
  if (saved !== null) {
    registerSecret(logger, saved);
    return fromSeed(new TextEncoder().encode(saved));
  }
  const pair = createUser();
  const seed = new TextDecoder().decode(pair.getSeed());
  registerSecret(logger, seed);
  await secrets.set(TEAM_SEED_SECRET, seed);
  return pair;
}

/** The key pair, when this installation has one. */
export async function loadIdentity(secrets: SecretStore, logger: Logger): Promise<KeyPair | null> {
  const saved = await secrets.get(TEAM_SEED_SECRET);
  if (saved === null) return null;
  registerSecret(logger, saved);
  return fromSeed(new TextEncoder().encode(saved));
}

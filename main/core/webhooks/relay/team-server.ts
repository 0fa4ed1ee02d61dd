// The team's one NATS server and its credentials, kept once in the secret store (Settings →
// Team): the team desk reads it, and so does the team relay unless it has a server of its own
// (a relay-only installation, or one saved before the two shared it and pointing elsewhere).
import type { SecretStore } from '../../ports';
import type { RelayServer } from './connection';

export const TEAM_SERVER_SECRET = 'team:server';

/** The team's server as stored, or null on no team (or when what is stored cannot be read). */
export async function readTeamServer(secrets: Pick<SecretStore, 'get'>): Promise<RelayServer | null> {
  const text = await secrets.get(TEAM_SERVER_SECRET);
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<RelayServer>;
    if (typeof value.url !== 'string' || typeof value.auth !== 'object' || value.auth === null) return null;
    return { url: value.url, auth: value.auth, ...(typeof value.caPem === 'string' ? { caPem: value.caPem } : {}) };
  } catch {
    return null;
  }
}

/** Whether two servers are the same address with the same credentials (a relay's copy of the team's is then dropped). */
export function sameServer(a: RelayServer, b: RelayServer): boolean {
  return a.url.trim() === b.url.trim() && sameAuth(a.auth, b.auth) && (a.caPem ?? '') === (b.caPem ?? '');
}

function sameAuth(a: RelayServer['auth'], b: RelayServer['auth']): boolean {
  if (a.kind === 'none' || b.kind === 'none') return a.kind === b.kind;
  if (a.kind === 'user' && b.kind === 'user') return a.user === b.user && a.password === b.password;
  if (a.kind === 'creds' && b.kind === 'creds') return a.creds.trim() === b.creds.trim();
  return false;
}

// Where a data folder keeps its team, shared by the window and the CLI (the same names, so
// `quotedesk team …` and the app see one team): the server and its credentials in the secret
// store, who this is and where the team is in the settings, the signing key in the secret store.
// The team relay reads the same server (relay/team-server.ts): it is stored once, for both.
import { join } from 'node:path';
import type { Clock, Logger, SecretStore, SettingsStore } from '../ports';
import { parseServerUrls } from '../webhooks/relay/connection';
import type { RelayAuth, RelayServer } from '../webhooks/relay/connection';
import { readTeamServer, TEAM_SERVER_SECRET } from '../webhooks/relay/team-server';
import { TeamDesk, TeamError } from './desk';
import type { TeamProfile } from './desk';
import { loadIdentity, loadOrCreateIdentity } from './identity';
import { DEFAULT_BUCKET } from './keys';
import { COPY_FILE, OUTBOX_FILE } from './outbox';
import { m } from '../../../i18n/paraglide/messages.js';

export { TEAM_SERVER_SECRET };
export const TEAM_PROFILE_SETTING = 'team.profile';

export interface TeamFolder {
  dir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
}

/** What a person gives to create or join a team (the credentials go to the secret store only). */
export interface TeamSetup {
  url: string;
  user: string;
  password: string;
  creds: string;
  name: string;
  email: string;
  team: string;
}

/** The credentials as given: a .creds file's text, a user and password, or none. */
export function authOf(setup: Pick<TeamSetup, 'user' | 'password' | 'creds'>): RelayAuth {
  if (setup.creds.trim() !== '') {
    if (setup.user !== '') throw new TeamError(m.team_setup_creds_and_user());
    if (!setup.creds.includes('BEGIN NATS USER JWT') || !setup.creds.includes('BEGIN USER NKEY SEED')) throw new TeamError(m.team_setup_not_creds_file());
    return { kind: 'creds', creds: setup.creds };
  }
  if (setup.user !== '') {
    if (setup.password === '') throw new TeamError(m.team_setup_password_missing());
    return { kind: 'user', user: setup.user, password: setup.password };
  }
  return { kind: 'none' };
}

function serverOf(setup: Pick<TeamSetup, 'url' | 'user' | 'password' | 'creds'>): RelayServer {
  parseServerUrls(setup.url);
  return { url: setup.url.trim(), auth: authOf(setup) };
}

/** Makes the team on the server (this installation is its founder and first admin) and keeps the setup. */
export async function createTeam(folder: TeamFolder, setup: TeamSetup): Promise<void> {
  const server = serverOf(setup);
  const pair = await loadOrCreateIdentity(folder.secrets, folder.logger);
  const profile: TeamProfile = { bucket: DEFAULT_BUCKET, founder: pair.getPublicKey(), name: setup.name, email: setup.email };
  await TeamDesk.found({ server, profile, pair, clock: folder.clock, logger: folder.logger, team: setup.team || 'Team', replicas: 1 });
  await saveTeam(folder, server, profile);
}

/** Pins the founder of the team on the server and keeps the setup; the caller asks to join. */
export async function joinTeam(folder: TeamFolder, setup: TeamSetup): Promise<void> {
  const server = serverOf(setup);
  const { founder } = await TeamDesk.founderOf({ server, bucket: DEFAULT_BUCKET, clock: folder.clock, logger: folder.logger });
  await loadOrCreateIdentity(folder.secrets, folder.logger);
  await saveTeam(folder, server, { bucket: DEFAULT_BUCKET, founder, name: setup.name, email: setup.email });
}

/**
 * Moves this computer's team to another address or other credentials: only once the team is
 * found there with the founder this computer pinned (another team's bucket, or none, is
 * refused and nothing changes). The caller opens the desk again and tells the relay.
 */
export async function changeTeamServer(folder: TeamFolder, given: Pick<TeamSetup, 'url' | 'user' | 'password' | 'creds'>): Promise<void> {
  const profile = teamProfile(folder);
  if (!profile) throw new TeamError(m.team_refuse_no_team());
  const server = serverOf(given);
  const { founder } = await TeamDesk.founderOf({ server, bucket: profile.bucket, clock: folder.clock, logger: folder.logger });
  if (founder !== profile.founder) throw new TeamError(m.team_server_other_team());
  await folder.secrets.set(TEAM_SERVER_SECRET, JSON.stringify(server));
}

/** Keeps a team's setup in the data folder: the server and its credentials as a secret, the profile as a setting. */
export async function saveTeam(folder: Pick<TeamFolder, 'settings' | 'secrets'>, server: RelayServer, profile: TeamProfile): Promise<void> {
  await folder.secrets.set(TEAM_SERVER_SECRET, JSON.stringify(server));
  folder.settings.set(TEAM_PROFILE_SETTING, profile);
}

/** Forgets the team here: the profile and the server's credentials (the signing key stays, for a later join). */
export async function forgetTeam(folder: TeamFolder): Promise<void> {
  folder.settings.delete(TEAM_PROFILE_SETTING);
  await folder.secrets.delete(TEAM_SERVER_SECRET);
}

export function teamProfile(folder: Pick<TeamFolder, 'settings'>): TeamProfile | null {
  return folder.settings.get<TeamProfile>(TEAM_PROFILE_SETTING) ?? null;
}

/** This data folder's desk, or null when it is on no team. */
export async function openTeamDesk(folder: TeamFolder, connectTimeoutMs?: number): Promise<TeamDesk | null> {
  const profile = teamProfile(folder);
  const server = await readTeamServer(folder.secrets);
  const pair = await loadIdentity(folder.secrets, folder.logger);
  if (!profile || !server || !pair) return null;
  return TeamDesk.open({ server, profile, pair, outboxPath: join(folder.dir, OUTBOX_FILE), copyPath: join(folder.dir, COPY_FILE), clock: folder.clock, logger: folder.logger, connectTimeoutMs });
}

/** The server's address as stored (no credentials in it). */
export async function teamServerUrl(secrets: SecretStore): Promise<string | null> {
  return (await readTeamServer(secrets))?.url ?? null;
}

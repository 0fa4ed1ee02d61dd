// Joining this data folder to a team (create or join) and finding it again: the server and its
// credentials in the secret store (as the relay keeps them), who this is and where the team is in
// the settings, the signing key made here and kept in the secret store.
import { readFile } from 'node:fs/promises';
import type { Logger } from '../../core/ports';
import { systemClock } from '../../core/ports';
import { DEFAULT_BUCKET, loadOrCreateIdentity, openTeamDesk, saveTeam, TeamDesk, TeamError, teamProfile } from '../../core/team';
import type { TeamProfile } from '../../core/team';
import { parseServerUrls, readCredsFile, readPasswordFile } from '../../core/webhooks/relay/connection';
import type { RelayAuth, RelayServer } from '../../core/webhooks/relay/connection';
import type { DataFolder } from '../data-folder';
import { UsageError } from '../options';
import { CliFailure } from '../report';
import { required } from './args';
import type { TeamValues } from './args';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function authFrom(values: TeamValues): Promise<RelayAuth> {
  if (values.creds !== undefined && values.user !== undefined) throw new UsageError(m.cli_team_creds_both());
  if (values.creds !== undefined) return readCredsFile(values.creds);
  if (values.user !== undefined) {
    if (values['password-file'] === undefined) throw new UsageError(m.cli_team_password_file_missing());
    return readPasswordFile(values.user, values['password-file']);
  }
  return { kind: 'none' };
}

async function serverFrom(values: TeamValues, command: string): Promise<RelayServer> {
  const url = required(values, 'nats', command);
  try {
    parseServerUrls(url);
  } catch (error) {
    throw new UsageError(`${ltr('--nats')}: ${(error as Error).message}`);
  }
  const caPem = values.ca === undefined ? undefined : await readFile(values.ca, 'utf8').catch(() => {
    throw new CliFailure(m.cli_team_ca_unreadable({ path: values.ca ?? '' }));
  });
  return { url, auth: await authFrom(values), ...(caPem ? { caPem } : {}) };
}

function who(values: TeamValues, command: string): { name: string; email: string } {
  const name = required(values, 'name', command);
  const email = required(values, 'email', command);
  if (!EMAIL.test(email)) throw new UsageError(m.cli_team_email_invalid({ given: email }));
  return { name, email: email.toLowerCase() };
}

export interface TeamSetup {
  server: RelayServer;
  profile: TeamProfile;
}

/** Makes the team (this is its founder and first admin) and keeps the setup in the data folder. */
export async function createTeam(folder: DataFolder, values: TeamValues, logger: Logger): Promise<TeamSetup & { team: string }> {
  const server = await serverFrom(values, 'create');
  const { name, email } = who(values, 'create');
  const replicas = values.replicas === undefined ? 1 : Number(values.replicas);
  if (![1, 3, 5].includes(replicas)) throw new UsageError(m.cli_team_replicas_invalid());
  const pair = await loadOrCreateIdentity(folder.secrets, logger);
  const profile: TeamProfile = { bucket: values.bucket ?? DEFAULT_BUCKET, founder: pair.getPublicKey(), name, email };
  const team = values.team ?? 'Team';
  await TeamDesk.found({ server, profile, pair, clock: systemClock, logger, team, replicas });
  await saveTeam(folder, server, profile);
  return { server, profile, team };
}

/** Pins the founder of the team on the server and keeps the setup; the join request is sent by the caller. */
export async function joinTeam(folder: DataFolder, values: TeamValues, logger: Logger): Promise<TeamSetup & { team: string }> {
  const server = await serverFrom(values, 'join');
  const { name, email } = who(values, 'join');
  const bucket = values.bucket ?? DEFAULT_BUCKET;
  const { founder, team } = await TeamDesk.founderOf({ server, bucket, clock: systemClock, logger });
  await loadOrCreateIdentity(folder.secrets, logger);
  const profile: TeamProfile = { bucket, founder, name, email };
  await saveTeam(folder, server, profile);
  return { server, profile, team };
}

/** Opens this data folder's desk; refused in words when the folder is on no team. */
export async function openDesk(folder: DataFolder, logger: Logger): Promise<TeamDesk> {
  const desk = await openTeamDesk({ dir: folder.dir, settings: folder.settings, secrets: folder.secrets, clock: systemClock, logger });
  if (!desk) throw new TeamError(m.team_cli_no_team({ dir: ltr(folder.dir) }));
  return desk;
}

/** Whether the folder is on a team at all (the accept gate applies only then). */
export function onTeam(folder: DataFolder): boolean {
  return teamProfile(folder) !== null;
}

// Team installations for the tests: each its own signing key, outbox folder and desk on a real
// nats-server (the relay tests' fixture), made the way the CLI makes them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '@nats-io/nkeys';
import type { KeyPair } from '@nats-io/nkeys';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { askToJoin, DEFAULT_BUCKET, TeamDesk } from '../../../../main/core/team';
import type { TeamDeskOptions } from '../../../../main/core/team';

export { natsServerMissing, startNatsServer } from '../../../helpers/nats-server';
export type { NatsServer } from '../../../helpers/nats-server';

export const SERVICE = 'stest0000000000000';
export const QUOTE = '3f1c2a9e-5b7d-4e8f-9a01-23456789abcd';
export const REF = { service: SERVICE, quote: QUOTE };

export interface Installation {
  desk: TeamDesk;
  pair: KeyPair;
  dir: string;
  options: TeamDeskOptions;
  /** Opens the desk again on the same key and outbox (a restarted app). */
  reopen(): Promise<TeamDesk>;
  dispose(): Promise<void>;
}

async function open(url: string, name: string, email: string, founder: string | null, pair: KeyPair, dir: string, bucket: string): Promise<Installation> {
  const options: TeamDeskOptions = {
    server: { url, auth: { kind: 'none' } },
    profile: { bucket, founder: founder ?? pair.getPublicKey(), name, email },
    pair,
    outboxPath: join(dir, 'team-outbox.json'),
    copyPath: join(dir, 'team-copy.json'),
    clock: systemClock,
    logger: createSilentLogger(),
    connectTimeoutMs: 1_000,
  };
  const installation: Installation = {
    desk: await TeamDesk.open(options),
    pair,
    dir,
    options,
    reopen: async () => {
      await installation.desk.close();
      installation.desk = await TeamDesk.open(options);
      return installation.desk;
    },
    dispose: async () => {
      await installation.desk.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return installation;
}

/** The founder: makes the bucket and the team. */
export async function founder(url: string, name = 'Ada', email = 'ada@example.com', bucket = DEFAULT_BUCKET): Promise<Installation> {
  const pair = createUser();
  const dir = mkdtempSync(join(tmpdir(), 'qd-team-'));
  await TeamDesk.found({ server: { url, auth: { kind: 'none' } }, profile: { bucket, founder: pair.getPublicKey(), name, email }, pair, clock: systemClock, logger: createSilentLogger(), team: 'Acme', replicas: 1 });
  const made = await open(url, name, email, null, pair, dir, bucket);
  await made.desk.refresh();
  return made;
}

/** Someone who joins (and waits for an admin). */
export async function joiner(url: string, name: string, email: string, bucket = DEFAULT_BUCKET): Promise<Installation> {
  const pair = createUser();
  const dir = mkdtempSync(join(tmpdir(), 'qd-team-'));
  const { founder: pinned } = await TeamDesk.founderOf({ server: { url, auth: { kind: 'none' } }, bucket, clock: systemClock, logger: createSilentLogger() });
  const made = await open(url, name, email, pinned, pair, dir, bucket);
  await askToJoin(made.desk);
  return made;
}

/**
 * Waits until `check` holds, reading the bucket again each time. A read that fails is tried
 * again: after a server restart JetStream answers a little after the connection is back.
 */
export async function until(desk: TeamDesk, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await desk.refresh().catch((error: unknown) => {
      if (Date.now() > deadline) throw error;
    });
    if (check()) return;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

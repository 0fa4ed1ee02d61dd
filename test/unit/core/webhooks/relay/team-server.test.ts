// The team relay on the team's one server (Settings → Team), against a real nats-server: a relay
// saved before with a copy of the team's server drops it, one with another server keeps it,
// changing the team's server moves the relay, and no password reaches the bridge's answers.
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../../i18n/paraglide/runtime.js';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../../main/core/settings-and-secrets';
import { createRelayHandlers } from '../../../../../main/core/webhooks/relay/bridge';
import { connectToRelayServer } from '../../../../../main/core/webhooks/relay/connection';
import type { RelayServer } from '../../../../../main/core/webhooks/relay/connection';
import { ensureStream } from '../../../../../main/core/webhooks/relay/stream';
import { createTeamRelay, TEAM_RELAY_SECRET } from '../../../../../main/core/webhooks/relay/team-relay';
import type { TeamRelay, TeamRelayStatus } from '../../../../../main/core/webhooks/relay/team-relay';
import { TEAM_SERVER_SECRET } from '../../../../../main/core/webhooks/relay/team-server';
import { natsServerMissing, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(missing !== null)('the team relay on the team’s server (real nats-server)', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  const opened: TeamRelay[] = [];
  const alice = (): RelayServer => ({ url: server.url, auth: { kind: 'user', user: 'alice', password: 'alice-password-1' } });
  const bob = (): RelayServer => ({ url: server.url, auth: { kind: 'user', user: 'bob', password: 'bob-password-2' } });

  beforeAll(async () => {
    setLocale('en');
    server = await startNatsServer({ config: 'authorization { users = [ { user: alice, password: "alice-password-1" }, { user: bob, password: "bob-password-2" } ] }' });
    nc = await connectToRelayServer(alice(), { name: 'test-setup', logger: createSilentLogger() });
    await ensureStream(nc, { name: 'TEAM', retentionDays: 1, replicas: 1 });
  });
  afterAll(async () => {
    await nc?.close();
    await server?.dispose();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((relay) => relay.close()));
  });

  /** An installation's data folder: the team's server (when on a team) and a relay saved in it. */
  async function folder(options: { team?: RelayServer; saved?: object } = {}) {
    const secrets = createMemorySecretStore();
    if (options.team) await secrets.set(TEAM_SERVER_SECRET, JSON.stringify(options.team));
    if (options.saved) await secrets.set(TEAM_RELAY_SECRET, JSON.stringify(options.saved));
    const statuses: TeamRelayStatus[] = [];
    const start = () => {
      const relay = createTeamRelay({ secrets, settings: createMemorySettingsStore(), clock: systemClock, logger: createSilentLogger(), process: () => 'nothing', retryMs: 100, onStatus: (status) => statuses.push(status) });
      opened.push(relay);
      return relay;
    };
    const saved = async () => JSON.parse((await secrets.get(TEAM_RELAY_SECRET)) ?? 'null') as Record<string, unknown> | null;
    return { secrets, statuses, start, saved };
  }

  it('a relay saved before with the team’s own server and credentials drops its copy and uses the team’s', async () => {
    const here = await folder({ team: alice(), saved: { ...alice(), stream: 'TEAM', accountId: 'acct-1', consumer: 'alice-sub' } });
    const relay = here.start();
    await until(() => relay.status().state === 'connected', 'the relay connected');
    expect(relay.status()).toMatchObject({ source: 'team', user: 'alice', stream: 'TEAM', consumer: 'alice-sub' });
    // What is the relay's own stays; the server and the password are no longer stored twice.
    expect(await here.saved()).toEqual({ stream: 'TEAM', accountId: 'acct-1', consumer: 'alice-sub' });
  });

  it('a relay saved before with another server or other credentials keeps them, says so, and is moved in one step', async () => {
    const own = { ...bob(), stream: 'TEAM', accountId: 'acct-1' };
    const here = await folder({ team: alice(), saved: own });
    const relay = here.start();
    await until(() => relay.status().state === 'connected', 'the relay connected');
    expect(relay.status()).toMatchObject({ source: 'own', user: 'bob' });
    expect(await here.saved()).toEqual(own);
    // "Use the team's server": the relay's own parts given, no server.
    const handlers = createRelayHandlers(relay, { get: async () => ({}) as never }, { useRelay: async () => ({}) as never });
    expect(await handlers['relay.configure']({ useTeamServer: true, url: '', user: '', password: '', stream: 'TEAM', accountId: 'acct-1', consumer: '' })).toMatchObject({ state: 'connected', source: 'team', user: 'alice' });
    expect(await here.saved()).toEqual({ stream: 'TEAM', accountId: 'acct-1' });
  });

  it('the team’s own server typed into the relay is not stored twice', async () => {
    const here = await folder({ team: alice() });
    const relay = here.start();
    expect(await relay.configure({ ...alice(), stream: 'TEAM', accountId: 'acct-1' })).toMatchObject({ state: 'connected', source: 'team' });
    expect(await here.saved()).toEqual({ stream: 'TEAM', accountId: 'acct-1' });
  });

  it('changing the team’s credentials moves a relay on the team’s server (a refusal said plainly), and leaves one of its own alone', async () => {
    const onTeam = await folder({ team: alice() });
    const relay = onTeam.start();
    await relay.configure({ stream: 'TEAM', accountId: 'acct-1' });
    expect(relay.status()).toMatchObject({ state: 'connected', user: 'alice' });

    await onTeam.secrets.set(TEAM_SERVER_SECRET, JSON.stringify(bob()));
    expect(await relay.teamServerChanged()).toMatchObject({ state: 'connected', source: 'team', user: 'bob' });

    await onTeam.secrets.set(TEAM_SERVER_SECRET, JSON.stringify({ url: server.url, auth: { kind: 'user', user: 'bob', password: 'not-bob-password' } }));
    const refused = await relay.teamServerChanged();
    expect(refused.state).toBe('unreachable');
    expect(refused.problem).toMatch(/credentials/i);
    expect(JSON.stringify(onTeam.statuses)).not.toMatch(/not-bob-password|bob-password-2|alice-password-1/);

    // Left the team: nothing to connect to, and it says why.
    await onTeam.secrets.delete(TEAM_SERVER_SECRET);
    expect(await relay.teamServerChanged()).toMatchObject({ state: 'unreachable', source: 'team', problem: expect.stringContaining('on no team') as string });

    const ownHere = await folder({ team: alice(), saved: { ...bob(), stream: 'TEAM', accountId: 'acct-1' } });
    const ownRelay = ownHere.start();
    await until(() => ownRelay.status().state === 'connected', 'the own relay connected');
    await ownHere.secrets.set(TEAM_SERVER_SECRET, JSON.stringify({ url: server.url, auth: { kind: 'user', user: 'alice', password: 'wrong' } }));
    expect(await ownRelay.teamServerChanged()).toMatchObject({ state: 'connected', source: 'own', user: 'bob' });
  });

  it('joining a team whose server the relay already has drops the copy then', async () => {
    const here = await folder({ saved: { ...alice(), stream: 'TEAM', accountId: 'acct-1' } });
    const relay = here.start();
    await until(() => relay.status().state === 'connected', 'the relay connected');
    expect(relay.status().source).toBe('own');
    await here.secrets.set(TEAM_SERVER_SECRET, JSON.stringify(alice()));
    expect(await relay.teamServerChanged()).toMatchObject({ state: 'connected', source: 'team' });
    expect(await here.saved()).toEqual({ stream: 'TEAM', accountId: 'acct-1' });
  });

  it('no password crosses the bridge: relay.status and relay.test on the team’s server answer none', async () => {
    const here = await folder({ team: alice() });
    const relay = here.start();
    const handlers = createRelayHandlers(relay, { get: async () => ({}) as never }, { useRelay: async () => ({}) as never });
    const input = { useTeamServer: true, url: '', user: '', password: '', stream: 'TEAM', accountId: 'acct-1', consumer: '' };
    const answers = [await handlers['relay.test'](input), await handlers['relay.configure'](input), await handlers['relay.status']()];
    expect(answers[0]).toMatchObject({ ok: true });
    expect(answers[2]).toMatchObject({ state: 'connected', source: 'team', url: server.url, user: 'alice' });
    expect(JSON.stringify(answers)).not.toContain('alice-password-1');
  });
});

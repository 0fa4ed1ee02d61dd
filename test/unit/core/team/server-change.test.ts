// Settings → Team's "Change the server or credentials…" over the bridge, on real nats-servers:
// new credentials for the same team are saved, the desk comes back on them and the relay is told;
// a server without this team, or credentials the server refuses, change nothing and say why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { methods } from '../../../../preload/contract';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets/memory-secrets';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets/memory-settings';
import { createTeamFeature } from '../../../../main/core/team/feature';
import type { TeamFeature } from '../../../../main/core/team/feature';
import { TEAM_SERVER_SECRET } from '../../../../main/core/team/setup';
import { natsServerMissing, startNatsServer } from './installations';
import type { NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

const ACCOUNT = { id: 'acc-1', name: 'Acme', baseUrl: 'https://api.example.com/v1' };

describe.skipIf(missing !== null)('changing the team’s server over the bridge (real nats-servers)', { timeout: 60_000 }, () => {
  let server: NatsServer;
  let empty: NatsServer;
  let feature: TeamFeature;
  let dir: string;
  const secrets = createMemorySecretStore();
  let relayTold = 0;

  const call = async (method: keyof typeof methods & `team.${string}`, input?: unknown) => {
    const schema = methods[method];
    const handler = feature.handlers[method] as (input: unknown) => Promise<unknown>;
    return schema.output.parse(await handler(schema.input.parse(input)));
  };
  const stored = async () => JSON.parse((await secrets.get(TEAM_SERVER_SECRET))!) as { url: string; auth: { user?: string } };

  beforeAll(async () => {
    setLocale('en');
    const users = 'authorization { users = [ { user: alice, password: "alice-password-1" }, { user: bob, password: "bob-password-2" } ] }';
    server = await startNatsServer({ config: users });
    empty = await startNatsServer({ config: users });
    dir = mkdtempSync(join(tmpdir(), 'qd-team-server-'));
    feature = createTeamFeature({
      userData: dir,
      settings: createMemorySettingsStore(),
      secrets,
      accounts: { get: async (id) => ({ ...ACCOUNT, id }) as never, list: async () => [ACCOUNT] as never },
      cache: { get: () => null },
      clock: systemClock,
      logger: createSilentLogger(),
      session: { tendMs: 200, connectTimeoutMs: 1_000 },
      onServerChanged: async () => void relayTold++,
    });
    await feature.start?.();
    await call('team.create', { url: server.url, user: 'alice', password: 'alice-password-1', name: 'Ada', email: 'ada@example.com', team: 'Acme' });
  });
  afterAll(async () => {
    await feature?.close?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await server?.dispose();
    await empty?.dispose();
  });

  it('creating the team told the relay once', () => {
    expect(relayTold).toBe(1);
  });

  it('new credentials for the same team: saved, the desk online on them, the relay told, no password answered', async () => {
    const view = await call('team.setServer', { url: server.url, user: 'bob', password: 'bob-password-2' });
    expect(view).toMatchObject({ joined: true, online: true, role: 'admin', url: server.url });
    expect(JSON.stringify(view)).not.toContain('bob-password-2');
    expect((await stored()).auth.user).toBe('bob');
    expect(relayTold).toBe(2);
  });

  it('a server without this team changes nothing and says so', async () => {
    await expect(call('team.setServer', { url: empty.url, user: 'alice', password: 'alice-password-1' })).rejects.toThrow(/no team in the bucket/);
    expect(await stored()).toMatchObject({ url: server.url, auth: { user: 'bob' } });
    expect(relayTold).toBe(2);
  });

  it('credentials the server refuses change nothing and say so', async () => {
    await expect(call('team.setServer', { url: server.url, user: 'alice', password: 'not-it' })).rejects.toThrow(/credentials/i);
    expect((await stored()).auth.user).toBe('bob');
    expect(relayTold).toBe(2);
    expect(await call('team.state')).toMatchObject({ online: true });
  });
});

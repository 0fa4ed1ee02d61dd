// The team relay's server address: anything but this computer must say tls://, refused at once
// (no connection tried, nothing saved) by the core's relay, its handlers and the CLI alike.
import { afterEach, describe, expect, it } from 'vitest';
import { relayServerFrom } from '../../../../../main/cli/relay-options';
import { AppError } from '../../../../../main/core/errors';
import { createRelayHandlers } from '../../../../../main/core/webhooks/relay/bridge';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { parseServerUrls } from '../../../../../main/core/webhooks/relay/connection';
import { createTeamRelay, TEAM_RELAY_SECRET } from '../../../../../main/core/webhooks/relay/team-relay';
import type { TeamRelay } from '../../../../../main/core/webhooks/relay/team-relay';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../../main/core/settings-and-secrets';
import { relayServerProblem } from '../../../../../i18n/words/relay-url';

describe('the relay server address', () => {
  it('refuses a plain nats:// address to another computer, naming the tls:// one to use', () => {
    expect(relayServerProblem('nats://10.0.0.5:4222')).toContain('tls://10.0.0.5:4222');
    expect(() => parseServerUrls('nats://10.0.0.5:4222')).toThrow(/must use TLS: write tls:\/\/10\.0\.0\.5:4222/);
    // One plain member of a cluster is enough to refuse the lot.
    expect(() => parseServerUrls('tls://a.example.com:4222, nats://b.example.com:4222')).toThrow(/b\.example\.com.*must use TLS/);
  });

  it('takes tls:// anywhere and plain nats:// on this computer only', () => {
    expect(parseServerUrls('tls://nats.example.com:4222')).toEqual({ servers: ['tls://nats.example.com:4222'], tls: true });
    expect(parseServerUrls('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'], tls: false });
    expect(parseServerUrls('nats://localhost:4222, nats://[::1]:4222').tls).toBe(false);
  });

  it('refuses websocket addresses (ws://, wss://), which the app does not speak, saying what to give instead', () => {
    expect(relayServerProblem('wss://nats.example.com:443')).toBe('wss://nats.example.com:443 is a websocket address; give the server’s NATS address instead, e.g. tls://nats.example.com:4222.');
    expect(() => parseServerUrls('ws://127.0.0.1:8080')).toThrow(/websocket/);
  });

  it('is a usage error for `quotedesk relay --nats` and `listen --relay`', async () => {
    await expect(relayServerFrom('nats://10.0.0.5:4222', {}, '--relay')).rejects.toThrow(/must use TLS/);
  });
});

describe('the relay handlers with a plain address to another computer', () => {
  const opened: TeamRelay[] = [];
  afterEach(async () => {
    for (const relay of opened.splice(0)) await relay.close();
  });

  function handlers() {
    const secrets = createMemorySecretStore();
    const relay = createTeamRelay({ secrets, settings: createMemorySettingsStore(), clock: systemClock, logger: createSilentLogger(), process: () => 'nothing' });
    opened.push(relay);
    let chosen = 0;
    const accounts = { get: async (id: string) => ({ id }) } as never;
    const webhooks = {
      useRelay: async () => {
        chosen++;
        return {} as never;
      },
    };
    const relayHandlers = createRelayHandlers(relay, accounts, webhooks);
    return { relayHandlers, secrets, chosen: () => chosen };
  }
  const input = { useTeamServer: false, url: 'nats://10.0.0.5:4222', user: 'alice', password: 'alice-password-1', stream: 'QUOTEDESK', accountId: 'acct-1', consumer: '' };

  // Without the check, both would try 10.0.0.5 for seconds: the short timeout makes that a failure.
  it('refuses to test it at once, without trying to connect', { timeout: 2000 }, async () => {
    const refused = await handlers().relayHandlers['relay.test'](input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('must use TLS') as string });
  });

  it('refuses to save it: the password is not stored and the relay is not chosen', { timeout: 2000 }, async () => {
    const { relayHandlers: h, secrets, chosen } = handlers();
    await expect(h['relay.configure'](input)).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await secrets.get(TEAM_RELAY_SECRET)).toBeNull();
    expect(chosen()).toBe(0);
    expect((await h['relay.status']()).state).toBe('off');
  });
});

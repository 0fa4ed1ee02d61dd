import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../../main/core/api/errors';
import { createSilentLogger } from '../../../../main/core/log';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets';
import { WebhookInspector } from '../../../../main/core/webhooks/inspector';
import { WebhookKeyring } from '../../../../main/core/webhooks/keyring';
import { WebhookRegistration } from '../../../../main/core/webhooks/registration';
import { createFakeClock } from '../../../helpers/fake-clock';
import { fakeWebhooks } from './fake-webhooks';

const logger = createSilentLogger();

async function setUp(store = createMemorySecretStore()) {
  const clock = createFakeClock();
  const service = fakeWebhooks();
  const keyring = await WebhookKeyring.load(store, clock, logger);
  const changes: string[] = [];
  const registration = new WebhookRegistration({ keyring, inspector: new WebhookInspector(), clientFor: () => service.client, clock, logger, graceMs: 10 * 60_000, onHealthChange: (id) => changes.push(id) });
  return { clock, service, keyring, registration, store, changes };
}

describe('webhook registration', () => {
  it('registers the account path under the public origin and keeps the secret in the secret store', async () => {
    const { service, keyring, registration, store, clock } = await setUp();
    await registration.setPublicOrigin('https://tunnel.example/');
    const result = await registration.register('a1');
    expect(result).toMatchObject({ status: 'registered', url: expect.stringMatching(/^https:\/\/tunnel\.example\/hooks\/[\w-]{20,}$/) });
    expect(service.current?.url).toBe(result.url);
    expect(keyring.secrets('a1')).toEqual({ current: 'secret-1', previous: null });
    expect(await store.get('webhook:a1')).toContain('secret-1');
    // A restart reads the same keys and the same path back.
    const reloaded = await WebhookKeyring.load(store, clock, logger);
    expect(reloaded.secrets('a1').current).toBe('secret-1');
    expect(reloaded.byPath(new URL(result.url).pathname)?.accountId).toBe('a1');
    expect(await registration.register('a1')).toMatchObject({ status: 'already-registered' });
    expect(service.registrations).toHaveLength(1);
  });

  it('asks before replacing a URL this installation never set', async () => {
    const { service, registration } = await setUp();
    await service.client.webhooks.register('https://someone-else.example/hook');
    await registration.setPublicOrigin('https://tunnel.example');
    expect(await registration.register('a1')).toMatchObject({ status: 'needs-confirmation', currentUrl: 'https://someone-else.example/hook' });
    expect(service.current?.url).toBe('https://someone-else.example/hook');
    expect(await registration.register('a1', true)).toMatchObject({ status: 'registered' });
  });

  it('re-registers by itself when the public origin changes, accepting the old secret for the grace period', async () => {
    const { service, keyring, registration, clock } = await setUp();
    await registration.setPublicOrigin('https://first.example');
    await registration.register('a1');
    const results = await registration.setPublicOrigin('https://second.example');
    expect(results.get('a1')).toMatchObject({ status: 'registered', url: expect.stringMatching(/^https:\/\/second\.example\/hooks\//) });
    expect(service.current?.url).toMatch(/^https:\/\/second\.example\//);
    expect(keyring.secrets('a1')).toEqual({ current: 'secret-2', previous: 'secret-1' });
    clock.advance(10 * 60_000 + 1);
    expect(keyring.secrets('a1')).toEqual({ current: 'secret-2', previous: null });
  });

  it('does not re-register over another installation when the origin changes, and reports it taken over', async () => {
    const { service, registration, changes } = await setUp();
    await registration.setPublicOrigin('https://first.example');
    await registration.register('a1');
    await service.client.webhooks.register('https://other.example/hook');
    expect(await registration.checkAll()).toEqual([expect.objectContaining({ accountId: 'a1', state: 'taken-over', registeredUrl: 'https://other.example/hook' })]);
    const results = await registration.setPublicOrigin('https://second.example');
    expect(results.get('a1')).toMatchObject({ status: 'needs-confirmation', currentUrl: 'https://other.example/hook' });
    expect(service.current?.url).toBe('https://other.example/hook');
    expect(changes).toContain('a1');
  });

  it('reports a registration deleted behind its back as missing, and a failed check as unknown with the reason', async () => {
    const { service, registration } = await setUp();
    await registration.setPublicOrigin('https://first.example');
    await registration.register('a1');
    service.current = null;
    expect((await registration.checkHealth('a1')).state).toBe('missing');
    service.client.webhooks.get = async () => {
      throw new Error('the service is down');
    };
    expect(await registration.checkHealth('a1')).toMatchObject({ state: 'unknown', problem: expect.stringContaining('the service is down') });
  });

  it('types a failed read (code, words, whether trying again may help) so the screen can say why and offer a retry', async () => {
    const { service, registration } = await setUp();
    // The service stopped: the client's typed network failure.
    service.client.webhooks.get = async () => {
      throw new NetworkError({ endpoint: 'GET /webhooks' }, undefined, 'refused');
    };
    const health = await registration.checkHealth('a1');
    expect(health.state).toBe('unknown');
    expect(health.error).toEqual({ code: 'network', message: expect.stringContaining('Could not reach the service'), retryable: true });
    // Read again once the service is back: the failure goes.
    service.client.webhooks.get = async () => null;
    expect(await registration.checkHealth('a1')).toMatchObject({ state: 'unregistered', problem: null, error: null });
  });

  it('deletes only its own registration, and forgets every key with the account', async () => {
    const { service, registration, store } = await setUp();
    await registration.setPublicOrigin('https://first.example');
    await registration.register('a1');
    expect(registration.hasOwnRegistration('a1')).toBe(true);
    expect(await registration.unregister('a1')).toBe('deleted');
    expect(registration.hasOwnRegistration('a1')).toBe(false);
    expect(service.removals).toBe(1);
    expect(await registration.unregister('a1')).toBe('none');
    await service.client.webhooks.register('https://other.example/hook');
    expect(await registration.unregister('a1')).toBe('not-ours');
    expect(service.removals).toBe(1);
    await registration.forget('a1');
    expect(service.removals).toBe(1);
    expect(service.current?.url).toBe('https://other.example/hook');
    expect(await store.names()).toEqual([]);
  });
});

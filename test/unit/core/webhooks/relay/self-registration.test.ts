// The relay's own registration with a key: made once, kept in its store, and read again to
// say when another installation took it over or it was deleted.
import { describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../../main/core/api';
import { createSilentLogger } from '../../../../../main/core/log';
import { createMemorySecretStore } from '../../../../../main/core/settings-and-secrets';
import { systemClock } from '../../../../../main/core/ports';
import { registerRelay } from '../../../../../main/core/webhooks/relay/self-registration';
import { startFakeService } from '../../../../helpers/fake-service';
import { CLIENT_KEY, STANDARD_PRINCIPALS } from '../../../../helpers/service-fixtures';

describe('the relay registering itself', () => {
  it('registers its public URL, asks before replacing a foreign one, and says when it was taken over or deleted', async () => {
    const service = await startFakeService({ apiKeys: STANDARD_PRINCIPALS.apiKeys });
    let current: string | null = 'https://a-teammates-desktop.example/hooks/abc';
    service.route('POST', '/api/public/v1/webhooks', (req, res) => {
      current = (JSON.parse(req.body) as { url: string }).url;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { id: '44444444-4444-4444-8444-444444444444', url: current, secret: 'whsec_relay_0123456789', createdAt: '2025-03-01T09:00:00.000Z', isActive: true } }));
    });
    service.route('GET', '/api/public/v1/webhooks', (_req, res) =>
      current === null ? res.writeHead(404).end('No webhook') : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '44444444-4444-4444-8444-444444444444', url: current, isActive: true, createdAt: '2025-03-01T09:00:00.000Z', updatedAt: '2025-03-01T09:00:00.000Z' })),
    );
    const client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, logger: createSilentLogger() });
    const secrets = createMemorySecretStore();
    const options = { account: 'team', publicOrigin: 'https://hooks.example.com', client, secrets, clock: systemClock, logger: createSilentLogger() };
    try {
      const asked = await registerRelay({ ...options, replace: false });
      expect(asked.result).toMatchObject({ status: 'needs-confirmation', currentUrl: 'https://a-teammates-desktop.example/hooks/abc' });
      expect(current).toBe('https://a-teammates-desktop.example/hooks/abc');

      const replaced = await registerRelay({ ...options, replace: true });
      expect(replaced.result).toMatchObject({ status: 'registered', url: expect.stringMatching(/^https:\/\/hooks\.example\.com\/hooks\//) });
      expect(await replaced.check()).toBeNull();

      current = 'https://another-desktop.example/hooks/xyz';
      expect(await replaced.check()).toContain('now points at https://another-desktop.example/hooks/xyz, not at the relay');
      current = null;
      expect(await replaced.check()).toContain('was deleted at the service');
    } finally {
      await client.close();
      await service.close();
    }
  });
});

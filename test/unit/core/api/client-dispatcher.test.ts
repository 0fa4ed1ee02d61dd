import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';

const credentials = { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' } as const;

describe("the client's HTTP agent", () => {
  it('is the shared dispatcher it was given, left open by close()', async () => {
    const shared = new Agent();
    const client = createQuotingClient({ baseUrl: 'http://127.0.0.1:9', credentials, dispatcher: shared });
    expect(client.dispatcher).toBe(shared);
    await client.close();
    expect(shared.closed).toBe(false);
    await shared.close();
  });

  it('is its own keep-alive agent otherwise, closed with the client', async () => {
    const client = createQuotingClient({ baseUrl: 'http://127.0.0.1:9', credentials });
    expect(client.dispatcher).toBeInstanceOf(Agent);
    await client.close();
    expect((client.dispatcher as Agent).closed).toBe(true);
  });
});

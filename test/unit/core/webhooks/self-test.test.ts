// The health's self-test: it sends no event (the service has no way to), re-reads the
// registration and probes the public address, telling the receiver apart from anything else.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { selfTest } from '../../../../main/core/webhooks/self-test';
import type { SelfTestDeps } from '../../../../main/core/webhooks/self-test';
import type { WebhookHealth } from '../../../../main/core/webhooks';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startHarness } from './harness';
import type { Harness } from './harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function deps(publicUrl: string | null, state: WebhookHealth['state'] = 'registered'): SelfTestDeps & { checks: string[] } {
  const checks: string[] = [];
  return {
    checks,
    clock: createFakeClock(),
    registration: {
      checkHealth: async (accountId) => {
        checks.push(accountId);
        return { accountId, publicUrl, registeredUrl: publicUrl, state, lastVerifiedAt: null, signatureFailures: { count: 0, lastAt: null, lastReason: null }, lastCheckedAt: 0, problem: null };
      },
      publicUrlFor: async () => publicUrl,
    },
    inspector: { lastVerifiedAt: () => Date.UTC(2026, 10, 22, 9) },
    probeTimeoutMs: 2_000,
  };
}

async function otherServer(status: number): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end('hello'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/abc`;
}

describe('the delivery-path self-test', () => {
  it('reads the registration again and finds the receiver behind the public address, recording nothing there', async () => {
    const harness: Harness = await startHarness();
    cleanups.push(() => harness.close());
    const given = deps(harness.url);
    const check = await selfTest(given, 'acct-1');
    expect(given.checks).toEqual(['acct-1']);
    expect(check).toMatchObject({
      accountId: 'acct-1',
      registration: { state: 'registered', registeredUrl: harness.url, problem: null },
      publicUrl: { result: 'reached', url: harness.url, detail: expect.stringContaining('reached the receiver on this computer') },
      lastVerifiedAt: Date.UTC(2026, 10, 22, 9),
    });
    // A probe is not a delivery: nothing was processed.
    expect(harness.processed).toEqual([]);
  });

  it('says when something else answers at the public address', async () => {
    expect((await selfTest(deps(await otherServer(405)), 'a')).publicUrl).toMatchObject({ result: 'other', detail: expect.stringContaining('HTTP 405') });
    expect((await selfTest(deps(await otherServer(200)), 'a')).publicUrl).toMatchObject({ result: 'other', detail: expect.stringContaining('HTTP 200') });
  });

  it('says when the public address cannot be reached', async () => {
    const url = await otherServer(200);
    await cleanups.pop()!();
    expect((await selfTest(deps(url), 'a')).publicUrl).toMatchObject({ result: 'unreachable', detail: expect.stringContaining('could not be reached') });
  });

  it('probes nothing without a public address, and says why', async () => {
    expect((await selfTest(deps(null, 'unregistered'), 'a')).publicUrl).toEqual({ result: 'not-tried', url: null, detail: 'There is no public address: choose a tunnel first.' });
  });
});

// The health's self-test: it sends no event (the service has no way to), re-reads the
// registration and probes the public address, telling the receiver apart from anything else.
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { plainNetworkWords } from '../../../../i18n/words/network-words';
import { loopbackCertificate } from '../../../../main/core/webhooks/tunnels';
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

  it("says what it found in the main process's language", async () => {
    const port = await listening(createTcpServer());
    await cleanups.pop()!();
    setLocale('de', { reload: false });
    try {
      expect((await selfTest(deps(null, 'unregistered'), 'a')).publicUrl.detail).toBe('Es gibt keine öffentliche Adresse: Wählen Sie zuerst einen Tunnel.');
      expect((await selfTest(deps(`http://127.0.0.1:${port}/hooks/abc`), 'a')).publicUrl.detail).toMatch(/^Die öffentliche Adresse war nicht erreichbar: /);
    } finally {
      setLocale('en', { reload: false });
    }
  });
});

/** A listening loopback server, closed after the test; answers its address. */
async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** Node's and undici's codes and words that must never reach the person (issue #18: raw getaddrinfo ENOTFOUND). */
const RAW = /getaddrinfo|E[A-Z]{4,}|UND_ERR|Timeout Error|aborted due to|other side closed|self[- ]signed|altnames/;

// Each family of network failure, as the probe meets it on loopback, in the words Settings shows.
describe('the self-test says each network failure in plain words', () => {
  const unreachable = async (url: string, timeoutMs = 2_000) => {
    const { publicUrl } = await selfTest({ ...deps(url), probeTimeoutMs: timeoutMs }, 'a');
    expect(publicUrl.result).toBe('unreachable');
    expect(publicUrl.detail).not.toMatch(RAW);
    return publicUrl.detail;
  };

  it('an address that cannot be found (DNS)', async () => {
    // Offline, the resolver may answer "try again" or not at all: both are said plainly.
    expect(await unreachable('https://hooks.quotedesk-self-test.invalid/hooks/abc')).toMatch(/^The public address could not be reached: (the address hooks\.quotedesk-self-test\.invalid could not be found|no answer came in time|the connection timed out)/);
  });

  it('nothing listening (refused)', async () => {
    const port = await listening(createTcpServer());
    await cleanups.pop()!();
    expect(await unreachable(`http://127.0.0.1:${port}/hooks/abc`)).toBe(`The public address could not be reached: nothing accepted the connection at 127.0.0.1:${port}.`);
  });

  it('a connection cut off before an answer (reset)', async () => {
    const port = await listening(createTcpServer((socket) => socket.destroy()));
    expect(await unreachable(`http://127.0.0.1:${port}/hooks/abc`)).toBe('The public address could not be reached: the connection was cut off before an answer came.');
  });

  it('no answer in time (timeout)', async () => {
    const port = await listening(createServer(() => undefined));
    expect(await unreachable(`http://127.0.0.1:${port}/hooks/abc`, 300)).toBe('The public address could not be reached: no answer came in time.');
  });

  it('a certificate it cannot trust (TLS)', async () => {
    const { key, cert } = await loopbackCertificate();
    const port = await listening(createHttpsServer({ key, cert }, (_req, res) => res.end()));
    expect(await unreachable(`https://127.0.0.1:${port}/hooks/abc`)).toBe("The public address could not be reached: the service's certificate could not be trusted.");
  });

  // Not made on loopback: the words for what only a real network produces.
  it.each([
    ['connect EHOSTUNREACH 10.1.2.3:443', 'the network has no way to that address'],
    ['connect ENETUNREACH 10.1.2.3:443', 'the network has no way to that address'],
    ['Connect Timeout Error (attempted address: hooks.example.com:443, timeout: 10000ms)', 'the connection timed out'],
    ['getaddrinfo EAI_AGAIN hooks.example.com', 'the address hooks.example.com could not be found (check it, and the network)'],
    ["Hostname/IP does not match certificate's altnames: Host: hooks.example.com. is not in the cert's altnames: DNS:other.example.com", 'the certificate is for another address'],
    ['Body Timeout Error', 'no answer came in time'],
  ])('%s', (raw, words) => {
    expect(plainNetworkWords(raw)).toBe(words);
  });
});

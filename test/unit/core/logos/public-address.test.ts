// Logos from anywhere but the account's own service reach only public addresses: every
// spelling of a loopback, private, link-local, shared or multicast address is refused, and a
// name is judged by what it resolves to, at connect time, before a byte is sent.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent, request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogoCache, createPublicOnlyAgent, logoRoute, NonPublicAddressError, nonPublicReason, publicOnlyLookup } from '../../../../main/core/logos';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/recording-logger';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';

// Each spelling as a service might put it in a quote, and what the URL parser makes of it.
const NOT_PUBLIC: Array<[string, RegExp]> = [
  ['https://127.0.0.1/logo.png', /loopback/],
  ['https://127.1/logo.png', /loopback/],
  ['https://2130706433/logo.png', /loopback/],
  ['https://0x7f.1/logo.png', /loopback/],
  ['https://0177.0.0.1/logo.png', /loopback/],
  ['https://127.255.255.254:8443/logo.png', /loopback/],
  ['https://[::1]/logo.png', /loopback/],
  ['https://[::ffff:127.0.0.1]/logo.png', /IPv4-mapped/],
  ['https://[::ffff:a00:1]/logo.png', /IPv4-mapped/],
  ['https://[64:ff9b::7f00:1]/logo.png', /not global unicast/],
  ['https://0.0.0.0/logo.png', /this network/],
  ['https://10.20.30.40/logo.png', /private/],
  ['https://172.16.0.1/logo.png', /private/],
  ['https://172.31.255.255/logo.png', /private/],
  ['https://192.168.1.1/logo.png', /private/],
  ['https://169.254.169.254/latest/meta-data', /link-local/],
  ['https://100.64.0.1/logo.png', /carrier-grade NAT/],
  ['https://224.0.0.1/logo.png', /multicast/],
  ['https://255.255.255.255/logo.png', /reserved/],
  ['https://[fe80::1]/logo.png', /link-local/],
  ['https://[fc00::1]/logo.png', /unique local/],
  ['https://[fd12:3456::1]/logo.png', /unique local/],
  ['https://[ff02::1]/logo.png', /multicast/],
  ['https://[2002:7f00:1::1]/logo.png', /6to4/],
  ['https://[2001:db8::1]/logo.png', /documentation/],
];

describe('which addresses are public', () => {
  for (const [url, reason] of NOT_PUBLIC) {
    it(`refuses ${url} before connecting`, () => {
      const route = logoRoute(url);
      expect(route.kind).toBe('refused');
      expect(route.kind === 'refused' && route.reason).toMatch(reason);
    });
  }

  it('lets public addresses and names through to the connect-time check', () => {
    for (const url of ['https://93.184.216.34/logo.png', 'https://172.32.0.1/logo.png', 'https://100.128.0.1/logo.png', 'https://[2606:4700:4700::1111]/logo.png', 'https://cdn.example.com/logo.png']) {
      expect(logoRoute(url)).toEqual({ kind: 'public' });
    }
    expect(nonPublicReason('8.8.8.8')).toBeNull();
    expect(nonPublicReason('2a00:1450:4001:80b::200e')).toBeNull();
  });

  it('takes an address on the account\'s own service as it is, loopback included (demo mode)', () => {
    expect(logoRoute('http://127.0.0.1:4100/static/logos/c1.svg', 'http://127.0.0.1:4100')).toEqual({ kind: 'service' });
    expect(logoRoute('https://10.0.0.5/logo.png', 'https://10.0.0.5/api')).toEqual({ kind: 'service' });
    // Another port on the same host is another origin: not the service.
    expect(logoRoute('http://127.0.0.1:22/x.svg', 'http://127.0.0.1:4100').kind).toBe('refused');
    expect(logoRoute('https://10.0.0.5:8443/logo.png', 'https://10.0.0.5/api').kind).toBe('refused');
  });
});

describe('the lookup that answers only with public addresses', () => {
  const lookupOf = (answers: Record<string, Array<{ address: string; family: number }>>) =>
    publicOnlyLookup(async (host) => answers[host] ?? []);
  const call = (lookup: ReturnType<typeof publicOnlyLookup>, host: string, options: { all?: boolean }) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) => lookup(host, options, (error, address, family) => resolve({ error, address, family })));

  it('passes public answers on, in both calling conventions', async () => {
    const lookup = lookupOf({ 'cdn.example.test': [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }] });
    expect(await call(lookup, 'cdn.example.test', { all: true })).toEqual({ error: null, address: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }], family: undefined });
    expect(await call(lookup, 'cdn.example.test', {})).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('refuses a name with any address that is not public, even beside public ones', async () => {
    const lookup = lookupOf({ mixed: [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }], mapped: [{ address: '::ffff:192.168.0.1', family: 6 }] });
    const mixed = await call(lookup, 'mixed', { all: true });
    expect(mixed.error).toBeInstanceOf(NonPublicAddressError);
    expect(mixed.error?.message).toBe('mixed resolves to 10.0.0.7, a private address, not a public one');
    expect((await call(lookup, 'mapped', {})).error?.message).toMatch(/IPv4-mapped/);
    expect((await call(lookup, 'nothing', {})).error?.message).toMatch(/has no address/);
  });
});

describe('the public-only agent, against a real listener on this computer', () => {
  let server: Server;
  let port: number;
  let connections: number;
  beforeEach(async () => {
    connections = 0;
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const refusal = async (url: string, resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>) => {
    const agent = createPublicOnlyAgent(resolve ? { resolve } : {});
    try {
      return await request(url, { dispatcher: agent }).then(
        () => null,
        (error: unknown) => error as Error,
      );
    } finally {
      await agent.close();
    }
  };

  it('refuses a name that resolves to loopback, at connect time, and never connects', async () => {
    const error = await refusal(`https://logos.example.test:${port}/logo.png`, async () => [{ address: '127.0.0.1', family: 4 }]);
    expect(error?.message).toBe('logos.example.test resolves to 127.0.0.1, a loopback address, not a public one');
    expect(connections).toBe(0);
  });

  it('refuses localhost through the system resolver', async () => {
    const error = await refusal(`https://localhost:${port}/logo.png`);
    expect(error?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(connections).toBe(0);
  });

  it('refuses a literal address in any spelling without looking it up', async () => {
    let looked = 0;
    const resolve = async () => {
      looked += 1;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    for (const host of ['127.0.0.1', '127.1', '2130706433', '[::ffff:127.0.0.1]']) {
      expect((await refusal(`https://${host}:${port}/logo.png`, resolve))?.message).toMatch(/not a public one/);
    }
    expect(looked).toBe(0);
    expect(connections).toBe(0);
  });
});

describe('the logo cache with its default, public-only agent', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'qd-logo-public-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('fetches nothing from this computer unless it is the account\'s own service, and says why', async () => {
    const hits: string[] = [];
    const service = createHttpServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const logger = createRecordingLogger();
    const logos = createLogoCache({ folder, clock: createFakeClock(), logger });
    try {
      // Another account's quote naming this computer: over http, over https, by name.
      expect(await logos.dataUrl(`${base}/static/logos/c1.svg`, 'https://quotes.example.com')).toBeNull();
      expect(await logos.dataUrl(`https://localhost:${(service.address() as AddressInfo).port}/static/logos/c1.svg`, 'https://quotes.example.com')).toBeNull();
      expect(await logos.dataUrl(`https://127.1:${(service.address() as AddressInfo).port}/static/logos/c1.svg`, null)).toBeNull();
      expect(hits).toEqual([]);
      expect(logger.text()).toMatch(/not https, and not on the account's service/);
      expect(logger.text()).toMatch(/loopback address, not a public one/);
      // The demo account's own service on loopback: fetched.
      expect(await logos.dataUrl(`${base}/static/logos/c1.svg`, base)).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(hits).toEqual(['/static/logos/c1.svg']);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it('follows no redirect, on the service or elsewhere', async () => {
    const hits: string[] = [];
    const service = createHttpServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved.svg') res.writeHead(302, { location: '/real.svg' }).end();
      else res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const cdn = new MockAgent();
    cdn.disableNetConnect();
    cdn.get('https://cdn.example.com').intercept({ path: '/moved.svg' }).reply(301, '', { headers: { location: 'https://169.254.169.254/latest/meta-data' } });
    const logos = createLogoCache({ folder, clock: createFakeClock(), logger: createRecordingLogger(), publicDispatcher: cdn });
    try {
      expect(await logos.dataUrl(`${base}/moved.svg`, base)).toBeNull();
      expect(hits).toEqual(['/moved.svg']);
      expect(await logos.dataUrl('https://cdn.example.com/moved.svg')).toBeNull();
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      await cdn.close();
      await new Promise((resolve) => service.close(resolve));
    }
  });
});

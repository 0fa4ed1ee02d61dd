// The receiver's port for a manual tunnel: chosen at the first start and kept; when another
// program holds it at start, the receiver listens elsewhere and says so; the person keeps the
// stand-in or picks a port, and the receiver moves there.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import type { SettingsStore } from '../../../../main/core/ports';
import { PORT_SETTING } from '../../../../main/core/webhooks/receiver-port';
import type { WebhooksOverview } from '../../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const cores: Core[] = [];
const servers: Server[] = [];
let userData = '';
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  if (userData) rmSync(userData, { recursive: true, force: true });
  userData = '';
});

function start(settings: SettingsStore): Core {
  userData ||= mkdtempSync(join(tmpdir(), 'qd-receiver-port-'));
  const core = createCore({ settings, secrets: createMemorySecretStore(), clock: systemClock, logger: createSilentLogger(), host: 'web', version: '0.1.0', paths: { userData }, webhooks: { findCloudflared: () => null } });
  cores.push(core);
  return core;
}

async function restart(core: Core, settings: SettingsStore): Promise<Core> {
  await core.close();
  cores.splice(cores.indexOf(core), 1);
  return start(settings);
}

async function overview(core: Core): Promise<WebhooksOverview> {
  const answer = await core.dispatcher.dispatch('webhooks.status', undefined);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value as WebhooksOverview;
}

/** A port that something else holds while the test runs. */
async function occupied(port = 0): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What answers a GET on an unknown path: the receiver says 404, nothing there refuses the connection. */
async function probe(port: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/hooks/x`)).status;
  } catch {
    return 'refused';
  }
}

describe('the receiver port', () => {
  it('is chosen at the first start, remembered, and the same after a restart', async () => {
    const settings = createMemorySettingsStore();
    const first = start(settings);
    const { receiver } = await overview(first);
    expect(receiver).toEqual({ port: expect.any(Number), unavailable: null, problem: null });
    expect(settings.get(PORT_SETTING)).toBe(receiver.port);

    const second = await restart(first, settings);
    expect((await overview(second)).receiver).toEqual({ port: receiver.port, unavailable: null, problem: null });
    expect(await probe(receiver.port!)).toBe(404);
  });

  it('says so when another program holds it at start, listens on a stand-in, and keeps the stand-in when asked', async () => {
    const settings = createMemorySettingsStore();
    const taken = await occupied();
    settings.set(PORT_SETTING, taken);
    const core = start(settings);
    await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com/' });
    const { receiver } = await overview(core);
    expect(receiver.unavailable).toBe(taken);
    expect(receiver.port).not.toBe(taken);
    expect(receiver.problem).toContain(`Port ${taken}`);
    expect(receiver.problem).toContain(`port ${receiver.port}`);
    expect(await probe(receiver.port!)).toBe(404);

    const kept = await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com/', port: receiver.port! });
    expect(kept).toMatchObject({ ok: true, value: { receiver: { port: receiver.port, unavailable: null, problem: null } } });
    expect(settings.get(PORT_SETTING)).toBe(receiver.port);
    const again = await restart(core, settings);
    expect((await overview(again)).receiver).toEqual({ port: receiver.port, unavailable: null, problem: null });
  });

  it('moves the receiver to a port the person gives, and refuses one another program holds', async () => {
    const settings = createMemorySettingsStore();
    const core = start(settings);
    const before = (await overview(core)).receiver.port!;
    const wanted = await freePort();
    const moved = await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com/', port: wanted });
    expect(moved).toMatchObject({ ok: true, value: { receiver: { port: wanted, problem: null } } });
    expect(await probe(wanted)).toBe(404);
    expect(await probe(before)).toBe('refused');
    expect(settings.get(PORT_SETTING)).toBe(wanted);

    const taken = await occupied();
    const refused = await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com/', port: taken });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining(`Port ${taken} is in use`) } });
    expect((await overview(core)).receiver.port).toBe(wanted);
    expect(settings.get(PORT_SETTING)).toBe(wanted);
  });
});

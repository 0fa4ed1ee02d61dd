// A bridge call over browser mode's WebSocket (page -> host -> dispatcher -> page) against
// the same call straight into the dispatcher, in process. Reported, not judged.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createCore } from '../../main/core/core';
import { createSilentLogger } from '../../main/core/log';
import { createMemorySecretStore, createMemorySettingsStore } from '../../main/core/settings-and-secrets';
import { systemClock } from '../../main/core/ports';
import { startWebHost } from '../../main/web/server';
import { BRIDGE_PATH, BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../main/web/security';
import { compareAlternating } from './harness/alternate';
import { defineBenchmark } from './harness/types';
import { demoLikeDrafts } from './fixtures/accounts';

const METHOD = 'accounts.list';

export default defineBenchmark({
  name: 'bridge-roundtrip',
  title: 'A bridge round trip over the browser-mode WebSocket against in-process dispatch',
  budgetMs: { full: 40_000, quick: 6_000 },
  async run(ctx) {
    const logger = createSilentLogger();
    const dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-bench-bridge-'));
    const core = createCore({
      settings: createMemorySettingsStore(),
      secrets: createMemorySecretStore(),
      clock: systemClock,
      logger,
      paths: { userData: dataDir },
      host: 'web',
      version: '0.0.0-bench',
    });
    // The accounts a demo start adds; nothing here reaches a network.
    for (const draft of demoLikeDrafts('http://127.0.0.1:9')) await core.accounts.addDemo(draft);
    const staticDir = await mkdtemp(join(tmpdir(), 'quotedesk-bench-web-'));
    const host = await startWebHost({ staticDir, dispatcher: core.dispatcher, hub: core.hub, logger, port: 0 });
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}${BRIDGE_PATH}`, [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${host.token}`], { origin: host.origin });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let nextId = 1;
    const waiting = new Map<number, (result: { ok: boolean }) => void>();
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string; id?: number; result?: { ok: boolean } };
      if (message.type === 'result' && message.id !== undefined) waiting.get(message.id)?.(message.result as { ok: boolean });
    });
    const callOverSocket = (method: string) =>
      new Promise<{ ok: boolean }>((resolve) => {
        const id = nextId++;
        waiting.set(id, (result) => {
          waiting.delete(id);
          resolve(result);
        });
        socket.send(JSON.stringify({ type: 'call', id, method }));
      });
    const calls = ctx.quick ? 100 : 1_000;
    // An in-process dispatch costs a few microseconds: thirty times as many make a batch as long as the socket's.
    const inProcessCalls = calls * 30;
    try {
      const figure = await compareAlternating(ctx, {
        id: 'bridge-roundtrip.ratio',
        label: `Bridge ${METHOD}: WebSocket ÷ in-process dispatch`,
        operations: calls,
        baselineOperations: inProcessCalls,
        rounds: 15,
        details: { method: METHOD, accounts: (await core.accounts.list()).length, sequential: 'one call at a time' },
        baseline: async () => {
          for (let i = 0; i < inProcessCalls; i += 1) {
            const result = await core.dispatcher.dispatch(METHOD, undefined);
            if (!result.ok) throw new Error(`${METHOD} failed in process`);
          }
        },
        subject: async () => {
          for (let i = 0; i < calls; i += 1) {
            const result = await callOverSocket(METHOD);
            if (!result.ok) throw new Error(`${METHOD} failed over the socket`);
          }
        },
      });
      return [figure];
    } finally {
      socket.terminate();
      await host.close();
      await core.close();
      await rm(staticDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

// Demo mode's logos are served by the embedded service on loopback, the demo accounts' own
// address: the public-only rule for logos must not cost the demo its logos. Through the
// bridge of a core composed as the hosts compose it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { startDemo } from '../../../../main/simulator/demo';
import type { AccountView } from '../../../../preload/contract';
import type { InboxWindow } from '../../../../preload/contract/bridge';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

let folder: string;
let core: Core;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'qd-demo-logos-'));
  core = createCore({
    settings: createMemorySettingsStore(),
    secrets: createMemorySecretStore(),
    clock: systemClock,
    logger: createSilentLogger(),
    host: 'web',
    version: '0.1.0',
    paths: { userData: folder },
    sync: { intervalMs: 60 * 60_000, tickMs: 60 * 60_000 },
  });
});
afterEach(async () => {
  await core.close();
  rmSync(folder, { recursive: true, force: true });
});

async function call<T>(method: string, input?: unknown): Promise<T> {
  const result = await core.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('demo mode and company logos', () => {
  it('shows the logos the embedded service serves on this computer, and keeps them', async () => {
    expect(await core.startDemoIfNoAccounts(() => startDemo({ quotes: 20 }))).toBe(true);
    const [account] = await call<AccountView[]>('accounts.list');
    expect(account?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    await call('sync.refresh', {});
    const rows = (await call<InboxWindow>('inbox.query', { accountId: account!.id, limit: 50 })).rows;
    const logos = await Promise.all(rows.map((row) => call<{ src: string | null }>('quotes.logo', { accountId: account!.id, quoteId: row.quoteId })));
    const shown = logos.filter((logo) => logo.src !== null);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown[0]!.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(readdirSync(join(folder, 'logos')).length).toBeGreaterThan(0);
  });
});

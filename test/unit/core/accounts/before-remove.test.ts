// The about-to-remove steps: they run while the account's client and credentials still exist,
// and none of them (failing, or never finishing) can keep the account from being removed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/json-recording-logger';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';

let dir: string;
let service: FakeService;
let accounts: AccountsService;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-before-remove-'));
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  accounts = createAccountsService({
    settings: createJsonSettingsStore({ folder: dir }),
    secrets: createFileSecretStore({ path: join(dir, 'secrets.json') }),
    clock: createFakeClock(),
    logger: createRecordingLogger(),
    clientOptions: { retry: { maxAttempts: 1 } },
    // Short, so the step that never ends does not hold the test up.
    beforeRemoveMs: 200,
  });
});
afterEach(async () => {
  await accounts.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const add = () => accounts.add({ name: 'Acme', environment: 'custom', baseUrl: service.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } });

describe('about-to-remove steps', () => {
  it('run with the account still usable, and their notes come back with the removal', async () => {
    const added = await add();
    const seen: string[] = [];
    accounts.onBeforeRemove({
      what: 'Listing quotes',
      run: async (id) => {
        // The client is still there: the credentials are deleted only after this.
        const page = await (await accounts.client(id)).quotes.list({ page: 1, limit: 1 });
        seen.push(`${id}:${page.data.length}`);
        return 'Listed one quote.';
      },
    });
    accounts.onBeforeRemove({ what: 'Nothing to say', run: async () => null });
    expect(await accounts.remove(added.id)).toEqual({ notes: ['Listed one quote.'] });
    expect(seen).toEqual([`${added.id}:1`]);
    expect(await accounts.list()).toEqual([]);
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).not.toContain(CLIENT_KEY);
  });

  it('a step that fails is noted and the account is removed anyway', async () => {
    const added = await add();
    accounts.onBeforeRemove({ what: 'Deleting the webhook registration at the service', run: async () => Promise.reject(new Error('the service is unreachable')) });
    const outcome = await accounts.remove(added.id);
    expect(outcome.notes).toEqual(['Deleting the webhook registration at the service failed (the service is unreachable); the account was removed anyway.']);
    expect(await accounts.list()).toEqual([]);
  });

  it('a step that never finishes is left behind once its bound passes, and is told to stop', async () => {
    const added = await add();
    let aborted = false;
    accounts.onBeforeRemove({
      what: 'Deleting the webhook registration at the service',
      run: (_id, signal) =>
        new Promise<null>(() => {
          signal.addEventListener('abort', () => (aborted = true), { once: true });
        }),
    });
    const outcome = await accounts.remove(added.id);
    expect(outcome.notes).toEqual([expect.stringMatching(/^Deleting the webhook registration at the service did not finish within \d+ seconds; the account was removed without it\.$/)]);
    expect(aborted).toBe(true);
    expect(await accounts.list()).toEqual([]);
  });

  it('a step unsubscribed no longer runs', async () => {
    const added = await add();
    let ran = false;
    const stop = accounts.onBeforeRemove({
      what: 'Noting',
      run: async () => {
        ran = true;
        return 'ran';
      },
    });
    stop();
    expect(await accounts.remove(added.id)).toEqual({ notes: [] });
    expect(ran).toBe(false);
  });
});

// The update policy with an engine stand-in (the real electron-updater runs under it in
// test/unit/electron/update-engine.test.ts): when it checks, what it says, which channel.
import { describe, expect, it } from 'vitest';
import type { UpdateChannel, UpdateState } from '../../../../preload/contract';
import { createDecisionGate, createUpdateService, updateFeedUrlFrom, UPDATE_CHECK_INTERVAL_MS } from '../../../../main/core/updates';
import type { UpdateEngine } from '../../../../main/core/updates';
import { compareVersions } from '../../../../main/core/updates/version-order';
import { unusedHandlers } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';

function setup(options: { engine?: UpdateEngine | null; channel?: UpdateChannel; currentVersion?: string } = {}) {
  const checks: UpdateChannel[] = [];
  const installs: string[] = [];
  let progress: number[] = [];
  let found: Record<UpdateChannel, string | null> = { stable: null, beta: null };
  let installerUrls = (version: string): string[] => [`https://updates.example.com/quotedesk_${version}_amd64.deb`];
  const engine: UpdateEngine = {
    check: async (channel) => {
      checks.push(channel);
      const version = found[channel];
      return version ? { version, installerUrls: installerUrls(version) } : null;
    },
    download: async (onProgress) => {
      for (const percent of progress) onProgress(percent);
    },
    install: () => void installs.push('install'),
  };
  const planned: Array<{ task: () => void; ms: number; cancelled: boolean }> = [];
  let channel: UpdateChannel = options.channel ?? 'stable';
  const states: UpdateState[] = [];
  const service = createUpdateService({
    engine: options.engine === undefined ? engine : options.engine,
    currentVersion: options.currentVersion ?? '1.0.0',
    channel: { get: () => channel, set: (next) => void (channel = next) },
    decisions: { inFlight: () => false, idle: () => Promise.resolve() },
    logger: createRecordingLogger(),
    now: () => 0,
    onChange: (state) => states.push(state),
    schedule: (task, ms) => {
      const entry = { task, ms, cancelled: false };
      planned.push(entry);
      return () => void (entry.cancelled = true);
    },
  });
  return {
    service,
    checks,
    installs,
    states,
    planned,
    savedChannel: () => channel,
    offer: (next: Record<UpdateChannel, string | null>) => void (found = next),
    progressWith: (next: number[]) => void (progress = next),
    installersAt: (next: (version: string) => string[]) => void (installerUrls = next),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the update service', () => {
  it('checks at start and again every few hours, one check at a time', async () => {
    const { service, checks, planned } = setup();
    service.start();
    await settle();
    expect(checks).toEqual(['stable']);
    expect(planned.map((entry) => entry.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBeGreaterThanOrEqual(60 * 60 * 1000);
    planned[0]!.task();
    await settle();
    expect(checks).toEqual(['stable', 'stable']);
    expect(planned).toHaveLength(2);
    await Promise.all([service.check(), service.check()]);
    expect(checks).toHaveLength(3);
    service.stop();
    expect(planned.at(-1)!.cancelled).toBe(true);
  });

  it('reports download progress once per whole percent and ends ready', async () => {
    const { service, states, offer, progressWith } = setup();
    offer({ stable: '1.1.0', beta: null });
    progressWith([0.2, 0.7, 10.1, 10.9, 55.5, 100]);
    expect(await service.check()).toMatchObject({ phase: 'ready', version: '1.1.0', percent: 100 });
    expect(states.filter((state) => state.phase === 'downloading').map((state) => state.percent)).toEqual([0, 10, 55, 100]);
    // A downloaded update is not fetched again by the next check.
    const before = states.length;
    await service.check();
    expect(states.length).toBe(before);
  });

  it('switching channel is kept, forgets what the other channel found and checks the new one', async () => {
    const { service, checks, savedChannel, offer } = setup();
    offer({ stable: null, beta: '1.1.0-beta.1' });
    await service.check();
    expect(service.state()).toMatchObject({ phase: 'idle', version: null });
    expect(await service.setChannel('beta')).toMatchObject({ channel: 'beta', phase: 'ready', version: '1.1.0-beta.1' });
    expect(savedChannel()).toBe('beta');
    expect(checks).toEqual(['stable', 'beta']);
    offer({ stable: null, beta: '1.1.0-beta.1' });
    expect(await service.setChannel('stable')).toMatchObject({ channel: 'stable', phase: 'idle', version: null });
  });

  it('without a feed it says updates are off and never installs', async () => {
    const { service, installs } = setup({ engine: null });
    service.start();
    expect(await service.check()).toMatchObject({ phase: 'disabled', message: expect.stringContaining('no update feed') });
    expect(service.restart()).toMatchObject({ restarting: false, reason: 'no-update' });
    expect(installs).toEqual([]);
  });

  it('a failed check says why in plain words and the next one may succeed', async () => {
    let fail = true;
    const engine: UpdateEngine = {
      check: async () => {
        if (fail) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        return null;
      },
      download: async () => undefined,
      install: () => undefined,
    };
    const { service } = setup({ engine });
    expect(await service.check()).toMatchObject({ phase: 'failed', message: 'The update server could not be reached. Nothing was installed; Quotedesk tries again later.' });
    fail = false;
    expect(await service.check()).toMatchObject({ phase: 'idle', message: null });
  });
});

describe('what an update feed may offer (audit, issue #31)', () => {
  it('a beta build on the stable channel moves only forward: never to an older stable', async () => {
    const { service, offer, states } = setup({ currentVersion: '1.2.0-beta.3' });
    offer({ stable: '1.1.0', beta: null });
    expect(await service.check()).toMatchObject({ phase: 'idle', version: null, message: null });
    offer({ stable: '1.2.0-beta.2', beta: null });
    expect(await service.check()).toMatchObject({ phase: 'idle', version: null });
    expect(states.some((state) => state.phase === 'downloading')).toBe(false);
    // The stable release of the same version, or any later one, is forward.
    offer({ stable: '1.2.0', beta: null });
    expect(await service.check()).toMatchObject({ phase: 'ready', version: '1.2.0' });
  });

  it('refuses an installer that is not fetched over https, in words, and downloads nothing', async () => {
    const { service, offer, installersAt, states } = setup();
    offer({ stable: '1.1.0', beta: null });
    installersAt((version) => [`http://downloads.example.net/quotedesk_${version}_amd64.deb`]);
    expect(await service.check()).toMatchObject({
      phase: 'failed',
      version: null,
      message: 'The update feed names an installer at http://downloads.example.net, which is not an https address, so it was not downloaded. Nothing was installed.',
    });
    expect(states.some((state) => state.phase === 'downloading')).toBe(false);
    expect(service.restart()).toMatchObject({ restarting: false, reason: 'no-update' });
    // A loopback feed (the tests' own) never crosses a network; https anywhere is fine.
    installersAt((version) => [`http://127.0.0.1:8080/quotedesk_${version}_amd64.deb`]);
    expect(await service.check()).toMatchObject({ phase: 'ready', version: '1.1.0' });
  });

  it('orders versions as Semantic Versioning does', () => {
    const ascending = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.10.0', '2.0.0'];
    for (const [index, version] of ascending.entries()) {
      for (const [other, than] of ascending.entries()) expect(compareVersions(version, than), `${version} vs ${than}`).toBe(Math.sign(index - other));
    }
    expect(compareVersions('1.0.0+build.5', '1.0.0')).toBe(0);
    expect(compareVersions('latest', '1.0.0')).toBeNull();
  });
});

describe('the decision gate', () => {
  it('counts accepts and declines being sent, failed ones too, and wakes the waiters when none is left', async () => {
    const gate = createDecisionGate();
    const releases: Array<(fail: boolean) => void> = [];
    const pending = () =>
      new Promise<never>((resolve, reject) => releases.push((fail) => (fail ? reject(new Error('refused')) : resolve(undefined as never))));
    const handlers = gate.wrap({ ...unusedHandlers(), 'decisions.accept': pending, 'decisions.decline': pending });
    expect(gate.inFlight()).toBe(false);
    const accept = (handlers['decisions.accept'] as (input: unknown) => Promise<unknown>)({});
    const decline = (handlers['decisions.decline'] as (input: unknown) => Promise<unknown>)({}).catch(() => 'refused');
    expect(gate.inFlight()).toBe(true);
    let idle = false;
    void gate.idle().then(() => (idle = true));
    releases[0]!(false);
    await accept;
    await settle();
    expect(idle).toBe(false);
    releases[1]!(true);
    expect(await decline).toBe('refused');
    await settle();
    expect(idle).toBe(true);
    expect(gate.inFlight()).toBe(false);
  });
});

describe('the update feed address', () => {
  it('takes https or a loopback http address, and refuses anything else with a reason', () => {
    expect(updateFeedUrlFrom({})).toEqual({ url: null, problem: null });
    expect(updateFeedUrlFrom({ QUOTEDESK_UPDATE_URL: 'https://updates.example.com/quotedesk' })).toEqual({ url: 'https://updates.example.com/quotedesk/' });
    expect(updateFeedUrlFrom({ QUOTEDESK_UPDATE_URL: 'http://127.0.0.1:8080/feed/' })).toEqual({ url: 'http://127.0.0.1:8080/feed/' });
    expect(updateFeedUrlFrom({ QUOTEDESK_UPDATE_URL: 'http://updates.example.com/' })).toMatchObject({ url: null, problem: expect.stringContaining('https') });
    expect(updateFeedUrlFrom({ QUOTEDESK_UPDATE_URL: 'https://user:pw@updates.example.com/' })).toMatchObject({ url: null, problem: expect.stringContaining('password') });
    expect(updateFeedUrlFrom({ QUOTEDESK_UPDATE_URL: 'not a url' })).toMatchObject({ url: null, problem: expect.stringContaining('not a URL') });
  });
});

// electron-updater itself (its generic provider, its download and sha512 verification), run
// under Node on an app adapter instead of Electron's app, against a loopback feed, with the
// core's update policy on top. Installing is not run: it would start the system's installer.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { DebUpdater, NsisUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateChannel, UpdateState } from '../../../preload/contract';
import { createUpdateService } from '../../../main/core/updates';
import type { DecisionsInFlight } from '../../../main/core/updates';
import { createUpdateEngine, UPDATER_CACHE_FOLDER } from '../../../main/electron/update-engine';
import { createRecordingLogger } from '../../helpers/recording-logger';
import { installerBytes, startUpdateFeed } from './update-feed';
import type { UpdateFeed } from './update-feed';

let folder: string;
let feed: UpdateFeed;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quotedesk-updates-'));
  feed = await startUpdateFeed();
});
afterEach(async () => {
  await feed.close();
  await rm(folder, { recursive: true, force: true });
});

function testApp(version: string): AppAdapter {
  return {
    version,
    name: 'Quotedesk',
    isPackaged: true,
    appUpdateConfigPath: join(folder, 'app-update.yml'),
    userDataPath: join(folder, 'user-data'),
    baseCachePath: join(folder, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
}

/**
 * electron-updater's own executor (its download(), on builder-util-runtime's checksum-verifying
 * stream), with only the socket underneath swapped: Node's http.request for Electron's net.
 */
class NodeNetExecutor extends ElectronHttpExecutor {
  // Electron's ClientRequest type, which Node's request stands in for at run time.
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ReturnType<ElectronHttpExecutor['createRequest']> {
    return request(options, callback) as unknown as ReturnType<ElectronHttpExecutor['createRequest']>;
  }
  override addRedirectHandlers(): void {}
}

/**
 * The updater electron-updater picks for a .deb install (or, with platform 'win32', for the
 * NSIS installer, reading latest.yml), on the test app adapter.
 */
function engineFor(version: string, extra: { beforeInstall?: () => void; platform?: 'linux' | 'win32'; packagedConfig?: boolean } = {}) {
  const updater = extra.platform === 'win32' ? new NsisUpdater(undefined, testApp(version)) : new DebUpdater(undefined, testApp(version));
  // The feed's file names follow the platform; the blockmaps a differential download would want are not published here.
  if (extra.platform === 'win32') (updater as unknown as { _testOnlyOptions: unknown })._testOnlyOptions = { platform: 'win32', isUseDifferentialDownload: false };
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeNetExecutor();
  const logger = createRecordingLogger();
  const engine = createUpdateEngine({ updater, feed: { url: feed.url, configPath: join(folder, 'update-feed.yml'), packagedConfig: extra.packagedConfig ?? false }, logger, beforeInstall: extra.beforeInstall ?? (() => undefined) });
  return { engine, updater, logger };
}

const pendingFolder = () => join(folder, 'cache', UPDATER_CACHE_FOLDER, 'pending');
const downloadedInstallers = (extension = '.deb') => (existsSync(pendingFolder()) ? readdirSync(pendingFolder()).filter((name) => name.endsWith(extension)) : []);

describe('electron-updater on a generic feed (the UpdateEngine)', () => {
  it('finds a newer stable release, downloads it with progress and keeps the verified file', async () => {
    const bytes = installerBytes();
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes });
    const { engine } = engineFor('1.0.0');
    // The installer's address as electron-updater resolves it against the feed, for the core to judge.
    expect(await engine.check('stable')).toEqual({ version: '1.1.0', installerUrls: [`${feed.url}quotedesk_1.1.0_amd64.deb`] });
    const progress: number[] = [];
    await engine.download((percent) => progress.push(percent));
    expect(progress.at(-1)).toBe(100);
    expect(downloadedInstallers()).toHaveLength(1);
    expect(readFileSync(join(pendingFolder(), downloadedInstallers()[0]!)).equals(bytes)).toBe(true);
    expect(feed.requests).toEqual(['latest-linux.yml', 'quotedesk_1.1.0_amd64.deb']);
  });

  it('on Windows reads latest.yml and downloads the NSIS installer it names, refusing a bad checksum', async () => {
    const bytes = installerBytes();
    feed.publish('latest.yml', { version: '1.1.0', fileName: 'Quotedesk-Setup-1.1.0.exe', bytes });
    const { engine } = engineFor('1.0.0', { platform: 'win32' });
    expect(await engine.check('stable')).toMatchObject({ version: '1.1.0' });
    await engine.download(() => undefined);
    expect(downloadedInstallers('.exe')).toHaveLength(1);
    expect(readFileSync(join(pendingFolder(), downloadedInstallers('.exe')[0]!)).equals(bytes)).toBe(true);
    expect(feed.requests).toEqual(['latest.yml', 'Quotedesk-Setup-1.1.0.exe']);

    await rm(join(folder, 'cache'), { recursive: true, force: true });
    feed.publish('latest.yml', { version: '1.2.0', fileName: 'Quotedesk-Setup-1.2.0.exe', bytes: installerBytes(), statedSha512: installerBytes(64).toString('base64') });
    const bad = engineFor('1.0.0', { platform: 'win32' }).engine;
    expect(await bad.check('stable')).toMatchObject({ version: '1.2.0' });
    await expect(bad.download(() => undefined)).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' });
    expect(downloadedInstallers('.exe')).toEqual([]);
  });

  it('an address from configuration replaces only the packaged address: the packaged signer check stays', async () => {
    // What electron-builder packs as resources/app-update.yml for a signed Windows release.
    await writeFile(join(folder, 'app-update.yml'), 'provider: generic\nurl: https://updates.example.com/quotedesk/\nupdaterCacheDirName: quotedesk-updater\npublisherName:\n  - Quotedesk Ltd\n');
    feed.publish('latest.yml', { version: '1.1.0', fileName: 'Quotedesk-Setup-1.1.0.exe', bytes: installerBytes(1024) });
    const { engine, updater } = engineFor('1.0.0', { platform: 'win32', packagedConfig: true });
    expect(await engine.check('stable')).toMatchObject({ version: '1.1.0' });
    expect(feed.requests).toEqual(['latest.yml']);
    const onDisk = await (updater as unknown as { configOnDisk: { value: Promise<{ publisherName?: string[] }> } }).configOnDisk.value;
    expect(onDisk.publisherName).toEqual(['Quotedesk Ltd']);
    expect(existsSync(join(folder, 'update-feed.yml'))).toBe(false);
  });

  it('says there is nothing to do when the feed holds the running version', async () => {
    feed.publish('latest-linux.yml', { version: '1.0.0', fileName: 'quotedesk_1.0.0_amd64.deb', bytes: installerBytes(1024) });
    const { engine } = engineFor('1.0.0');
    expect(await engine.check('stable')).toBeNull();
  });

  it('reads beta.yml on the beta channel, and a beta build moves to stable only forward', async () => {
    feed.publish('latest-linux.yml', { version: '1.0.0', fileName: 'quotedesk_1.0.0_amd64.deb', bytes: installerBytes(1024) });
    feed.publish('beta-linux.yml', { version: '1.1.0-beta.2', fileName: 'quotedesk_1.1.0-beta.2_amd64.deb', bytes: installerBytes(1024) });
    expect(await engineFor('1.0.0').engine.check('beta')).toMatchObject({ version: '1.1.0-beta.2' });
    expect(await engineFor('1.0.0').engine.check('stable')).toBeNull();
    expect(await engineFor('1.1.0-beta.1').engine.check('stable')).toBeNull();
    expect(feed.requests.filter((name) => name.endsWith('.yml'))).toEqual(['beta-linux.yml', 'latest-linux.yml', 'latest-linux.yml']);
  });

  it('a stable build never downgrades when the stable feed is rolled back', async () => {
    feed.publish('latest-linux.yml', { version: '0.9.0', fileName: 'quotedesk_0.9.0_amd64.deb', bytes: installerBytes(1024) });
    expect(await engineFor('1.0.0').engine.check('stable')).toBeNull();
  });

  it('refuses a file whose sha512 differs from the metadata and keeps nothing', async () => {
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes(), statedSha512: installerBytes(64).toString('base64') });
    const { engine } = engineFor('1.0.0');
    await engine.check('stable');
    await expect(engine.download(() => undefined)).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' });
    expect(downloadedInstallers()).toEqual([]);
  });

  it('an interrupted download rejects and leaves no installer behind', async () => {
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes() });
    feed.serveFiles('cut-off-halfway');
    const { engine } = engineFor('1.0.0');
    await engine.check('stable');
    await expect(engine.download(() => undefined)).rejects.toThrow();
    expect(downloadedInstallers()).toEqual([]);
  });

  it('install lets the app quit first, then hands over to electron-updater', () => {
    const calls: string[] = [];
    const { engine, updater } = engineFor('1.0.0', { beforeInstall: () => calls.push('before-install') });
    updater.quitAndInstall = (silent?: boolean, runAfter?: boolean) => void calls.push(`quitAndInstall silent=${silent} runAfter=${runAfter}`);
    engine.install();
    expect(calls).toEqual(['before-install', 'quitAndInstall silent=false runAfter=true']);
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });
});

describe('the update policy on the real engine', () => {
  function serviceOn(version: string, decisions: DecisionsInFlight = { inFlight: () => false, idle: () => Promise.resolve() }) {
    const installs: string[] = [];
    const { engine, updater } = engineFor(version);
    updater.quitAndInstall = () => void installs.push('installed');
    let channel: UpdateChannel = 'stable';
    const states: UpdateState[] = [];
    const service = createUpdateService({
      engine,
      currentVersion: version,
      channel: { get: () => channel, set: (next) => void (channel = next) },
      decisions,
      logger: createRecordingLogger(),
      now: () => Date.parse('2026-11-26T12:00:00Z'),
      onChange: (state) => states.push(state),
      schedule: () => () => undefined,
    });
    return { service, states, installs };
  }

  it('checks, downloads in the background with progress, and offers the restart', async () => {
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes() });
    const { service, states, installs } = serviceOn('1.0.0');
    const state = await service.check();
    expect(state).toMatchObject({ phase: 'ready', version: '1.1.0', percent: 100, checkedAt: '2026-11-26T12:00:00.000Z', message: null });
    expect(states.map((entry) => entry.phase)).toEqual(expect.arrayContaining(['checking', 'downloading', 'ready']));
    expect(service.restart()).toEqual({ restarting: true });
    expect(installs).toEqual(['installed']);
  });

  it('a bad checksum and an interrupted download each end in plain words, and nothing to restart into', async () => {
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes(), statedSha512: installerBytes(64).toString('base64') });
    const bad = serviceOn('1.0.0');
    expect(await bad.service.check()).toMatchObject({ phase: 'failed', message: expect.stringContaining('did not match its published checksum') });
    expect(bad.service.restart()).toMatchObject({ restarting: false, reason: 'no-update' });
    expect(bad.installs).toEqual([]);

    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes() });
    feed.serveFiles('cut-off-halfway');
    const cut = serviceOn('1.0.0');
    expect(await cut.service.check()).toMatchObject({ phase: 'failed', message: expect.stringMatching(/download was interrupted|download failed/) });
    // The next check, with the network back, gets it.
    feed.serveFiles('whole');
    expect(await cut.service.check()).toMatchObject({ phase: 'ready', version: '1.1.0' });
  });

  it('a beta build on the stable channel never installs an older stable release (audit, issue #31)', async () => {
    feed.publish('latest-linux.yml', { version: '1.0.0', fileName: 'quotedesk_1.0.0_amd64.deb', bytes: installerBytes(1024) });
    const { service } = serviceOn('1.1.0-beta.1');
    expect(await service.check()).toMatchObject({ phase: 'idle', version: null });
    expect(feed.requests).toEqual(['latest-linux.yml']);
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes(1024) });
    expect(await service.check()).toMatchObject({ phase: 'ready', version: '1.1.0' });
  });

  it('refuses an installer the feed names on another host over plain http, downloading nothing (audit, issue #31)', async () => {
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'http://downloads.example.net/quotedesk_1.1.0_amd64.deb', bytes: installerBytes(1024) });
    const { service } = serviceOn('1.0.0');
    expect(await service.check()).toMatchObject({ phase: 'failed', message: expect.stringContaining('installer at http://downloads.example.net, which is not an https address') });
    expect(feed.requests).toEqual(['latest-linux.yml']);
    expect(downloadedInstallers()).toEqual([]);
  });

  it('a feed that is not there is a failed check in plain words', async () => {
    const { service } = serviceOn('1.0.0');
    expect(await service.check()).toMatchObject({ phase: 'failed', message: expect.stringContaining('404') });
  });

  it('waits for a decision being sent before restarting to update', async () => {
    feed.publish('latest-linux.yml', { version: '1.1.0', fileName: 'quotedesk_1.1.0_amd64.deb', bytes: installerBytes() });
    let sending = true;
    let answered: () => void = () => undefined;
    const decisionDone = new Promise<void>((resolve) => (answered = resolve));
    const { service, installs } = serviceOn('1.0.0', { inFlight: () => sending, idle: () => decisionDone });
    await service.check();
    expect(service.restart()).toMatchObject({ restarting: false, reason: 'decision-in-flight' });
    expect(service.state().waitingForDecision).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(installs).toEqual([]);
    sending = false;
    answered();
    await decisionDone;
    await Promise.resolve();
    expect(installs).toEqual(['installed']);
  });
});

// Runs electron-builder for real (Linux, --dir) against a stand-in Electron distribution: a
// file carrying Electron's fuse wire with its default settings, since the real binary cannot
// be downloaded here. That proves what the package holds and which fuses it flips; it does
// not prove the app starts (test/e2e/electron.spec.ts does, where Electron runs).
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's shipped defaults, in wire order: RunAsNode on, cookie encryption off,
// NODE_OPTIONS on, --inspect on, ASAR integrity off, only-ASAR off, V8 snapshot off, file:// privileges on.
const DEFAULT_WIRE = '10110001';
// A fuse is the ASCII byte '1' (on) or '0' (off); @electron/fuses does not export its enum.
const FuseState = { ENABLE: '1'.charCodeAt(0), DISABLE: '0'.charCodeAt(0) };

let work: string;
let appDir: string;
let entries: string[];
let packageJson: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

function run(command: string, args: string[]) {
  const result = spawnSync(process.execPath, [resolve(command), ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'quotedesk-package-'));
  const electronDist = join(work, 'electron-dist');
  await mkdir(join(electronDist, 'resources'), { recursive: true });
  await writeFile(join(electronDist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n# stand-in for Electron\n'), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from(DEFAULT_WIRE, 'ascii')]));
  await chmod(join(electronDist, 'electron'), 0o755);

  // With source maps, so the test can see that the file list keeps them out.
  run('node_modules/electron-vite/bin/electron-vite.js', ['build', '--sourcemap', '--logLevel', 'warn']);
  expect((await readdir('out/main')).some((name) => name.endsWith('.map'))).toBe(true);

  run('node_modules/electron-builder/cli.js', ['--linux', '--dir', '--x64', `-c.electronDist=${electronDist}`, `-c.directories.output=${join(work, 'dist')}`]);
  appDir = join(work, 'dist', 'linux-unpacked');
  entries = listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
  packageJson = JSON.parse(await readFile('package.json', 'utf8'));
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const topLevelModules = () => new Set(entries.filter((entry) => /^\/node_modules\/(@[^/]+\/)?[^/@]+$/.test(entry)).map((entry) => entry.slice('/node_modules/'.length)));

describe('the packaged app (stand-in Electron, linux --dir)', () => {
  it('holds the built main, preload and renderer and the manifest at its root', () => {
    for (const entry of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) expect(entries, entry).toContain(entry);
    const roots = new Set(entries.map((entry) => entry.split('/')[1]));
    expect([...roots].sort()).toEqual(['node_modules', 'out', 'package.json']);
  });

  it('holds no sources, tests, TypeScript or source maps', () => {
    expect(entries.filter((entry) => /\.(ts|mts|cts|map|svelte)$/.test(entry))).toEqual([]);
    expect(entries.filter((entry) => /^\/(main|preload|renderer|test|scripts|build|bin)\//.test(entry))).toEqual([]);
    const builtJs = entries.filter((entry) => entry.startsWith('/out/') && /\.(c?js)$/.test(entry));
    for (const entry of builtJs) {
      const text = extractFile(join(appDir, 'resources', 'app.asar'), entry.slice(1)).toString('utf8');
      expect(text, entry).not.toContain('sourcesContent');
    }
  });

  it('holds the runtime dependencies and none of the dev dependencies or CLI-only ones', () => {
    const modules = topLevelModules();
    const cliOnly = new Set(['tsx', 'ws']);
    const runtime = Object.keys(packageJson.dependencies ?? {}).filter((name) => !cliOnly.has(name));
    expect(runtime).toEqual(expect.arrayContaining(['undici', 'zod']));
    for (const name of runtime) expect(modules.has(name), name).toBe(true);
    for (const name of Object.keys(packageJson.devDependencies ?? {})) expect(modules.has(name), name).toBe(false);
    for (const name of ['tsx', 'esbuild', 'ws', 'electron', 'electron-builder', 'vite', 'svelte']) expect(modules.has(name), name).toBe(false);
    expect([...modules].some((name) => name.startsWith('@esbuild/'))).toBe(false);
  });

  it('flips the fuses in the Electron binary', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'quotedesk'));
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      nodeOptions: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      inspect: wire[FuseV1Options.EnableNodeCliInspectArguments],
      cookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      onlyAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
      asarIntegrity: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      fileProtocolPrivileges: wire[FuseV1Options.GrantFileProtocolExtraPrivileges],
    }).toEqual({
      runAsNode: FuseState.DISABLE,
      nodeOptions: FuseState.DISABLE,
      inspect: FuseState.DISABLE,
      cookieEncryption: FuseState.ENABLE,
      onlyAsar: FuseState.ENABLE,
      asarIntegrity: FuseState.ENABLE,
      fileProtocolPrivileges: FuseState.DISABLE,
    });
  });
});

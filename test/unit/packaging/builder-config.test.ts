// electron-builder.yml as electron-builder reads it: fuses, targets, the quotedesk:// scheme,
// signing settings and the icons each platform gets. The stand-in packaging run
// (package-contents.test.ts) proves the fuses are flipped and the file list is honoured.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TOAST_ACTIVATOR_CLSID } from '../../../main/electron/desktop-notifications';

const config = parse(readFileSync(resolve('electron-builder.yml'), 'utf8')) as Configuration;
// The security checklist moved from the README to docs/security.md with the rest of the internals.
const readme = readFileSync(resolve('docs/security.md'), 'utf8');

const targetsOf = (platform: { target?: unknown } | null | undefined) => (platform?.target as string[] | undefined) ?? [];

describe('electron-builder configuration', () => {
  it('identifies the app', () => {
    expect(config.appId).toBe('com.quotedesk.app');
    expect(config.productName).toBe('Quotedesk');
    expect(config.asar).toBe(true);
  });

  it('flips the fuses of the security checklist (item 19) at packaging', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('the security checklist (docs/security.md) states the same fuse values', () => {
    const section = readme.slice(readme.indexOf('# Desktop security checklist'));
    for (const line of ['RunAsNode: off', 'EnableNodeOptionsEnvironmentVariable: off', 'EnableNodeCliInspectArguments: off', 'EnableCookieEncryption: on', 'OnlyLoadAppFromAsar: on', 'EnableEmbeddedAsarIntegrityValidation: on', 'GrantFileProtocolExtraPrivileges: off']) {
      expect(section, line).toContain(line);
    }
  });

  it('builds deb (recommended) and AppImage, dmg with the zip updates come from, and an NSIS installer', () => {
    expect(targetsOf(config.linux)).toEqual(['deb', 'AppImage']);
    expect(targetsOf(config.mac)).toEqual(['dmg', 'zip']);
    expect(targetsOf(config.win)).toEqual(['nsis']);
    expect(config.nsis?.oneClick).toBe(false);
  });

  it('registers quotedesk:// and passes the link as %u on Linux', () => {
    expect(config.protocols).toEqual([{ name: 'Quotedesk link', schemes: ['quotedesk'] }]);
    expect(config.linux?.executableArgs).toEqual(['%u']);
  });

  it('signs macOS builds with the hardened runtime and only the JIT entitlement, and notarizes when credentials are given', () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.notarize).toBe(true);
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist');
    const plist = readFileSync(resolve('build/entitlements.mac.plist'), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('the NSIS installer registers quotedesk:// and the toast activator, and removes both on a real uninstall', () => {
    expect(config.nsis?.include).toBe('build/installer.nsh');
    const script = readFileSync(resolve('build/installer.nsh'), 'utf8');
    const install = script.slice(script.indexOf('!macro customInstall'), script.indexOf('!macroend'));
    const uninstall = script.slice(script.indexOf('!macro customUnInstall'));
    expect(install).toContain('WriteRegStr SHELL_CONTEXT "Software\\Classes\\quotedesk" "URL Protocol" ""');
    expect(install).toContain(`WriteRegStr SHELL_CONTEXT "Software\\Classes\\quotedesk\\shell\\open\\command" "" '"$appExe" "%1"'`);
    expect(install).toContain('Software\\Classes\\CLSID\\${QUOTEDESK_TOAST_ACTIVATOR_CLSID}\\LocalServer32');
    expect(uninstall).toContain('${ifNot} ${isUpdated}');
    expect(uninstall).toContain('DeleteRegKey SHELL_CONTEXT "Software\\Classes\\quotedesk"');
    expect(uninstall).toContain('DeleteRegKey SHELL_CONTEXT "Software\\Classes\\CLSID\\${QUOTEDESK_TOAST_ACTIVATOR_CLSID}"');
    // The installer's CLSID is the one the app sets at start.
    expect(script).toContain(`!define QUOTEDESK_TOAST_ACTIVATOR_CLSID "${TOAST_ACTIVATOR_CLSID}"`);
  });

  it('names the Linux desktop file and the window alike (desktopName), so docks group them', () => {
    const manifest = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { desktopName?: string; dependencies: Record<string, string> };
    expect(manifest.desktopName).toBe('quotedesk.desktop');
    expect((config.linux as { syncDesktopName?: boolean } | undefined)?.syncDesktopName).toBe(true);
    // electron-builder turns each protocol into the desktop file's MimeType=x-scheme-handler/<scheme>.
    expect(config.protocols).toEqual([expect.objectContaining({ schemes: ['quotedesk'] })]);
  });

  it('writes the update metadata for every channel, and pins electron-updater', () => {
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
    const manifest = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['electron-updater']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('gives each platform an icon that exists and matches build/icon.svg', () => {
    expect(config.mac?.icon).toBe('build/icon.icns');
    expect(config.win?.icon).toBe('build/icon.ico');
    expect(config.linux?.icon).toBe('build/icons');
    for (const path of ['build/icon.icns', 'build/icon.ico', 'build/icons/256x256.png', 'build/icons/512x512.png']) expect(existsSync(path), path).toBe(true);

    const ico = readFileSync('build/icon.ico');
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, 7]);
    const icns = readFileSync('build/icon.icns');
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);

    // A fresh render of the SVG must equal the committed files.
    execFileSync(process.execPath, ['scripts/icons.mjs', '--check'], { stdio: 'pipe' });
  });

  it('packages only the build output (no sources, no maps) and leaves CLI-only dependencies out', () => {
    const files = config.files as string[];
    expect(files).toContain('out/**');
    expect(files).toContain('!out/**/*.map');
    expect(files.filter((pattern) => !pattern.startsWith('!'))).toEqual(['out/**', 'package.json']);
  });
});

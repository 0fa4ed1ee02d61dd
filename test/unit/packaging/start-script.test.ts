// `npm start` on each platform: no npx, no shell (Windows refuses to spawn npx.cmd without
// one), and the steps really run: the plan's build command is executed here with a stand-in
// electron-vite entry.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPlan } from '../../../scripts/start-plan.mjs';

describe('npm start', () => {
  it('builds by running electron-vite with Node itself, and launches the Electron binary directly, on every platform', () => {
    for (const [nodePath, electronBinary, electronVite] of [
      ['C:\\Program Files\\nodejs\\node.exe', 'C:\\q\\node_modules\\electron\\dist\\electron.exe', 'C:\\q\\node_modules\\electron-vite\\bin\\electron-vite.js'],
      ['/usr/bin/node', '/q/node_modules/electron/dist/electron', '/q/node_modules/electron-vite/bin/electron-vite.js'],
    ]) {
      const plan = startPlan({ nodePath: nodePath!, electronVite: electronVite!, electronBinary: electronBinary!, appDir: '/q', args: ['--demo'] });
      expect(plan.build).toEqual({ command: nodePath, args: [electronVite, 'build'], shell: false });
      expect(plan.launch).toEqual({ command: electronBinary, args: ['/q', '--demo'], shell: false });
      for (const step of [plan.build, plan.launch]) expect(step.command).not.toMatch(/npx|\.cmd$/);
    }
  });

  it('the build step runs as planned (a stand-in electron-vite records its arguments)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quotedesk-start-'));
    try {
      const entry = join(folder, 'electron-vite.js');
      await writeFile(entry, "require('node:fs').writeFileSync(process.argv[1] + '.ran', JSON.stringify(process.argv.slice(2)));");
      const plan = startPlan({ nodePath: process.execPath, electronVite: entry, electronBinary: '/nowhere/electron', appDir: folder, args: [] });
      const result = spawnSync(plan.build.command, plan.build.args, { shell: plan.build.shell });
      expect(result.status).toBe(0);
      expect(JSON.parse((await import('node:fs')).readFileSync(`${entry}.ran`, 'utf8'))).toEqual(['build']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

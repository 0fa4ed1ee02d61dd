import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Builds the screenshot harness (not shipped; see screenshot.ts): `npx vite build --config test/renderer/harness/vite.config.ts`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [svelte()],
  build: { outDir: '/tmp/quotedesk-harness', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});

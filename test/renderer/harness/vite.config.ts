import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The harness's pages: the screenshot scenarios (index.html) and the inbox benchmark's two. */
export const HARNESS_PAGES = { index: `${root}index.html`, bench: `${root}bench.html`, static: `${root}static.html` };

// Builds the screenshot harness (not shipped; see screenshot.ts): `npx vite build --config test/renderer/harness/vite.config.ts`.
export default defineConfig({
  root,
  plugins: [svelte()],
  build: { outDir: '/tmp/quotedesk-harness', emptyOutDir: true, target: 'es2022', rollupOptions: { input: HARNESS_PAGES } },
  logLevel: 'warn',
});

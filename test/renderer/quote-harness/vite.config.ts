import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Builds the quote views' screenshot harness (not shipped):
//   npx vite build --config test/renderer/quote-harness/vite.config.ts && npx tsx test/renderer/quote-harness/screenshot.ts
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [svelte()],
  build: { outDir: '/tmp/quotedesk-quote-harness', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});

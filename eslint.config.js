// The import layering of DESIGN.md, enforced per folder. A file's folder says where it
// runs and what it may import; breaking that fails `npm run lint` and so `npm test`.
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const electron = { name: 'electron', message: 'Only main/electron, main/index.ts and preload/index.ts may import electron.' };
const electronStore = { name: 'electron-store', message: 'electron-store imports electron at load: keep it in main/electron.' };
const patterns = {
  electronFolder: { group: ['**/electron/**', '**/main/electron', '../electron', '../../electron'], message: 'main/electron is the Electron adapter layer; core code must not reach it.' },
  web: { group: ['**/web', '**/web/**'], message: 'main/web is a host; core code must not reach it.' },
  simulator: { group: ['**/simulator', '**/simulator/**'], message: 'The simulator is the other side of the wire.' },
  core: { group: ['**/core', '**/core/**'], message: 'The simulator must not share the client\'s code (main/core).' },
  main: { group: ['**/main/**', '../main/**', '../../main/**'], message: 'This runtime may not import main-process code.' },
  node: { group: ['node:*'], message: 'This runtime has no Node.' },
};
const nodeBuiltins = ['fs', 'path', 'http', 'https', 'net', 'crypto', 'os', 'child_process', 'stream', 'url', 'util', 'events', 'buffer', 'worker_threads', 'zlib', 'tls', 'dns']
  .map((name) => ({ name, message: 'This runtime has no Node.' }));

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] }, globals: { ...globals.browser } },
  },
  {
    files: ['preload/contract/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron, electronStore, ...nodeBuiltins],
        patterns: [{ regex: '^(?!zod$|\\./|\\.\\./).*', message: 'preload/contract may import zod only (and itself).' }, patterns.main],
      }],
    },
  },
  {
    // The zod-free part: the renderer and the sandboxed preload load it by value, so it must
    // stay free of every import but its own siblings (not zod, not the rest of the contract).
    files: ['preload/contract/plain/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!\\./[\\w.-]+$).*', message: 'preload/contract/plain may import only other files in plain/.' }],
      }],
    },
  },
  {
    files: ['main/core/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron, electronStore],
        patterns: [patterns.electronFolder, patterns.web, patterns.simulator],
      }],
    },
  },
  {
    files: ['main/simulator/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron, electronStore],
        patterns: [patterns.core, patterns.electronFolder, patterns.web],
      }],
    },
  },
  {
    files: ['main/web/**', 'main/cli.ts', 'main/cli/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron, electronStore],
        patterns: [patterns.electronFolder],
      }],
    },
  },
  {
    files: ['main/electron/**', 'main/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [patterns.web] }] },
  },
  {
    files: ['preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [patterns.main] }] },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron, electronStore, ...nodeBuiltins],
        patterns: [patterns.main, patterns.node],
      }],
    },
  },
  {
    // The renderer may take only types from the contract (a value import would bundle zod
    // schemas and blur which side validates), except from its zod-free part, plain/.
    files: ['renderer/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[importKind!='type'][source.value=/preload\\/contract(?!\\/plain(\\/|$))/]",
        message: 'The renderer may only `import type` from preload/contract, apart from preload/contract/plain.',
      }],
    },
  },
);

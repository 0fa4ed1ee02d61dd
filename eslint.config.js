// The import layering (CONTRIBUTING.md, "Layering"), enforced per folder. A file's folder says
// where it runs and what it may import; breaking that fails `npm run lint` and so `npm test`.
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

// main/core's folders, lowest first: a folder may import the folders before it (and the root's
// errors.ts and ports.ts, which import none), never one after it, so each piece can be read,
// tested and reused without what is built on it. The shared floors come first, then bridge/
// (the transport-neutral kit every feature's bridge face uses), then the feature folders, each
// above the floors and features it builds on; floors.ts and core.ts assemble it all on top.
// A new folder goes into this list (test/unit/layering proves every folder is in it).
export const coreLayers = [
  'data-files', 'log', 'settings-and-secrets', 'links', 'quotes', 'hosting', 'api',
  'bridge', 'events', 'updates', 'views', 'memory', 'accounts', 'database', 'app-info', 'cache',
  'logos', 'sync', 'webhooks', 'notify', 'snooze', 'inbox', 'decisions', 'export', 'insights', 'demo', 'team',
  'cli-endpoint',
];
const coreBase = { paths: [electron, electronStore], patterns: [patterns.electronFolder, patterns.web, patterns.simulator] };
function coreRule(extraPatterns) {
  return { 'no-restricted-imports': ['error', { paths: coreBase.paths, patterns: [...coreBase.patterns, ...extraPatterns] }] };
}
function upwardPattern(folder, depth) {
  const above = coreLayers.slice(coreLayers.indexOf(folder) + 1);
  return {
    regex: `^${'\\.\\./'.repeat(depth)}(?:${above.join('|')})(?:/|$)`,
    message: `main/core/${folder} may not import a folder above it (${above.join(', ')}): move the shared piece down instead (the order is coreLayers in eslint.config.js).`,
  };
}
const coreLayerConfigs = [
  { files: ['main/core/errors.ts', 'main/core/ports.ts'], rules: coreRule([{ regex: `^\\./(?:${coreLayers.join('|')})(?:/|$)`, message: 'main/core/errors.ts and ports.ts sit below every folder of main/core and may import none of them.' }]) },
  ...coreLayers.slice(0, -1).flatMap((folder) => [1, 2, 3].map((depth) => ({
    files: [`main/core/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: coreRule([upwardPattern(folder, depth)]),
  }))),
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'reports/**', 'i18n/paraglide/**'] },
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A feature adds its domain events to the bus's catalog as `interface DomainEvents extends TheirEvents {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
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
    // The shared words (stages, statuses, formats in the person's language): the renderer, main
    // and the CLI all import them, so they read only the compiled messages, the contract's
    // zod-free codes and each other.
    files: ['i18n/words/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!\\.\\./paraglide/|\\.\\./\\.\\./preload/contract/plain/|\\./[\\w.-]+$).*', message: 'i18n/words may import only ../paraglide/**, preload/contract/plain/** and its siblings.' }],
      }],
    },
  },
  { files: ['main/core/**'], rules: coreRule([]) },
  ...coreLayerConfigs,
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
    // State and helpers sit below the components: a component imports them, never the other
    // way round, so state can be built and tested without any component (state lives in
    // classes in src/lib/state, never importing components; docs/renderer.md). A later block replaces
    // the rule's options, so the renderer's own restrictions are repeated here.
    files: ['renderer/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electron, electronStore, ...nodeBuiltins],
        patterns: [patterns.main, patterns.node, { group: ['**/components', '**/components/**'], message: 'renderer/src/lib is below the components: move the shared type or value into renderer/src/lib and let the component import it from there.' }],
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
      }, {
        // A message called once into a constant keeps the language it was called in: call
        // messages in the template, $derived or a function, so a switch in Settings redraws them.
        selector: ":matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > CallExpression.init[callee.object.name='m']",
        message: 'Call messages (m.*) in the template, in $derived or in a function, never once into a constant: it would not follow a language switch.',
      }, {
        selector: "MemberExpression[computed=true][object.name='m']",
        message: 'Name each message (m.some_key) so the catalogue check sees it is used; a table of messages is written { a: m.x, b: m.y }.',
      }],
    },
  },
  {
    files: ['main/**', 'bin/**', 'i18n/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[computed=true][object.name='m']",
        message: 'Name each message (m.some_key) so the catalogue check sees it is used; a table of messages is written { a: m.x, b: m.y }.',
      }],
    },
  },
);

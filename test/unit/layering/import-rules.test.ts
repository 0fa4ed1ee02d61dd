import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layering (CONTRIBUTING.md) is only real if `npm test` fails when a file breaks it.
// These cases lint snippets as if they sat in each folder, through the project's own config.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('import layering', () => {
  it('keeps every real file of preload/contract/plain free of imports from outside it', async () => {
    const results = await eslint.lintFiles(['preload/contract/plain/**/*.ts']);
    expect(results.length).toBeGreaterThan(3);
    const broken = results.flatMap((result) => result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${result.filePath}: ${m.message}`));
    expect(broken).toEqual([]);
  });

  const refused: [string, string, RegExp][] = [
    ['main/core/example.ts', "import { app } from 'electron';\nexport const x = app;", /electron/],
    ['main/core/example.ts', "import Store from 'electron-store';\nexport const x = Store;", /electron-store/],
    ['main/core/example.ts', "import { startSimulator } from '../simulator';\nexport const x = startSimulator;", /simulator/],
    ['main/core/example.ts', "import { h } from '../web/server';\nexport const x = h;", /host/],
    ['main/simulator/example.ts', "import { c } from '../core/api';\nexport const x = c;", /must not share the client/],
    ['main/web/example.ts', "import { shell } from 'electron';\nexport const x = shell;", /electron/],
    ['preload/contract/example.ts', "import { request } from 'undici';\nexport const x = request;", /zod only/],
    ['preload/contract/example.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;", /zod only|no Node/],
    ['renderer/src/example.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;", /no Node/],
    ['renderer/src/example.ts', "import { methods } from '../../preload/contract';\nexport const x = methods;", /import type/],
    ['renderer/src/example.ts', "import { c } from '../../main/core/app';\nexport const x = c;", /main-process/],
    ['preload/index.ts', "import { c } from '../main/core/app';\nexport const x = c;", /main-process/],
    // plain/ is loaded by value where zod cannot go: it may import only its siblings.
    ['preload/contract/plain/example.ts', "import { z } from 'zod';\nexport const x = z;", /only other files in plain/],
    ['preload/contract/plain/example.ts', "import { methods } from '../bridge/contract';\nexport const x = methods;", /only other files in plain/],
    ['preload/contract/plain/example.ts', "import type { AppInfo } from '../bridge/app';\nexport type T = AppInfo;", /only other files in plain/],
    ['preload/contract/plain/example.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;", /only other files in plain/],
    ['renderer/src/example.ts', "import { QuoteStatus } from '../../preload/contract/service/quote';\nexport const x = QuoteStatus;", /import type/],
    ['renderer/src/example.ts', "import { methods } from '../../preload/contract/bridge/contract';\nexport const x = methods;", /import type/],
    ['renderer/src/example.ts', "import { x as y } from '../../preload/contract/plainly';\nexport const x = y;", /import type/],
    // The shared words read the compiled messages and plain/ only: every runtime imports them.
    ['i18n/words/example.ts', "import { z } from 'zod';\nexport const x = z;", /i18n\/words may import/],
    ['i18n/words/example.ts', "import { c } from '../../main/core/app';\nexport const x = c;", /i18n\/words may import/],
    ['i18n/words/example.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;", /i18n\/words may import/],
    // State and helpers sit below the components (a type import too: it ties the layers as much).
    ['renderer/src/lib/state/example.svelte.ts', "import type { Props } from '../../components/sidebar';\nexport type T = Props;", /below the components/],
    ['renderer/src/lib/example.ts', "import { Icon } from '../components/icon/icon.svelte';\nexport const x = Icon;", /below the components/],
    ['renderer/src/lib/state/example.svelte.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;", /no Node/],
  ];

  it.each(refused)('refuses a forbidden import in %s', async (file, code, why) => {
    const messages = await restrictedMessages(file, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toMatch(why);
  });

  const allowed: [string, string][] = [
    ['main/core/example.ts', "import { z } from 'zod';\nimport { readFile } from 'node:fs';\nimport type { AppInfo } from '../../preload/contract';\nexport const x = [z, readFile];\nexport type T = AppInfo;"],
    ['main/simulator/example.ts', "import { QuoteDetails } from '../../preload/contract';\nexport const x = QuoteDetails;"],
    ['main/electron/example.ts', "import { app } from 'electron';\nimport { c } from '../core/app';\nexport const x = [app, c];"],
    ['preload/contract/example.ts', "import { z } from 'zod';\nimport { Money } from './service/primitives';\nexport const x = [z, Money];"],
    ['renderer/src/example.ts', "import type { AppInfo } from '../../preload/contract';\nexport type T = AppInfo;"],
    ['renderer/src/example.ts', "import { METHOD_NAMES } from '../../preload/contract/plain/names';\nexport const x = METHOD_NAMES;"],
    ['renderer/src/example.ts', "import { QUOTE_STATUSES } from '../../preload/contract/plain';\nexport const x = QUOTE_STATUSES;"],
    ['i18n/words/example.ts', "import { m } from '../paraglide/messages.js';\nimport { stageOf } from '../../preload/contract/plain/stages';\nimport { stageWords } from './stages';\nexport const x = [m, stageOf, stageWords];"],
    ['renderer/src/components/example/example.svelte.ts', "import { SEARCH_INPUT_ID } from '../../lib/dom-anchors';\nexport const x = SEARCH_INPUT_ID;"],
    ['renderer/src/lib/state/example.svelte.ts', "import { SEARCH_INPUT_ID } from '../dom-anchors';\nexport const x = SEARCH_INPUT_ID;"],
    ['preload/contract/plain/example.ts', "import { METHOD_NAMES } from './names';\nimport type { QuoteStatus } from './statuses';\nexport const x = METHOD_NAMES;\nexport type T = QuoteStatus;"],
    ['preload/index.ts', "import { buildApi } from './contract/plain/api-builder';\nexport const x = buildApi;"],
  ];

  it.each(allowed)('allows the permitted imports of %s', async (file, code) => {
    expect(await restrictedMessages(file, code)).toEqual([]);
  });
});

// main/core's folders are ordered (coreLayers in eslint.config.js): nothing imports upward.
describe('the order of main/core\'s folders', () => {
  const importOf = (from: string) => `import { x } from '${from}';\nexport const y = x;`;

  const refused: [string, string][] = [
    ['main/core/api/example.ts', '../accounts'],
    ['main/core/events/example.ts', '../sync/engine'],
    ['main/core/database/example.ts', '../cache'],
    ['main/core/sync/example.ts', '../webhooks/receiver'],
    ['main/core/notify/example.ts', '../inbox'],
    // the transport-neutral kit sits below every feature
    ['main/core/bridge/example.ts', '../sync/bridge'],
    ['main/core/bridge/feature.ts', '../accounts/feature'],
    ['main/core/data-files/example.ts', '../log'],
    // one folder deeper, '../../' is the way up
    ['main/core/cache/inbox/example.ts', '../../sync'],
    ['main/core/webhooks/tunnels/example.ts', '../../notify/pipeline'],
    ['main/core/errors.ts', './accounts/types'],
    ['main/core/ports.ts', './log'],
    // the bus's catalog names no feature: each feature extends it from its own events.ts
    ['main/core/events/catalog.ts', '../cache/events'],
    ['main/core/events/catalog.ts', '../webhooks/events'],
    // the client's authentication lives inside api/ and reaches nothing above it
    ['main/core/api/auth/authenticator.ts', '../../accounts'],
    ['main/core/notify/pipeline.ts', '../inbox/selection'],
    // a feature reaches only what it stands on: never a feature above it
    ['main/core/sync/feature.ts', '../webhooks/feature'],
    ['main/core/webhooks/relay/example.ts', '../../notify'],
  ];
  it.each(refused)('refuses %s importing %s', async (file, from) => {
    const messages = await restrictedMessages(file, importOf(from));
    expect(messages.join('\n')).toMatch(/may not import a folder above it|may import none of them/);
  });

  it('knows every folder of main/core: the lowest one may import none of the others', async () => {
    const folders = readdirSync('main/core', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(15);
    const unrefused: string[] = [];
    for (const folder of folders.filter((name) => name !== 'data-files')) {
      if ((await restrictedMessages('main/core/data-files/example.ts', importOf(`../${folder}`))).length === 0) unrefused.push(folder);
    }
    expect(unrefused).toEqual([]);
  });

  const allowed: [string, string][] = [
    ['main/core/cache/example.ts', '../database'],
    ['main/core/inbox/example.ts', '../notify/unread'],
    ['main/core/accounts/bridge.ts', '../bridge/feature'],
    ['main/core/sync/example.ts', '../errors'],
    ['main/core/accounts/example.ts', '../ports'],
    // inside a sub-folder, '../' is still its own folder
    ['main/core/cache/inbox/example.ts', '../events'],
    ['main/core/core.ts', './webhooks/feature'],
    ['main/core/floors.ts', './sync'],
    ['main/core/demo/feature.ts', '../webhooks'],
    ['main/core/webhooks/relay/bridge.ts', '../webhooks'],
    ['main/core/api/auth/authenticator.ts', '../errors'],
    ['main/core/cache/events.ts', '../events/catalog'],
  ];
  it.each(allowed)('allows %s importing %s', async (file, from) => {
    expect(await restrictedMessages(file, importOf(from))).toEqual([]);
  });
});

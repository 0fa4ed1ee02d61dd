// Runs electronegativity's scan the way its CLI does, but through its runner's programmatic
// form, which returns the files it could not parse. Its CLI swallows those (it exits 0 and
// prints nothing), so a bundle in syntax its parser cannot read (once: `#private` members in
// the main bundle) went unchecked, and showed up only as a false whole-app finding.
//   node --import scripts/electronegativity-offline.mjs scripts/electronegativity-runner.mjs INPUT REPORT_CSV ERRORS_JSON ELECTRON_VERSION
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [input, report, errorsFile, electronVersion] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity/dist/runner.js');

const result = await run(
  { input, output: report, isSarif: false, isRelative: true, isVerbose: false, electronVersionOverride: electronVersion, parserPlugins: [] },
  false,
);
writeFileSync(errorsFile, JSON.stringify(result.errors));

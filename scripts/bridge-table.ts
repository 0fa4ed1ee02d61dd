// `npx tsx scripts/bridge-table.ts --write`: writes the table of every bridge method and event
// (from preload/contract and the code answering them) into docs/architecture.md, between its
// markers. Without --write it only checks: exit code 1 and the differences when the page's
// table is not the contract's. test/unit/docs/bridge-table.test.ts runs the same check.
import { readFileSync, writeFileSync } from 'node:fs';
import { BridgeTableError } from './bridge-table/code-facts';
import { DOC, RUN, differences, makeBridgeTable, tableIn, withTable } from './bridge-table/table';

function main(): number {
  const page = readFileSync(DOC, 'utf8');
  const made = makeBridgeTable();
  if (process.argv.includes('--write')) {
    const written = withTable(page, made);
    if (written !== page) writeFileSync(DOC, written);
    console.log(written === page ? `${DOC}: the bridge table was already up to date` : `${DOC}: bridge table written`);
    return 0;
  }
  const found = differences(tableIn(page), made);
  if (found.length === 0) {
    console.log(`${DOC}: the bridge table matches the contract`);
    return 0;
  }
  console.error(`${DOC}: the bridge table does not match the contract:\n  ${found.join('\n  ')}\nRun \`${RUN}\`.`);
  return 1;
}

try {
  process.exitCode = main();
} catch (error) {
  if (!(error instanceof BridgeTableError)) throw error;
  console.error(`bridge table: ${error.message}`);
  process.exitCode = 1;
}

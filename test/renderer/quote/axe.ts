import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe over what is rendered, failing on serious or critical violations. Colour contrast needs
 * real layout and is left to the browser tests; everything about roles, names, labels and
 * structure is checked here.
 */
export async function expectNoSeriousViolations(root: Element = document.body): Promise<void> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

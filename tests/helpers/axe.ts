/** Accessibility check of rendered markup with axe-core, for jsdom tests. */
import axe from 'axe-core';
import { expect } from 'vitest';

const rules: axe.RuleObject = {
  // Needs real layout and painted colours, which jsdom does not have (contrast is checked
  // in the browser by Storybook's a11y addon and the e2e tests).
  'color-contrast': { enabled: false },
};

export async function expectNoAxeViolations(container: axe.ElementContext): Promise<void> {
  const results = await axe.run(container, { rules });
  const report = results.violations
    .map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`)
    .join('\n');
  expect(results.violations, report).toEqual([]);
}

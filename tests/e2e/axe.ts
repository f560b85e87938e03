/**
 * axe-core on the Estúdio's screens and the site's pages, cheaper than AxeBuilder's `analyze()` for
 * the same check.
 * AxeBuilder opens a blank page per call to merge the frames' results into and injects axe there
 * too: 1.3 s of CPU a call on the editor, against 0.5 s for axe run in the page alone (decision
 * 0044, session 23). The same axe-core (AxeBuilder's), the same rules, the same document:
 *
 * - `axeOutsideFrames`: what `new AxeBuilder({ page }).exclude('iframe')` checks (the preview
 *   frames are the site's pages, with their own axe tests);
 * - `axeWholePage`: what `new AxeBuilder({ page })` checks, frames and all; through AxeBuilder
 *   itself when the page has a frame.
 *
 * Run in the page, the results hold the violations only (every spec reads those alone): axe's
 * `resultTypes: ['violations']` keeps it from collecting every passing element, about 0.2–0.3 s
 * of CPU less a call on a long page of the site (0.5–0.65 s against 0.3 s), with the same rules
 * run on the same elements and the same violations found.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';
import type { AxeResults } from 'axe-core';

/**
 * The axe-core AxeBuilder itself injects: its own dependency, which may be another version than
 * the project's `axe-core` (4.13.0 against 4.14.1, whose rules differ).
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string })
  .source;

export interface AxeOptions {
  /** Only this part of the document (a CSS selector), as AxeBuilder's `include`. */
  include?: string;
  /** Rules turned off, as AxeBuilder's `disableRules`. */
  disableRules?: string[];
  /** Only the rules with these tags, as AxeBuilder's `withTags`. */
  tags?: string[];
}

/** The tags the site's pages are checked against (WCAG 2.1 A and AA, and axe's best practices). */
export const SITE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

/** Each violation as "rule: its elements", the form the specs compare with []. */
export function violationList(results: AxeResults): string[] {
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe's results for the page's document, every `<iframe>` and what it shows left out. */
export function axeOutsideFrames(page: Page, options: AxeOptions = {}): Promise<AxeResults> {
  return runInPage(page, options, true);
}

/** axe's results for the page, its frames included (AxeBuilder's when it has any). */
export async function axeWholePage(page: Page, options: AxeOptions = {}): Promise<AxeResults> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page });
    if (options.include) builder = builder.include(options.include);
    if (options.disableRules) builder = builder.disableRules(options.disableRules);
    if (options.tags) builder = builder.withTags(options.tags);
    return builder.analyze();
  }
  return runInPage(page, options, false);
}

async function runInPage(page: Page, options: AxeOptions, noFrames: boolean): Promise<AxeResults> {
  // Once per document: a second check of the same screen reuses what the first injected.
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')))
    await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, disableRules, tags, noFrames }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      const exclude = noFrames ? [['iframe']] : [];
      const results = await run(include ? { include: [[include]], exclude } : { exclude }, {
        iframes: !noFrames,
        rules: Object.fromEntries(disableRules.map((rule) => [rule, { enabled: false }])),
        ...(tags ? { runOnly: { type: 'tag' as const, values: tags } } : {}),
        // Every rule still runs on every element; only the violations' elements are collected
        // (the passes' would be 200–450 KB to send back on a long page).
        resultTypes: ['violations'],
      });
      return { ...results, passes: [], incomplete: [], inapplicable: [] };
    },
    { include: options.include, disableRules: options.disableRules ?? [], tags: options.tags, noFrames },
  );
}

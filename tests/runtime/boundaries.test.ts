/**
 * The import boundaries of the runtime (eslint.config.js, decision 0016) bite: each case lints
 * one import as if it were written in that file, and expects the rule to refuse it or let it be.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Only the rule under test runs: the files are still parsed with the project's configuration (its
// parser, its file blocks and their ignores), but the other rules are `npm run lint`'s job and
// linting the whole repository with all of them tripled this file's time (decision 0039).
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, '../..'),
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused: [file: string, specifier: string, why: RegExp][] = [
  ['blocks/hero/hero.tsx', '../../runtime/render/page-context.tsx', /block-api\.ts/],
  ['blocks/hero/hero.tsx', '../../runtime/load/index.ts', /block-api\.ts/],
  ['design/cta-link.tsx', '../runtime/client/session-flags.ts', /block-api\.ts/],
  ['blocks/hero/hero.behavior.ts', '../../runtime/block-api.ts', /without React/],
  ['blocks/hero/hero.behavior.ts', 'react', /without React/],
  ['blocks/hero/hero.behavior.ts', '../../runtime/client/focus.ts', /behavior-api\.ts/],
  ['runtime/client/islands.ts', '../build/index.ts', /client\/ runs in the visitor/],
  ['runtime/client/islands.ts', '../dev/vite-plugin.ts', /client\/ runs in the visitor/],
  ['runtime/load/project.ts', '../render/index.ts', /import arrows run one way/],
  ['runtime/render/render-page.tsx', '../build/index.ts', /import arrows run one way/],
  ['runtime/render/render-page.tsx', '../load/project.ts', /public entry/],
  ['runtime/build/prerender.ts', '../dev/index.ts', /import arrows run one way/],
  ['runtime/dev/dev-render.ts', '../render/render-page.tsx', /public entry/],
  ['runtime/cli.ts', './build/prerender.ts', /public entry/],
  ['scripts/bench.ts', '../runtime/load/project.ts', /public entry/],
  ['.storybook/page-data.ts', '../runtime/render/render-page.tsx', /public entry/],
];

const allowed: [file: string, specifier: string][] = [
  ['blocks/hero/hero.tsx', '../../runtime/block-api.ts'],
  ['design/cta-link.tsx', '../runtime/block-api.ts'],
  ['blocks/hero/hero.behavior.ts', '../../runtime/behavior-api.ts'],
  ['runtime/client/hydrate.tsx', '../block-api.ts'],
  ['runtime/render/render-page.tsx', '../load/index.ts'],
  ['runtime/render/render-page.tsx', './document.ts'],
  ['runtime/dev/vite-plugin.ts', '../build/index.ts'],
  ['runtime/cli.ts', './build/index.ts'],
  ['scripts/bench.ts', '../runtime/build/index.ts'],
  ['.storybook/project.ts', '../runtime/load/browser.ts'],
  ['tests/runtime/routes.test.ts', '../../runtime/load/routes.ts'],
];

describe('import boundaries', () => {
  it.each(refused)('%s may not import %s', async (file, specifier, why) => {
    const messages = await restrictedImports(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(why);
  });

  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([]);
  });

  it('the repository itself keeps them', async () => {
    const results = await eslint.lintFiles([
      'runtime',
      'blocks',
      'design',
      'scripts',
      'schema',
      '.storybook',
    ]);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-imports')
        .map((m) => `${path.relative(process.cwd(), r.filePath)}:${m.line} ${m.message}`),
    );
    expect(broken).toEqual([]);
  });
});

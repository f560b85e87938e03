/**
 * The Estúdio's import boundaries (eslint.config.js, decision 0043) bite: each case lints one
 * import as if it were written in that file, and expects the rule to refuse it or let it be.
 * `npm run lint` checks that the repository itself keeps them.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function restrictedImports(filePath: string, specifier: string, typeOnly = false): Promise<string[]> {
  const code = `import ${typeOnly ? 'type ' : ''}{ x } from '${specifier}';\nexport const y: typeof x | undefined = undefined;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const EDITOR = 'studio/app/screens/editor/editor-screen.tsx';

const refused: [file: string, specifier: string, why: RegExp, typeOnly?: boolean][] = [
  // A screen reaches another only through its entry.
  [EDITOR, '../publicar/merge-view.tsx', /entered through its index\.ts/],
  ['studio/app/screens/editor/form/block-form.tsx', '../../historico/history-screen.tsx', /index\.ts/],
  ['studio/app/screens/paginas/pages-screen.tsx', '../experimentos/charts.tsx', /index\.ts/, true],
  ['studio/app/screens/paginas/pages-screen.tsx', '../../app.tsx', /the app’s shell/],
  ['studio/app/app.tsx', './screens/editor/editor-screen.tsx', /screens\/<screen>\/index\.ts/],
  // shared/ is below the screens.
  ['studio/app/shared/ui.tsx', '../screens/editor/index.ts', /imports no screen/],
  ['studio/app/shared/preview-frame.tsx', '../screens/editor/inline-edits.ts', /imports no screen/],
  // The frame's code is its own bundle, and the app takes only its protocol from it.
  ['studio/app/preview/agent.ts', '../shared/ui.tsx', /inside the preview frame/],
  ['studio/app/preview/inline-edit.ts', '../screens/editor/inline-edits.ts', /inside the preview frame/],
  ['studio/app/screens/editor/image-dialog.tsx', '../../preview/inline-edit.ts', /message types/],
  // App and server meet in studio/*.ts only.
  [EDITOR, '../../../server/inherited.ts', /studio\/api\.ts/, true],
  ['studio/app/shared/api-client.ts', '../../server/api.ts', /studio\/api\.ts/],
  ['studio/server/api.ts', '../app/shared/ui.tsx', /does not import the browser app/],
  [
    'studio/server/publish/check.ts',
    '../../app/screens/publicar/index.ts',
    /does not import the browser app/,
  ],
  ['studio/yaml-edits.ts', './app/shared/ui.tsx', /imports neither/],
  // The runtime's stages stay behind their entries from every Estúdio folder.
  [EDITOR, '../../../../runtime/dev/render-parts.ts', /public entry/],
  ['studio/app/shared/ui.tsx', '../../../runtime/load/project.ts', /public entry/],
  ['studio/server/pages.ts', '../../runtime/build/prerender.ts', /public entry/],
];

const allowed: [file: string, specifier: string, typeOnly?: boolean][] = [
  [EDITOR, '../publicar/index.ts'],
  [EDITOR, './form/block-form.tsx'],
  [EDITOR, '../../shared/preview-frame.tsx'],
  [EDITOR, '../../../yaml-paths.ts'],
  [EDITOR, '../../../api.ts', true],
  [EDITOR, '../../../../runtime/dev/browser.ts'],
  ['studio/app/screens/editor/form/block-form.tsx', '../../../shared/ui.tsx'],
  ['studio/app/app.tsx', './screens/historico/index.ts'],
  ['studio/app/vite-config.ts', './screens/editor/yaml-language/vite-shims.ts'],
  ['studio/app/shared/preview-frame.tsx', '../preview/states.ts'],
  ['studio/app/screens/editor/inline-edits.ts', '../../preview/inline-edit.ts', true],
  ['studio/app/preview/agent.ts', './inline-edit.ts'],
  ['studio/server/server.ts', '../app/vite-config.ts'],
  ['studio/server/api.ts', '../yaml-edits.ts'],
  // Files from disk: one module for the Estúdio's server and npm run preview (runtime/dev/).
  ['studio/server/public-files.ts', '../../runtime/file-response.ts'],
  ['runtime/dev/static-server.ts', '../file-response.ts'],
  ['tests/studio/structure.test.ts', '../../studio/app/screens/editor/structure-plan.ts'],
];

describe('the Estúdio’s import boundaries', () => {
  it.each(refused)('%s may not import %s', async (file, specifier, why, typeOnly) => {
    const messages = await restrictedImports(file, specifier, typeOnly);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(why);
  });

  it.each(allowed)('%s may import %s', async (file, specifier, typeOnly) => {
    expect(await restrictedImports(file, specifier, typeOnly)).toEqual([]);
  });
});

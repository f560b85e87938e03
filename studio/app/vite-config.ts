/**
 * The Vite settings of the Estúdio's browser app, shared by the server (which serves the app
 * through Vite in middleware mode) and the app's build checks.
 */
import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';
import { yamlLanguageServerShims } from './editor/vite-shims.ts';

/**
 * yaml-language-server's package entry is its CommonJS build for Node; the browser gets the ESM
 * build that sits beside it (lib/esm), as a bare id so that the dev server's pre-bundled copy of
 * it is found. Node (the tests) still gets the CommonJS build: this alias lives only here.
 */
const LANGUAGE_SERVER_ESM = 'yaml-language-server/lib/esm/index.js';

export function appViteConfig(): Pick<InlineConfig, 'plugins' | 'resolve' | 'worker' | 'optimizeDeps'> {
  return {
    plugins: [react({ jsxImportSource: '@emotion/react' }), yamlLanguageServerShims()],
    resolve: {
      alias: [{ find: /^yaml-language-server$/, replacement: LANGUAGE_SERVER_ESM }],
    },
    worker: {
      // The YAML worker is a module worker (editor/schema-language.ts); `vite build` bundles it
      // with its own plugin list, so the stand-ins are repeated here.
      format: 'es',
      plugins: () => [yamlLanguageServerShims()],
    },
    optimizeDeps: {
      // The dependency scan starts from the app's HTML and does not follow `new Worker(new URL(…))`,
      // so the worker's packages are listed: found later, they would re-run the optimizer and
      // reload the page. The language service is pre-bundled into one file (a few hundred modules
      // otherwise), with the stand-ins applied inside that bundle.
      include: [LANGUAGE_SERVER_ESM, 'vscode-languageserver-textdocument'],
      rolldownOptions: { plugins: [yamlLanguageServerShims()] },
    },
  };
}

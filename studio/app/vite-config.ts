/**
 * The Vite settings of the Estúdio's browser app, shared by the server (which serves the app
 * through Vite in middleware mode), the hosted Estúdio's production build and the app's build
 * checks.
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';
import { APP_ASSETS_DIR, APP_HTML, CSP_NONCE_PLACEHOLDER } from '../app-build.ts';
import { yamlLanguageServerShims } from './screens/editor/yaml-language/vite-shims.ts';

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
      // The YAML worker is a module worker (screens/editor/yaml-language/schema-language.ts); `vite build`
      // bundles it with its own plugin list, so the stand-ins are repeated here.
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

// The names the server shares, kept in a module without Vite (the server imports this one only
// when it runs Vite).
export { APP_ASSETS_DIR, APP_HTML, CSP_NONCE_PLACEHOLDER } from '../app-build.ts';

/**
 * The production build of the app for the hosted Estúdio (studio/server/hosted/app.ts): no dev
 * server, no inline script, every file under /app/ with a content hash in its name. Run it with
 * NODE_ENV=production (the hosted server does, in a child process), or React's development build
 * and the JSX dev runtime come along.
 */
export function appBuildConfig(root: string, outDir: string): InlineConfig {
  return {
    ...appViteConfig(),
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    // The site's public files are served by the Estúdio itself (public-files.ts), not copied.
    publicDir: false,
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: APP_ASSETS_DIR,
      // Each screen is a chunk of its own (its index.ts: React.lazy; decision 0052), none above
      // Vite's 500 KB warning: one that grows past it is worth the warning.
      rolldownOptions: { input: path.join(root, APP_HTML) },
    },
  };
}

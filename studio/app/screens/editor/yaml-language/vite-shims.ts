/**
 * Browser stand-ins for yaml-language-server's Node-only dependencies, as monaco-yaml's build does
 * it. Only imports made from inside yaml-language-server are redirected: the Estúdio's own code
 * keeps the real packages (the runtime's browser entry validates pages with the real Ajv).
 *
 * The same plugin serves three pipelines (vite-config.ts): the dev server's pre-bundling of the
 * language service (Rolldown), the dev server itself, and the worker bundle of `vite build`.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const shim = (file: string): string => fileURLToPath(new URL(`./shims/${file}`, import.meta.url));

const SHIMS: Readonly<Record<string, string>> = {
  ajv: shim('ajv.ts'),
  'ajv/dist/2019': shim('ajv-2019.ts'),
  'ajv/dist/2020': shim('ajv-2020.ts'),
  'ajv-draft-04': shim('ajv-draft-04.ts'),
  'ajv-i18n': shim('ajv-i18n.ts'),
  'prettier/standalone': shim('prettier.ts'),
  'prettier/plugins/yaml': shim('prettier.ts'),
  'prettier/plugins/estree': shim('prettier.ts'),
  'vscode-languageserver': shim('vscode-languageserver.ts'),
  'vscode-languageserver-protocol': shim('vscode-languageserver.ts'),
};

const IN_LANGUAGE_SERVER = /[\\/]node_modules[\\/]yaml-language-server[\\/]/;

export function yamlLanguageServerShims(): Plugin {
  return {
    name: 'estudio:yaml-language-server-shims',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !IN_LANGUAGE_SERVER.test(importer)) return null;
      if (source === 'path') return this.resolve('path-browserify', importer, { skipSelf: true });
      return SHIMS[source] ?? null;
    },
  };
}

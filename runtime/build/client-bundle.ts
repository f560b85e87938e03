/**
 * The Vite plugins that bundle what runs in the browser, for the build and the dev server alike:
 * React with emotion's JSX, and two lazy-import tables generated from the block folders:
 * - `virtual:fillgas/islands`: one lazy import per interactive block type (one chunk each);
 * - `virtual:fillgas/behaviors`: one lazy import per block behaviour (blocks/<type>/<type>.behavior.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginOption } from 'vite';

/** The two lazy-import tables: which file each block type contributes, and the export's name. */
const VIRTUAL_MODULES = {
  'virtual:fillgas/islands': { exportName: 'islands', suffix: 'tsx' },
  'virtual:fillgas/behaviors': { exportName: 'behaviors', suffix: 'behavior.ts' },
} as const;
type VirtualId = keyof typeof VIRTUAL_MODULES;

export interface ClientBundleOptions {
  /** Island types to bundle (the build passes the ones pages use); default: every block folder. */
  islandTypes?: string[];
  /** Block behaviours to bundle (the build passes the ones pages use); default: every behaviour file. */
  behaviorTypes?: string[];
}

/**
 * The block API's two modules (runtime/block-api.ts, runtime/behavior-api.ts) only re-export.
 * Declared free of side effects, they vanish from the bundle: a chunk binds straight to the
 * helpers it uses, so importing them through the façade costs no byte and pulls in no module
 * (React stays out of the behaviours' chunks).
 */
export const sideEffectFree = (id: string): boolean => /[\\/]runtime[\\/](block|behavior)-api\.ts$/.test(id);

export function clientPlugins(options: ClientBundleOptions = {}): PluginOption[] {
  // The React plugin (and Vite with it) loaded when Vite asks for the plugins, not when the build
  // stage is imported: a build whose client bundle is kept loads neither (client-cache.ts).
  const react = import('@vitejs/plugin-react').then((m) => m.default({ jsxImportSource: '@emotion/react' }));
  return [react, blockTables(options)];
}

function blockTables(options: ClientBundleOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'fillgas',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return Object.hasOwn(VIRTUAL_MODULES, id) ? '\0' + id : undefined;
    },
    load(id) {
      const virtualId = id.slice(1) as VirtualId;
      if (!id.startsWith('\0') || !Object.hasOwn(VIRTUAL_MODULES, virtualId)) return undefined;
      const { exportName, suffix } = VIRTUAL_MODULES[virtualId];
      // The build passes the types its pages use; dev and tests get every block folder.
      const types =
        (exportName === 'islands' ? options.islandTypes : options.behaviorTypes) ??
        blockFolders(root, suffix);
      const entries = types.map(
        (t) => `  ${JSON.stringify(t)}: () => import(${JSON.stringify(`/blocks/${t}/${t}.${suffix}`)}),`,
      );
      return `export const ${exportName} = {\n${entries.join('\n')}\n};\n`;
    },
  };
}

/** Block folders that have a blocks/<type>/<type>.<suffix> file. */
function blockFolders(root: string, suffix = 'tsx'): string[] {
  const dir = path.join(root, 'blocks');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, `${d.name}.${suffix}`)))
    .map((d) => d.name);
}

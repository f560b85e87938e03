/**
 * A command of the project run in a child process (the site's build that checks every publish,
 * tests' CLI runs and Estúdios) from one bundled file instead of through tsx (issue 40.3,
 * decision 0039). tsx resolves and transpiles each of the ~300 modules of a command in Node's
 * loader thread at every start: a build of a small site took 1.8 s of CPU through tsx and 0.95 s
 * from the bundle, `check` 1.55 s and 0.72 s. The bundle is the same sources transpiled by the
 * same esbuild that tsx uses (tsx's own dependency), the packages left as imports, and it is kept
 * by a fingerprint of its sources (build-cache.ts): a changed file makes a new bundle at the next
 * start. Each module's `import.meta.url`/`dirname`/`filename` is its own source file's, as under
 * tsx, so paths the code finds from its own place are unchanged. When no bundle can be made,
 * the command runs through tsx as before.
 *
 * The CLI's bundle also takes in the packages it imports (yaml, ajv, React, React DOM's server,
 * Emotion, TypeBox…), but for those Node must load from their own folder (PACKAGES_LEFT_TO_NODE):
 * a check build then reads a few files instead of ~450 and resolves no package path (0.73 →
 * 0.52 s of CPU for the five-page site; decision 0039, session 25). React and React DOM are both
 * in it, so every module that renders uses the same React. The Estúdio's bundle leaves its
 * packages to Node.
 */
import { createHash } from 'node:crypto';
import { builtinModules, createRequire } from 'node:module';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { cachedBuild } from './build-cache.ts';

/** The entries that may be bundled, with the folders (relative to the root) their modules come from. */
export const BUNDLED_ENTRIES = {
  'runtime/cli.ts': ['runtime/', 'blocks/', 'design/', 'schema/'],
  'studio/server/main.ts': ['studio/', 'runtime/', 'blocks/', 'design/', 'schema/', 'scripts/chromium.ts'],
} as const;

export type BundledEntry = keyof typeof BUNDLED_ENTRIES;

/** The entries whose bundle takes in the packages they import (all but PACKAGES_LEFT_TO_NODE). */
const WITH_PACKAGES: ReadonlySet<BundledEntry> = new Set(['runtime/cli.ts']);

/**
 * Packages a bundle with packages still imports from node_modules: native parts (sharp), or
 * loaded only when the page script is built again and made to run from their own folder (Vite,
 * its React plugin and the bundlers under it). None of them imports React.
 */
export const PACKAGES_LEFT_TO_NODE = [
  'vite',
  '@vitejs/plugin-react',
  'esbuild',
  'lightningcss',
  'rolldown',
  'sharp',
];

const require = createRequire(import.meta.url);
/** tsx's loader by address, for the fallback: found from here whatever folder the command runs in. */
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

/** The esbuild tsx transpiles with: the same version, so the same output. */
function esbuild(): typeof Esbuild {
  return createRequire(require.resolve('tsx'))('esbuild') as typeof Esbuild;
}

const SOURCE = /\.[cm]?[jt]sx?$/;
const LOADERS: Record<string, Esbuild.Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx' };

/**
 * What the plugin below replaces. A pattern, never the plain words: this file is bundled by this
 * same plugin (the Estúdio's own bundle), and words to search for written out here would be
 * replaced in it too, so the Estúdio's bundle would then make bundles that keep the bundle's own
 * `import.meta` (a CLI bundle made by the bundled Estúdio wrote its validators' cache under the
 * bundle's folder).
 */
const OWN_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * `import.meta.url`, `.dirname` and `.filename` of each project module replaced by its source
 * file's, as they are when tsx runs it (one bundle has one `import.meta`, the bundle's).
 */
function ownImportMeta(root: string): Esbuild.Plugin {
  const inProject = (file: string) =>
    file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
  return {
    name: 'own-import-meta',
    setup(build) {
      build.onLoad({ filter: SOURCE }, async (args) => {
        if (!inProject(args.path)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        const own = {
          url: pathToFileURL(args.path).href,
          dirname: path.dirname(args.path),
          filename: args.path,
        };
        const contents = text.replace(OWN_META, (_, key: keyof typeof own) => JSON.stringify(own[key]));
        return { contents, loader: LOADERS[path.extname(args.path)] ?? 'js' };
      });
    },
  };
}

/** Bundles `entry` into `<outDir>/entry.mjs` (and its chunks); refuses a module from outside the entry's folders. */
async function bundle(root: string, entry: BundledEntry, outDir: string): Promise<void> {
  const result = await esbuild().build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    outdir: outDir,
    entryNames: 'entry',
    outExtension: { '.js': '.mjs' },
    // A module the sources import only when needed (`await import(…)`) stays a chunk of its own,
    // loaded as late as under tsx (scripts/chromium.ts and its browser driver, for instance).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    ...(WITH_PACKAGES.has(entry)
      ? {
          external: PACKAGES_LEFT_TO_NODE,
          // Each package's files as Node picks them (esbuild would also take `module` builds).
          conditions: [],
          mainFields: ['main'],
          // The packages' CommonJS `require` of Node's own modules, in an ES module: a require of
          // the project (one bundle per checkout), not of the bundle's folder.
          banner: {
            js: `import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(${JSON.stringify(path.join(root, 'package.json'))});`,
          },
        }
      : { packages: 'external' as const }),
    tsconfig: path.join(root, 'tsconfig.json'),
    metafile: true,
    // What the entry runs is this snapshot: main.ts then loads the runtime from it (runtime.ts).
    define: { ESTUDIO_KEPT_BUNDLE: 'true' },
    logLevel: 'silent',
    plugins: [ownImportMeta(root)],
  });
  const folders: readonly string[] = BUNDLED_ENTRIES[entry];
  const outside = Object.keys(result.metafile.inputs).filter(
    (input) =>
      // A package (node_modules may be a link to another checkout's: the path then leaves the root).
      !/(^|\/)node_modules\//.test(input) && !folders.some((f) => input === f || input.startsWith(f)),
  );
  if (outside.length)
    throw new Error(`${entry} importa ${outside.join(', ')}, fora de ${folders.join(', ')}`);
  if (WITH_PACKAGES.has(entry)) await refuseUnbundled(outDir);
}

const BUILTIN = new Set(builtinModules);
/** What of a package finds its own files, or loads files by computed name, at run time. */
const UNBUNDLED =
  /\bimport\.meta\b|\b__(?:dirname|filename)\b|\b__require\((?:\s*["'](?:node:)?([\w/]+)["']\s*\))?/g;

/**
 * Refuses a bundle in which a package would find its own files from the bundle's folder
 * (`import.meta`, `__dirname`) or load a file by a name computed at run time: the command
 * then runs through tsx, where the package is loaded from its own folder.
 */
async function refuseUnbundled(outDir: string): Promise<void> {
  for (const file of await readdir(outDir, { recursive: true })) {
    if (!file.endsWith('.mjs')) continue;
    const text = await readFile(path.join(outDir, file), 'utf8');
    for (const match of text.matchAll(UNBUNDLED)) {
      if (match[1] !== undefined && BUILTIN.has(match[1])) continue;
      throw new Error(`${file}: ${match[0]} num pacote que o bundle não pode levar`);
    }
  }
}

/** One bundle per checkout: the bundle names its own sources by absolute path. */
const cacheName = (root: string, entry: BundledEntry) =>
  `node-${path.basename(entry, '.ts')}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`;

/** The folder that keeps the bundles of `entry` of the project at `root` (one per fingerprint). */
export const bundleCacheDir = (root: string, entry: BundledEntry) =>
  path.join(path.resolve(root), 'node_modules/.cache/estudio', cacheName(path.resolve(root), entry));

/**
 * Node's arguments that run `entry` of the project at `root` (then the command's own arguments):
 * the kept bundle of its sources as they are now (made first if there is none), else tsx.
 */
export async function entryArgs(root: string, entry: BundledEntry): Promise<string[]> {
  const absRoot = path.resolve(root);
  try {
    const dir = await cachedBuild(absRoot, {
      name: cacheName(absRoot, entry),
      // The bundle's settings (this file, tsconfig.json) make a new bundle when they change too.
      sources: [...BUNDLED_ENTRIES[entry], 'studio/server/bundled-entry.ts', 'tsconfig.json'],
      build: (outDir) => bundle(absRoot, entry, outDir),
      marker: 'entry.mjs',
    });
    return [path.join(dir, 'entry.mjs')];
  } catch {
    return ['--import', TSX_LOADER, path.join(absRoot, entry)];
  }
}

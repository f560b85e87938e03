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
 * a check build then reads a few files instead of ~450 and resolves no package path. React and
 * React DOM are both in it, so every module that renders uses the same React. It is one script,
 * run by a small loader with the code V8 compiled in an earlier run of the same command (V8's
 * code cache: Node 20 has none for ES modules). The Estúdio's check build of a five-page site
 * took 0.73–0.82 s of CPU from the ES-module bundle with packages left to Node, 0.46 s so
 * (decision 0039, session 25). The Estúdio's bundle is made the same way since: a start and its
 * first /api/changes took 0.85 s of CPU from the ES-module bundle, 0.45 s so (session 26).
 */
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { cachedBuild, checkoutKey } from './build-cache.ts';

/** The entries that may be bundled, with the folders (relative to the root) their modules come from. */
export const BUNDLED_ENTRIES = {
  'runtime/cli.ts': ['runtime/', 'blocks/', 'design/', 'schema/'],
  'studio/server/main.ts': ['studio/', 'runtime/', 'blocks/', 'design/', 'schema/', 'scripts/chromium.ts'],
  // `npm run studio:conta` runs it through tsx; the tests run it many times from its bundle.
  'studio/server/hosted/account-cli.ts': ['studio/'],
} as const;

export type BundledEntry = keyof typeof BUNDLED_ENTRIES;

/** The entries whose bundle takes in the packages they import (all but PACKAGES_LEFT_TO_NODE). */
const WITH_PACKAGES: ReadonlySet<BundledEntry> = new Set(['runtime/cli.ts', 'studio/server/main.ts']);

/**
 * Packages a bundle with packages still imports from node_modules: native parts (sharp), or
 * loaded only when the page script is built again and made to run from their own folder (Vite,
 * its React plugin and the bundlers under it), or by the Estúdio only when needed and large or
 * made to find files beside them (jsdom for an uploaded SVG, the pictures' browser driver, the
 * GA4 client with its gRPC stack). None of them imports React.
 */
export const PACKAGES_LEFT_TO_NODE = [
  'vite',
  '@vitejs/plugin-react',
  'esbuild',
  'lightningcss',
  'rolldown',
  'sharp',
  'jsdom',
  'playwright-core',
  '@google-analytics/data',
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

/** The file Node runs: the bundle's entry, or for a bundle with packages the loader of LOADER_TEXT. */
const mainFile = (entry: BundledEntry) => (WITH_PACKAGES.has(entry) ? 'entry.cjs' : 'entry.mjs');

/** Bundles `entry` into `outDir`; refuses a module from outside the entry's folders. */
async function bundle(root: string, entry: BundledEntry, outDir: string): Promise<void> {
  const common = {
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    tsconfig: path.join(root, 'tsconfig.json'),
    metafile: true,
    // What the entry runs is this snapshot: main.ts then loads the runtime from it (runtime.ts).
    define: { ESTUDIO_KEPT_BUNDLE: 'true' },
    logLevel: 'silent',
    plugins: [ownImportMeta(root)],
  } satisfies Esbuild.BuildOptions;
  const result = WITH_PACKAGES.has(entry)
    ? await esbuild().build({
        ...common,
        // One script, run by the loader with V8's code cache (which only a script can have on
        // Node 20, not an ES module). Its modules still run when first imported, as under tsx:
        // those imported only when needed (`await import(…)`) only then.
        format: 'cjs',
        entryNames: 'bundle',
        outExtension: { '.js': '.cjs' },
        external: PACKAGES_LEFT_TO_NODE,
        // Each package's files as Node picks them (esbuild would also take `module` builds).
        conditions: [],
        mainFields: ['main'],
        // `import()` becomes `require()` (of an ES module too, Node ≥ 20.19): a function
        // compiled from the code cache cannot import() in Node 20.
        supported: { 'dynamic-import': false },
      })
    : await esbuild().build({
        ...common,
        format: 'esm',
        entryNames: 'entry',
        outExtension: { '.js': '.mjs' },
        // A module the sources import only when needed (`await import(…)`) stays a chunk of its own,
        // loaded as late as under tsx (scripts/chromium.ts and its browser driver, for instance).
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        packages: 'external',
      });
  const folders: readonly string[] = BUNDLED_ENTRIES[entry];
  const outside = Object.keys(result.metafile.inputs).filter(
    (input) =>
      // A package (node_modules may be a link to another checkout's: the path then leaves the root).
      !/(^|\/)node_modules\//.test(input) && !folders.some((f) => input === f || input.startsWith(f)),
  );
  if (outside.length)
    throw new Error(`${entry} importa ${outside.join(', ')}, fora de ${folders.join(', ')}`);
  if (!WITH_PACKAGES.has(entry)) return;
  // esbuild says so when it has to empty `import.meta` in the script.
  if (result.warnings.length) throw new Error(result.warnings.map((w) => w.text).join('\n'));
  await refuseUnbundled(path.join(outDir, 'bundle.cjs'));
  // What it carries and what it leaves to Node, for whoever wonders (bundled-entry.test.ts reads it).
  await writeFile(path.join(outDir, 'bundle.meta.json'), JSON.stringify(result.metafile));
  await writeFile(path.join(outDir, 'entry.cjs'), LOADER_TEXT);
}

/**
 * What of a package would find its own files from the bundle's folder (`__dirname`), or require
 * a file by a name known only at run time (esbuild takes in every file a package requires by name).
 */
const UNBUNDLED = /\b__(?:dirname|filename)\b|\brequire\(\s*(?!["'])/g;

/**
 * Refuses such a bundle: the command then runs through tsx, each package from its own folder.
 * Only packages' modules are read (esbuild heads each module with its path, `// node_modules/…`):
 * the project's own modules find their files from their own source's place (ownImportMeta), and
 * this file's loader text, bundled into the Estúdio's bundle, names those words on purpose.
 */
async function refuseUnbundled(file: string): Promise<void> {
  const parts = (await readFile(file, 'utf8')).split(/^\/\/ (\S+)$/m);
  const found = parts.flatMap((part, i) =>
    i % 2 === 0 && i > 0 && /(^|\/)node_modules\//.test(parts[i - 1]!) ? (part.match(UNBUNDLED) ?? []) : [],
  );
  if (found.length)
    throw new Error(`${path.basename(file)}: ${found.join(', ')} num pacote que o bundle não pode levar`);
}

/**
 * The loader of a bundle with packages (entry.cjs, beside bundle.cjs): compiles the bundle with
 * the code V8 kept from an earlier run of the same command (code-cache/<command>; the Estúdio's:
 * code-cache/other), else keeps the code this run compiled for the next one, at exit and 3 s after
 * the start for a server that is killed (written aside, then renamed: a run starting at the
 * same moment never reads half a file). V8 refuses code kept by another version of it or with
 * other flags (the bundle itself never changes: a changed source makes another bundle), and the
 * run then compiles as without it and keeps its own. The bundle is called as Node calls a
 * CommonJS module, its `require` the project's (one bundle per checkout).
 */
const LOADER_TEXT = `'use strict';
// Made by studio/server/bundled-entry.ts.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');
const file = path.join(__dirname, 'bundle.cjs');
const command = /^[a-z][a-z-]{0,39}$/.test(process.argv[2] || '') ? process.argv[2] : 'other';
const kept = path.join(__dirname, 'code-cache', command);
let cachedData;
try {
  cachedData = fs.readFileSync(kept);
} catch {}
const source = fs.readFileSync(file, 'utf8');
const script = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + source + '\\n})', {
  filename: file,
  cachedData,
});
const keep = () => {
  try {
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    const partial = kept + '.' + process.pid;
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, kept);
  } catch {}
};
if (cachedData === undefined || script.cachedDataRejected) {
  process.once('exit', keep);
  // A server may never exit of itself (killed): its code so far is kept after its start too.
  setTimeout(keep, 3000).unref();
}
const bundle = { exports: {} };
script.runInThisContext().call(bundle.exports, bundle.exports, createRequire(file), bundle, file, __dirname);
`;

/** One bundle per checkout: the bundle names its own sources by absolute path. */
const cacheName = (root: string, entry: BundledEntry) =>
  `node-${path.basename(entry, '.ts')}-${checkoutKey(root)}`;

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
      marker: mainFile(entry),
    });
    return [path.join(dir, mainFile(entry))];
  } catch {
    return ['--import', TSX_LOADER, path.join(absRoot, entry)];
  }
}

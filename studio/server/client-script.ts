/**
 * A script the Estúdio serves as one file, bundled from the project's own code: the preview
 * frame's agent (preview-agent.ts) and the site's page script of the shared previews
 * (shared-previews.ts). Built by build-client-script.ts in a process of its own, and kept on disk
 * for the next start with the same sources (build-cache.ts).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { cachedBuild, checkoutKey } from './build-cache.ts';

const run = promisify(execFile);
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_SCRIPT = path.join(import.meta.dirname, 'build-client-script.ts');
/** How every such script is bundled: a change there builds each again. */
const BUNDLER_SOURCES = ['runtime/build/', 'studio/server/build-client-script.ts'];

export interface ClientScript {
  /** The cache folder's name (build-cache.ts). */
  name: string;
  /** The module bundled, relative to the project root. */
  entry: string;
  /** What the bundle is made of, relative to the project root (folders end in /). */
  sources: readonly string[];
  /** The bundle's file name in its cache folder. */
  file: string;
  /** Said before the bundler's own words when the build fails: "O script da prévia não pôde ser montado". */
  failure: string;
  /**
   * What the module imports lazily (`import()`) is left out of it, in parts fetched by the
   * script's own address with a query (build-client-script.ts --parts): the server answers them
   * with clientScriptPart. Without it, one file holds everything.
   */
  parts?: boolean;
}

/** Every file, with its folder, that makes `script` (the bundler's own included), absolute. */
export function clientScriptSources(script: ClientScript): string[] {
  return [...script.sources, ...BUNDLER_SOURCES].map((s) => path.join(PROJECT_ROOT, s));
}

/** The bundle's code, built first when the cache has none for the sources as they are now. */
export async function buildClientScript(script: ClientScript): Promise<string> {
  return (await buildClientScriptFiles(script)).code;
}

export interface ClientScriptFiles {
  /** The module itself. */
  code: string;
  /**
   * The part named `name` (what `?part=<name>` asks for) of this same build, or undefined when
   * there is no such part (or the script has none).
   */
  part(name: string): Promise<string | undefined>;
}

/** The bundle and its parts, built first when the cache has none for the sources as they are now. */
export async function buildClientScriptFiles(script: ClientScript): Promise<ClientScriptFiles> {
  const dir = await builtDir(script);
  const code = await readFile(path.join(dir, script.file), 'utf8');
  const part = async (name: string) => {
    if (!script.parts || !isPartName(name)) return undefined;
    return readFile(path.join(dir, `${script.file}.parts`, `${name}.js`), 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    });
  };
  return { code, part };
}

/** A part's name as the bundler gives it ("hydrate", "hero.behavior"): nothing that leaves its folder. */
export function isPartName(name: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/.test(name) && !name.includes('..');
}

async function builtDir(script: ClientScript): Promise<string> {
  return cachedBuild(PROJECT_ROOT, {
    // A split build and a whole one of the same sources are different files.
    name: `${script.parts ? `${script.name}-parts` : script.name}-${checkoutKey(PROJECT_ROOT)}`,
    sources: [...script.sources, ...BUNDLER_SOURCES],
    marker: script.file,
    build: async (outDir) => {
      await mkdir(outDir, { recursive: true });
      const args = ['--import', 'tsx', BUILD_SCRIPT, script.entry, path.join(outDir, script.file)];
      if (script.parts) args.push('--parts');
      await run(process.execPath, args, {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: unknown) => {
        const { stderr, stdout } = error as { stderr?: string; stdout?: string };
        throw new Error(`${script.failure}:\n${stderr || stdout || String(error)}`, { cause: error });
      });
    },
  });
}

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
import { cachedBuild } from './build-cache.ts';

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
}

/** Every file, with its folder, that makes `script` (the bundler's own included), absolute. */
export function clientScriptSources(script: ClientScript): string[] {
  return [...script.sources, ...BUNDLER_SOURCES].map((s) => path.join(PROJECT_ROOT, s));
}

/** The bundle's code, built first when the cache has none for the sources as they are now. */
export async function buildClientScript(script: ClientScript): Promise<string> {
  const dir = await cachedBuild(PROJECT_ROOT, {
    name: script.name,
    sources: [...script.sources, ...BUNDLER_SOURCES],
    marker: script.file,
    build: async (outDir) => {
      await mkdir(outDir, { recursive: true });
      const args = ['--import', 'tsx', BUILD_SCRIPT, script.entry, path.join(outDir, script.file)];
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
  return readFile(path.join(dir, script.file), 'utf8');
}

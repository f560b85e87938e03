/**
 * The preview frame's one script, /estudio/preview-agent.js: the agent (studio/app/preview/) with
 * the page script it runs (runtime/client, every block behaviour and island) bundled into a
 * single file (build-preview-agent.ts, in a process of its own). One file, because the frame's
 * policy names exactly one script and its requests carry no cookie, so no other module of the
 * Estúdio could load there. Built on first use, and again after a developer changes what it is
 * made of; kept on disk for the next start with the same sources (build-cache.ts).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ViteDevServer } from 'vite';
import { cachedBuild } from './build-cache.ts';

const run = promisify(execFile);
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_SCRIPT = path.join(import.meta.dirname, 'build-preview-agent.ts');
/** What the bundle is made of (folders end in /): a change there builds it again. */
const SOURCE_PATHS = [
  'runtime/client/',
  'runtime/block-api.ts',
  'runtime/behavior-api.ts',
  'runtime/dev/browser.ts',
  'runtime/dev/render-parts.ts',
  'blocks/',
  'design/',
  'schema/',
  'studio/app/preview/',
  // How it is bundled.
  'runtime/build/',
  'studio/server/build-preview-agent.ts',
];
const SOURCES = SOURCE_PATHS.map((s) => path.join(PROJECT_ROOT, s));
const AGENT_FILE = 'preview-agent.js';

export interface PreviewAgent {
  /** The bundle's code (built on first call, then kept until a source changes). */
  code(): Promise<string>;
}

export function previewAgent(vite: ViteDevServer): PreviewAgent {
  let code: Promise<string> | undefined;
  const invalidate = (file: string) => {
    if (SOURCES.some((s) => file === s || file.startsWith(s))) code = undefined;
  };
  vite.watcher?.on('change', invalidate);
  vite.watcher?.on('add', invalidate);
  vite.watcher?.on('unlink', invalidate);
  return {
    code: () =>
      (code ??= bundle().catch((error: unknown) => {
        code = undefined;
        throw error;
      })),
  };
}

async function bundle(): Promise<string> {
  const dir = await cachedBuild(PROJECT_ROOT, {
    name: 'preview-agent',
    sources: SOURCE_PATHS,
    marker: AGENT_FILE,
    build: async (outDir) => {
      await mkdir(outDir, { recursive: true });
      await run(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, path.join(outDir, AGENT_FILE)], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: unknown) => {
        const { stderr, stdout } = error as { stderr?: string; stdout?: string };
        throw new Error(`O script da prévia não pôde ser montado:\n${stderr || stdout || String(error)}`, {
          cause: error,
        });
      });
    },
  });
  return readFile(path.join(dir, AGENT_FILE), 'utf8');
}

/**
 * The runtime as the Estúdio calls it: imported through the Vite dev server's SSR module runner
 * on every operation, so a developer's edit to a block, a schema or the loader shows in the next
 * preview without a restart (the runner listens to HMR, as npm run dev's page middleware does).
 *
 * An Estúdio started from its kept bundle (studio/server/bundled-entry.ts: the tests' Estúdio
 * processes) runs a snapshot of the sources anyway: its runtime is the bundle's own modules,
 * imported once, as the CLI's are ('loaded'). The runner's transforms of runtime/ and blocks/ were
 * about 1 s of such a process's 2.2 s of CPU at its first preview (decision 0039, session 20b).
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type * as AuthorStage from '../../runtime/author/index.ts';
import type * as BuildStage from '../../runtime/build/index.ts';
import type * as DevStage from '../../runtime/dev/index.ts';
import type * as LoadStage from '../../runtime/load/index.ts';
import type * as BlockRegistry from '../../blocks/index.ts';

export type { AuthorStage, BlockRegistry, BuildStage, DevStage, LoadStage };

export interface Runtime {
  /**
   * The project root the runtime is called with. The runtime names page files relative to it
   * ("pages/agendamento.yaml"), exactly as the API does, because `<root>/pages` is always the
   * edited folder and `<root>/public` the public one (see runtimeRoot).
   */
  root: string;
  /** `<root>/pages`, the pages folder as the runtime is given it. */
  pagesDir: string;
  load(): Promise<typeof LoadStage>;
  dev(): Promise<typeof DevStage>;
  author(): Promise<typeof AuthorStage>;
  build(): Promise<typeof BuildStage>;
  blocks(): Promise<typeof BlockRegistry>;
  /** Removes what runtimeRoot made. */
  dispose(): Promise<void>;
}

/**
 * 'hot': through Vite's SSR module runner, an edit to runtime/ or blocks/ reaches the next call.
 * 'loaded': the modules this process loaded (a bundle's), without the runner.
 */
export type RuntimeLoading = 'hot' | 'loaded';

export async function createRuntime(
  /** Only 'hot' needs it (a 'loaded' runtime may have none: server.ts). */
  vite: ViteDevServer | undefined,
  folders: { root: string; pagesDir: string; publicDir: string },
  loading: RuntimeLoading = 'hot',
): Promise<Runtime> {
  if (loading === 'loaded') {
    const view = await runtimeRoot(folders);
    return {
      root: view.root,
      pagesDir: path.join(view.root, 'pages'),
      load: () => import('../../runtime/load/index.ts'),
      dev: () => import('../../runtime/dev/index.ts'),
      author: () => import('../../runtime/author/index.ts'),
      build: () => import('../../runtime/build/index.ts'),
      blocks: () => import('../../blocks/index.ts'),
      dispose: view.dispose,
    };
  }
  const { isRunnableDevEnvironment } = await import('vite');
  const ssr = vite?.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('O ambiente SSR do Vite não é executável.');
  const runner = ssr.runner;
  const view = await runtimeRoot(folders);
  return {
    root: view.root,
    pagesDir: path.join(view.root, 'pages'),
    load: () => runner.import<typeof LoadStage>('/runtime/load/index.ts'),
    dev: () => runner.import<typeof DevStage>('/runtime/dev/index.ts'),
    author: () => runner.import<typeof AuthorStage>('/runtime/author/index.ts'),
    build: () => runner.import<typeof BuildStage>('/runtime/build/index.ts'),
    blocks: () => runner.import<typeof BlockRegistry>('/blocks/index.ts'),
    dispose: view.dispose,
  };
}

/**
 * renderDraft, loadProject and createPage name files relative to a root (`path.relative(root,
 * file)`), and the preview inlines SVGs from `<root>/public`. With the project's own folders that
 * root is the project root. With other folders (tests edit a temporary copy of pages/), the runtime
 * gets a temporary directory holding two symbolic links, `pages` → pagesDir and `public` →
 * publicDir, so every file the runtime names is still "pages/<path inside pagesDir>" and the API
 * needs no second naming scheme. The Estúdio's own checks and writes use the real folders.
 */
async function runtimeRoot(folders: {
  root: string;
  pagesDir: string;
  publicDir: string;
}): Promise<{ root: string; dispose(): Promise<void> }> {
  const { root, pagesDir, publicDir } = folders;
  if (pagesDir === path.join(root, 'pages') && publicDir === path.join(root, 'public')) {
    return { root, dispose: async () => {} };
  }
  const view = await mkdtemp(path.join(os.tmpdir(), 'estudio-raiz-'));
  // A junction on Windows needs no special rights; elsewhere the type is ignored.
  await symlink(pagesDir, path.join(view, 'pages'), 'junction');
  await symlink(publicDir, path.join(view, 'public'), 'junction');
  // rm removes the links themselves, never what they point to.
  return { root: view, dispose: () => rm(view, { recursive: true, force: true }) };
}

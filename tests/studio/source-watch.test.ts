/**
 * The preview agent's own watcher (studio/server/source-watch.ts): an Estúdio that runs a snapshot
 * of the sources has no Vite watcher, and its preview script is still built again after an edit of
 * what it is made of. Real folders and files in a temporary directory; the assertions wait for the
 * events, never for a time.
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { watchSources, type SourceWatch } from '../../studio/server/source-watch.ts';

let tmp: string;
let watch: SourceWatch;
const seen: string[] = [];

/** Waits until `file` has been reported (every change is reported, however late). */
async function reported(file: string): Promise<void> {
  for (let tries = 0; !seen.includes(file); tries++) {
    if (tries > 600) throw new Error(`${file} nunca foi informado; informados: ${seen.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-vigia-'));
  await mkdir(path.join(tmp, 'blocks/footer/parts'), { recursive: true });
  await mkdir(path.join(tmp, 'runtime/cli'), { recursive: true });
  await writeFile(path.join(tmp, 'blocks/footer/footer.tsx'), 'a');
  await writeFile(path.join(tmp, 'blocks/footer/parts/logo.tsx'), 'a');
  await writeFile(path.join(tmp, 'runtime/block-api.ts'), 'a');
  await writeFile(path.join(tmp, 'runtime/cli.ts'), 'a');
  await writeFile(path.join(tmp, 'runtime/cli/args.ts'), 'a');
  await mkdir(path.join(tmp, 'docs'));
  watch = watchSources(
    [path.join(tmp, 'blocks') + path.sep, path.join(tmp, 'runtime/block-api.ts')],
    (file) => seen.push(file),
  );
  await watch.ready;
});

afterAll(async () => {
  watch?.close();
  await rm(tmp, { recursive: true, force: true });
});

it('reports an edit, an addition and a removal in a watched folder and its subfolders', async () => {
  await writeFile(path.join(tmp, 'blocks/footer/footer.tsx'), 'b');
  await reported(path.join(tmp, 'blocks/footer/footer.tsx'));
  await writeFile(path.join(tmp, 'blocks/footer/parts/logo.tsx'), 'b');
  await reported(path.join(tmp, 'blocks/footer/parts/logo.tsx'));
  await writeFile(path.join(tmp, 'blocks/footer/new.ts'), 'a');
  await reported(path.join(tmp, 'blocks/footer/new.ts'));
  seen.length = 0;
  await rm(path.join(tmp, 'blocks/footer/new.ts'));
  await reported(path.join(tmp, 'blocks/footer/new.ts'));
});

it('reports a file written as editors do (a temporary file renamed over it)', async () => {
  await writeFile(path.join(tmp, 'blocks/footer/.footer.tsx.tmp'), 'd');
  seen.length = 0;
  await rename(path.join(tmp, 'blocks/footer/.footer.tsx.tmp'), path.join(tmp, 'blocks/footer/footer.tsx'));
  await reported(path.join(tmp, 'blocks/footer/footer.tsx'));
});

it('follows a folder made after the start, and one removed and made again', async () => {
  await mkdir(path.join(tmp, 'blocks/hero'));
  await reported(path.join(tmp, 'blocks/hero'));
  // Its own watch is set up on the report: a file written right after is reported too, or the
  // folder's own report stands for it (the caller drops its cache either way). A later one is.
  for (let i = 0; !seen.includes(path.join(tmp, 'blocks/hero/hero.tsx')); i++) {
    if (i > 100) throw new Error('blocks/hero/hero.tsx nunca foi informado');
    await writeFile(path.join(tmp, 'blocks/hero/hero.tsx'), String(i));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await rm(path.join(tmp, 'blocks/footer/parts'), { recursive: true });
  await reported(path.join(tmp, 'blocks/footer/parts'));
  await mkdir(path.join(tmp, 'blocks/footer/parts'));
  seen.length = 0;
  for (let i = 0; !seen.includes(path.join(tmp, 'blocks/footer/parts/logo.tsx')); i++) {
    if (i > 100) throw new Error('blocks/footer/parts/logo.tsx nunca foi informado');
    await writeFile(path.join(tmp, 'blocks/footer/parts/logo.tsx'), String(i));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

it('watches a single file’s folder only: what is below it or outside is not reported', async () => {
  seen.length = 0;
  await writeFile(path.join(tmp, 'runtime/cli/args.ts'), 'b');
  await writeFile(path.join(tmp, 'docs/notes.md'), 'b');
  // Changes of one inotify queue arrive in order: once this one is in, the two above would be.
  await writeFile(path.join(tmp, 'runtime/block-api.ts'), 'b');
  await reported(path.join(tmp, 'runtime/block-api.ts'));
  await writeFile(path.join(tmp, 'blocks/footer/footer.tsx'), 'e');
  await reported(path.join(tmp, 'blocks/footer/footer.tsx'));
  expect(seen.filter((f) => f.includes('runtime/cli') || f.includes('docs'))).toEqual([]);
});

it('reports nothing once closed', async () => {
  const late: string[] = [];
  const other = watchSources([path.join(tmp, 'blocks') + path.sep], (file) => late.push(file));
  await other.ready;
  other.close();
  await writeFile(path.join(tmp, 'blocks/footer/footer.tsx'), 'f');
  await reported(path.join(tmp, 'blocks/footer/footer.tsx'));
  expect(late).toEqual([]);
});

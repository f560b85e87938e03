/**
 * Prints, as JSON, the blocks the real loader resolves for the given page files of a pages folder
 * (a variant's blocks with its base's, its changes applied): `node --import tsx print-models.ts
 * <pagesDir> pages/a.yaml pages/b.yaml`. The browser tests compare what the Estúdio saved with
 * what it should make of the page, through the loader the build uses.
 */
import path from 'node:path';
import { blockList } from '../../../blocks/index.ts';
import { loadProject } from '../../../runtime/load/index.ts';

const [pagesDir, ...files] = process.argv.slice(2);
const root = path.dirname(path.resolve(pagesDir!));
const project = await loadProject({ root, pagesDir: pagesDir!, blocks: blockList, only: files });
const out: Record<string, unknown> = {};
for (const page of project.pages) out[page.file] = page.model.blocks;
process.stdout.write(JSON.stringify(out));

import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageErrors } from '../../runtime/load/errors.ts';
import { buildSite } from '../../runtime/build/prerender.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-build-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('a failed build', () => {
  it('reports the same problems as check and leaves dist/ as it was', async () => {
    const outDir = path.join(tmp, 'dist');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'previous.html'), 'build anterior');
    const error = await buildSite({
      root,
      pagesDir: path.join(root, 'tests/fixtures/errors/pages'),
      outDir,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageErrors);
    expect((error as PageErrors).problems.length).toBe(19);
    expect(readdirSync(outDir)).toEqual(['previous.html']);
    expect(readdirSync(tmp)).toEqual(['dist']);
  });
});

describe('a successful build', () => {
  it('replaces dist/ whole', async () => {
    const outDir = path.join(tmp, 'dist');
    await buildSite({ root, outDir });
    expect(existsSync(path.join(outDir, 'previous.html'))).toBe(false);
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
    expect(existsSync(path.join(outDir, '.vite'))).toBe(false);
  }, 120_000);
});

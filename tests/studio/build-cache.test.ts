/**
 * The Estúdio's own builds (its app, the preview's script) are made once per version of their
 * sources: a start with the same sources reuses the build, a changed source or package builds
 * again, two servers starting at once end with one build, and a failed build leaves nothing.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedBuild, checkoutKey, fingerprint, type CachedBuild } from '../../studio/server/build-cache.ts';

let root: string;
let builds: number;
const what: CachedBuild = {
  name: 'teste',
  sources: ['src/', 'extra.ts'],
  marker: 'out.js',
  build: async (outDir) => {
    builds++;
    await mkdir(outDir, { recursive: true });
    const text = await readFile(path.join(root, 'src/a.ts'), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writeFile(path.join(outDir, 'out.js'), `// ${text}`);
  },
};

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'estudio-cache-'));
  builds = 0;
  await mkdir(path.join(root, 'src/deep'), { recursive: true });
  await writeFile(path.join(root, 'src/a.ts'), 'a');
  await writeFile(path.join(root, 'src/deep/b.ts'), 'b');
  await writeFile(path.join(root, 'package-lock.json'), '{}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('cachedBuild', () => {
  it('builds once, then reuses the build while the sources stay the same', async () => {
    const first = await cachedBuild(root, what);
    const second = await cachedBuild(root, what);
    expect(second).toBe(first);
    expect(builds).toBe(1);
    expect(await readFile(path.join(first, 'out.js'), 'utf8')).toBe('// a');
  });

  it('builds again after a source, a file listed by name or the packages change; not for a test', async () => {
    const seen = new Set([await fingerprint(root, what.sources)]);
    for (const [file, text] of [
      ['src/deep/b.ts', 'b2'],
      ['extra.ts', 'x'],
      ['package-lock.json', '{"v":2}'],
    ] as const) {
      await writeFile(path.join(root, file), text);
      seen.add(await fingerprint(root, what.sources));
    }
    expect(seen.size).toBe(4);
    await writeFile(path.join(root, 'src/a.test.ts'), 'test');
    await writeFile(path.join(root, 'src/deep/b.stories.tsx'), 'story');
    seen.add(await fingerprint(root, what.sources));
    expect(seen.size).toBe(4);
  });

  it('two starts at once end with one build in place and no scratch folder left', async () => {
    const [a, b] = await Promise.all([cachedBuild(root, what), cachedBuild(root, what)]);
    expect(a).toBe(b);
    const names = await readdir(path.dirname(a));
    expect(names).toEqual([path.basename(a)]);
  });

  it('a failed build leaves nothing behind and says why', async () => {
    const failing: CachedBuild = {
      ...what,
      build: async (outDir) => {
        await mkdir(outDir, { recursive: true });
        await writeFile(path.join(outDir, 'out.js'), 'meio');
        throw new Error('quebrou');
      },
    };
    await expect(cachedBuild(root, failing)).rejects.toThrow('quebrou');
    expect(await readdir(path.join(root, 'node_modules/.cache/estudio/teste'))).toEqual([]);
  });

  it('keeps the current build and the two newest others', async () => {
    for (let i = 0; i < 5; i++) {
      await writeFile(path.join(root, 'src/a.ts'), `versão ${i}`);
      await cachedBuild(root, what);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await readdir(path.join(root, 'node_modules/.cache/estudio/teste'))).toHaveLength(3);
  });

  it("a checkout sharing another's node_modules (a worktree) never prunes the other's build", async () => {
    await mkdir(path.join(root, 'node_modules'));
    const other = await mkdtemp(path.join(os.tmpdir(), 'estudio-cache-other-'));
    try {
      await mkdir(path.join(other, 'src/deep'), { recursive: true });
      await writeFile(path.join(other, 'src/deep/b.ts'), 'b');
      await writeFile(path.join(other, 'package-lock.json'), '{}');
      await symlink(path.join(root, 'node_modules'), path.join(other, 'node_modules'));
      expect(checkoutKey(other)).not.toBe(checkoutKey(root));
      const mine = await cachedBuild(root, { ...what, name: `teste-${checkoutKey(root)}` });
      // The other checkout builds five versions of its own, as a helper editing its sources does.
      for (let i = 0; i < 5; i++) {
        await writeFile(path.join(other, 'src/a.ts'), `outra ${i}`);
        await writeFile(path.join(root, 'src/a.ts'), `outra ${i}`);
        await cachedBuild(other, { ...what, name: `teste-${checkoutKey(other)}` });
      }
      expect(await readFile(path.join(mine, 'out.js'), 'utf8')).toBe('// a');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

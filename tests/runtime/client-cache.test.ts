/**
 * The client bundle kept between builds (runtime/build/client-cache.ts, decision 0039 session 23):
 * a build that finds its bundle kept writes the same dist/, byte for byte, as one that bundles;
 * a kept bundle cut short is built again; anything the bundle is made from names another one.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../runtime/build/prerender.ts';
import {
  clientFingerprint,
  CLIENT_SOURCE_FOLDERS,
  madeFromKnownSources,
  type ClientInput,
} from '../../runtime/build/client-cache.ts';
import { makeGitSite, root, type GitSite } from '../studio/git-site.ts';

let site: GitSite;
let cache: string;
beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml'] });
  cache = path.join(site.tmp, 'cache');
}, 60_000);
afterAll(() => rm(site?.tmp ?? '', { recursive: true, force: true }));

/** Every file under `dir` by its path there, with its bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile())
      out.set(
        path.relative(dir, path.join(e.parentPath, e.name)),
        await readFile(path.join(e.parentPath, e.name)),
      );
  return out;
}

const build = (name: string) =>
  buildSite({
    root,
    pagesDir: path.join(site.work, 'pages'),
    publicDir: path.join(site.work, 'public'),
    outDir: path.join(site.tmp, name),
    clientCache: cache,
  });

describe('a kept client bundle', () => {
  it('gives the same site as bundling it; one cut short is bundled again', async () => {
    await build('first');
    const first = await filesOf(path.join(site.tmp, 'first'));
    expect([...first.keys()].some((f) => /^assets\/main-[\w-]+\.js$/.test(f))).toBe(true);
    const kept = await readdir(cache);
    expect(kept).toHaveLength(1);

    // The next build copies the kept folder: a file put there shows up in its dist/.
    await writeFile(path.join(cache, kept[0]!, 'marca.txt'), 'daqui');
    await build('second');
    const second = await filesOf(path.join(site.tmp, 'second'));
    expect(second.get('marca.txt')?.toString()).toBe('daqui');
    second.delete('marca.txt');
    expect(second).toEqual(first);

    // Without its manifest the kept folder is not used: bundled again, and kept whole again.
    await rm(path.join(cache, kept[0]!, '.vite'), { recursive: true });
    // A copy a killed build left half made an hour ago goes; one being written now stays.
    const old = path.join(cache, `${kept[0]}.tmp-123-0a1b2c3d`);
    const young = path.join(cache, `${kept[0]}.tmp-456-0a1b2c3d`);
    for (const dir of [old, young]) await mkdir(path.join(dir, 'assets'), { recursive: true });
    const hourAgo = new Date(Date.now() - 3600_000);
    await utimes(old, hourAgo, hourAgo);
    await build('third');
    expect(await filesOf(path.join(site.tmp, 'third'))).toEqual(first);
    expect((await readdir(cache)).sort()).toEqual([kept[0]!, path.basename(young)]);
    const again = await filesOf(path.join(cache, kept[0]!));
    expect(again.has('marca.txt')).toBe(false);
    expect(again.has(path.join('.vite', 'manifest.json'))).toBe(true);
  }, 180_000);
});

describe("the kept bundle's fingerprint", () => {
  let fake: string;
  let input: ClientInput;
  beforeAll(async () => {
    // A root with a file in each source folder, the package files and a public/ folder.
    fake = await mkdtemp(path.join(os.tmpdir(), 'fillgas-client-cache-'));
    for (const folder of CLIENT_SOURCE_FOLDERS) {
      await mkdir(path.join(fake, folder, 'sub'), { recursive: true });
      await writeFile(path.join(fake, folder, 'sub', 'a.ts'), `export const a = '${folder}';\n`);
    }
    for (const file of ['package-lock.json', 'package.json', 'tsconfig.json'])
      await writeFile(path.join(fake, file), '{}\n');
    await cp(path.join(site.work, 'public'), path.join(fake, 'public'), { recursive: true });
    input = {
      root: fake,
      publicDir: path.join(fake, 'public'),
      used: { islandTypes: [], behaviorTypes: ['navbar'] },
    };
  });
  afterAll(() => rm(fake, { recursive: true, force: true }));

  it('changes with every source folder, the packages, public/, the types used and NODE_ENV', async () => {
    const before = await clientFingerprint(input);
    expect(await clientFingerprint(input)).toBe(before);
    const seen = new Set([before]);
    const differs = async (what: string, change: () => Promise<void>, undo: () => Promise<void>) => {
      await change();
      const now = await clientFingerprint(input);
      expect(seen.has(now), what).toBe(false);
      seen.add(now);
      await undo();
      expect(await clientFingerprint(input), `${what} undone`).toBe(before);
    };
    for (const folder of CLIENT_SOURCE_FOLDERS) {
      const file = path.join(fake, folder, 'sub', 'a.ts');
      const text = await readFile(file, 'utf8');
      await differs(
        folder,
        () => writeFile(file, text + '// editado\n'),
        () => writeFile(file, text),
      );
      const extra = path.join(fake, folder, 'novo.ts');
      await differs(
        `${folder}: a new file`,
        () => writeFile(extra, ''),
        () => rm(extra),
      );
    }
    const lock = path.join(fake, 'package-lock.json');
    await differs(
      'package-lock.json',
      () => writeFile(lock, '{"v":2}\n'),
      () => writeFile(lock, '{}\n'),
    );
    const favicon = path.join(fake, 'public', 'robots-extra.txt');
    await differs(
      'public/',
      () => writeFile(favicon, 'x'),
      () => rm(favicon),
    );
    const used = input.used;
    await differs(
      'the types used',
      async () => void (input = { ...input, used: { islandTypes: ['popup'], behaviorTypes: ['navbar'] } }),
      async () => void (input = { ...input, used }),
    );
    const env = process.env.NODE_ENV;
    await differs(
      'NODE_ENV',
      async () => void (process.env.NODE_ENV = env === 'production' ? 'test' : 'production'),
      async () => void (process.env.NODE_ENV = env),
    );
  });

  it('is not trusted for a bundle that took a module from another folder', () => {
    expect(
      madeFromKnownSources(root, [
        path.join(root, 'runtime/client/main.ts'),
        path.join(root, 'blocks/navbar/navbar.behavior.ts'),
        path.join(root, 'node_modules/react/index.js'),
        '\0virtual:fillgas/behaviors',
      ]),
    ).toBe(true);
    expect(madeFromKnownSources(root, [path.join(root, 'studio/app/main.tsx')])).toBe(false);
    expect(madeFromKnownSources(root, [path.join(root, 'runtime-copy/x.ts')])).toBe(false);
    expect(madeFromKnownSources(root, ['(watcher)'])).toBe(false);
  });
});

/**
 * Issue 29: a symbolic link in the pages folder or the public folder is never followed. The
 * loader (npm run check, the build, dev) refuses one in pages/, the build one in public/, each as
 * a located error, dangling or not, to a file outside the project or inside the folder; dist/ is
 * left as it was.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { buildSite } from '../../runtime/build/prerender.ts';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { readYamlFile, symbolicLinks } from '../../runtime/load/files.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { projectArgs } from '../helpers/tsx.ts';

const root = path.resolve(import.meta.dirname, '../..');
let tmp: string;
/** A secret outside the project, which a link must never bring into the site. */
let secret: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-links-'));
  secret = path.join(tmp, 'segredo.txt');
  await writeFile(secret, 'SENHA-DO-SERVIDOR\n');
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A copy of the site's pages/ and public/ in its own folder. */
async function siteCopy(name: string): Promise<{ pagesDir: string; publicDir: string; outDir: string }> {
  const dir = path.join(tmp, name);
  const pagesDir = path.join(dir, 'pages');
  const publicDir = path.join(dir, 'public');
  await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
  await cp(path.join(root, 'public'), publicDir, { recursive: true });
  return { pagesDir, publicDir, outDir: path.join(dir, 'dist') };
}

const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');

async function loadError(pagesDir: string, only?: string[]): Promise<PageProblem[]> {
  const error = await loadProject({ root, pagesDir, blocks: blockList, only }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PageErrors);
  return (error as PageErrors).problems;
}

const linkProblems = (problems: PageProblem[]) =>
  problems
    .filter((p) => p.code === 'symbolic-link')
    .map((p) => p.loc.file)
    .sort();

describe('a symbolic link in pages/', () => {
  it('is refused by the loader wherever it points, located at the link', async () => {
    const { pagesDir } = await siteCopy('pages-links');
    await symlink(secret, path.join(pagesDir, 'fora.yaml'));
    await symlink(path.join(tmp, 'nao-existe.yaml'), path.join(pagesDir, 'quebrado.yaml'));
    await symlink('recarga.yaml', path.join(pagesDir, 'dentro.yaml'));
    await mkdir(path.join(pagesDir, 'sub'));
    await symlink(tmp, path.join(pagesDir, 'sub', 'pasta'));
    const problems = await loadError(pagesDir);
    expect(linkProblems(problems)).toEqual(
      ['dentro.yaml', 'fora.yaml', 'quebrado.yaml', 'sub/pasta'].map((f) => rel(path.join(pagesDir, f))),
    );
    const one = problems.find((p) => p.loc.file.endsWith('fora.yaml'))!;
    expect(one.loc).toMatchObject({ line: 1, column: 1 });
    expect(one.message).toContain('atalho (link simbólico)');
    expect(formatProblems(problems)).toContain(`${rel(path.join(pagesDir, 'fora.yaml'))}:1:1  É um atalho`);
    // Nothing was read through them.
    expect(JSON.stringify(problems)).not.toContain('SENHA-DO-SERVIDOR');
  });

  it('is refused even when only other pages are checked, and a linked _site.yaml is never read', async () => {
    const { pagesDir } = await siteCopy('site-link');
    const site = path.join(pagesDir, '_site.yaml');
    await cp(site, path.join(tmp, '_site.yaml'));
    await rm(site);
    await symlink(path.join(tmp, '_site.yaml'), site);
    const problems = await loadError(pagesDir, [path.join(pagesDir, 'index.yaml')]);
    expect(linkProblems(problems)).toEqual([rel(site)]);
  });

  it('is a problem, not a read, when a page file itself is opened through one', async () => {
    const link = path.join(tmp, 'lido.yaml');
    await symlink(secret, link);
    const result = await readYamlFile(link, 'pages/lido.yaml');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatchObject({
      code: 'symbolic-link',
      loc: { file: 'pages/lido.yaml', line: 1, column: 1 },
    });
  });

  it('fails npm run check with the located error', async () => {
    const { pagesDir } = await siteCopy('check-link');
    await symlink(secret, path.join(pagesDir, 'fora.yaml'));
    const result = await promisify(execFile)(
      process.execPath,
      [...(await projectArgs('runtime/cli.ts')), 'check', '--pages', pagesDir],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `${rel(path.join(pagesDir, 'fora.yaml'))}:1:1  É um atalho (link simbólico)`,
    );
    expect(result.out).toContain('nenhuma página foi publicada');
    expect(result.out).not.toContain('SENHA-DO-SERVIDOR');
  }, 60_000);
});

describe('a symbolic link in public/', () => {
  it('fails the build, located, with dist/ left as it was', async () => {
    const { pagesDir, publicDir, outDir } = await siteCopy('public-links');
    await symlink(secret, path.join(publicDir, 'images', 'foto.png'));
    await symlink(path.join(tmp, 'nao-existe.svg'), path.join(publicDir, 'quebrado.svg'));
    await symlink('favicon.svg', path.join(publicDir, 'outro-favicon.svg'));
    await symlink(tmp, path.join(publicDir, 'images', 'pasta'));
    expect(await symbolicLinks(publicDir)).toEqual([
      'images/foto.png',
      'images/pasta',
      'outro-favicon.svg',
      'quebrado.svg',
    ]);
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'anterior.html'), 'build anterior');
    const error = await buildSite({ root, pagesDir, publicDir, outDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageErrors);
    expect(linkProblems((error as PageErrors).problems)).toEqual(
      ['images/foto.png', 'images/pasta', 'outro-favicon.svg', 'quebrado.svg'].map((f) =>
        rel(path.join(publicDir, f)),
      ),
    );
    expect(readdirSync(outDir)).toEqual(['anterior.html']);
    expect(readdirSync(path.dirname(outDir)).sort()).toEqual(['dist', 'pages', 'public']);
  });

  it('is reported together with the problems of the pages', async () => {
    const { pagesDir, publicDir, outDir } = await siteCopy('both');
    await symlink(secret, path.join(publicDir, 'images', 'foto.png'));
    await symlink(secret, path.join(pagesDir, 'fora.yaml'));
    const error = await buildSite({ root, pagesDir, publicDir, outDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageErrors);
    expect(linkProblems((error as PageErrors).problems)).toEqual([
      rel(path.join(pagesDir, 'fora.yaml')),
      rel(path.join(publicDir, 'images', 'foto.png')),
    ]);
  });

  it('fails npm run build, and no file of the link reaches dist/', async () => {
    const { pagesDir, publicDir, outDir } = await siteCopy('cli-build');
    await symlink(secret, path.join(publicDir, 'segredo.txt'));
    const result = await promisify(execFile)(
      process.execPath,
      [
        ...(await projectArgs('runtime/cli.ts')),
        'build',
        '--pages',
        pagesDir,
        '--public',
        publicDir,
        '--out',
        outDir,
      ],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `${rel(path.join(publicDir, 'segredo.txt'))}:1:1  É um atalho (link simbólico)`,
    );
    expect(result.out).toContain('nenhuma página foi publicada');
    await expect(readFile(path.join(outDir, 'segredo.txt'), 'utf8')).rejects.toThrow();
  }, 60_000);
});

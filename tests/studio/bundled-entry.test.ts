/**
 * The CLI and the Estúdio run from a kept bundle of their sources (studio/server/bundled-entry.ts):
 * the same answers as through tsx, each module's own paths, a new bundle when a source changes,
 * and tsx again when no bundle can be made. The Estúdio's bundle runs its own runtime (no Vite
 * module runner) and previews as the Estúdio of `npm run studio` does.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCacheDir, entryArgs, PACKAGES_LEFT_TO_NODE } from '../../studio/server/bundled-entry.ts';
import { studioAddress } from '../helpers/studio-address.ts';
import { tsxArgs } from '../helpers/tsx.ts';
import { startStudio } from './helpers.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-bundle-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The environment of `npm run studio` from a terminal: not the test runner's (VITEST, NODE_ENV=test). */
const serverEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'),
);

/** Runs Node with `args` in `cwd` (and `env` added): exit code and everything printed. */
const node = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

describe('the CLI from its bundle', () => {
  it('is a kept file that answers check as tsx does, on valid pages and on a broken one', async () => {
    const args = await entryArgs(repo, 'runtime/cli.ts');
    expect(args).toHaveLength(1);
    expect(args[0]).toMatch(
      /node_modules\/\.cache\/estudio\/node-cli-[0-9a-f]{8}\/[0-9a-f]{16}\/entry\.cjs$/,
    );
    // Asked again with the same sources: the same file, not a new one.
    expect(await entryArgs(repo, 'runtime/cli.ts')).toEqual(args);

    const pagesDir = path.join(tmp, 'pages');
    await cp(path.join(repo, 'pages'), pagesDir, { recursive: true });
    const valid = ['check', '--pages', pagesDir];
    const bundled = await node([...args, ...valid], repo);
    expect(bundled.code).toBe(0);
    expect(bundled.out).toMatch(/✓ \d+ páginas válidas\./);

    await writeFile(path.join(pagesDir, 'quebrada.yaml'), 'title: Quebrada\nblocks:\n  - type: naoExiste\n');
    const [bundledBroken, tsxBroken] = await Promise.all([
      node([...args, ...valid], repo),
      node(tsxArgs('runtime/cli.ts', ...valid), repo),
    ]);
    expect(bundledBroken.code).toBe(1);
    expect(bundledBroken.out).toContain('quebrada.yaml');
    expect(bundledBroken).toEqual(tsxBroken);
  });

  it("gives each module its own source file's import.meta, as tsx does", async () => {
    const [loader] = await entryArgs(repo, 'runtime/cli.ts');
    // The loader and the one script it runs.
    const dir = path.dirname(loader!);
    const files = (await readdir(dir, { recursive: true })).filter((f) => /\.[cm]?js$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['entry.cjs', 'bundle.cjs']));
    const text = (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).join('\n');
    expect(text).not.toMatch(/import\.meta\.(url|dirname|filename)/);
    // The validators' cache is found from runtime/load/, not from the bundle's folder.
    expect(text).toContain(
      JSON.stringify(pathToFileURL(path.join(repo, 'runtime/load/validator-cache.ts')).href),
    );
  });
});

/** What of esbuild's metafile the tests read. */
interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

/** What of a V8 coverage file (NODE_V8_COVERAGE) the tests read. */
interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/** The package a module name belongs to: `@scope/name` or `name`. */
const packageOf = (name: string) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** Every file under `dir` (relative path → digest of its bytes). */
async function digests(dir: string): Promise<Record<string, string>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const f of files
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort())
    out[path.relative(dir, f)] = createHash('sha256')
      .update(await readFile(f))
      .digest('hex');
  return out;
}

/**
 * What esbuild wrote of a kept bundle (beside its loader): every module it took in, and the
 * packages of every import it left to Node.
 */
async function bundleOf(loader: string): Promise<{ meta: Metafile; packages: string[] }> {
  const meta = JSON.parse(
    await readFile(path.join(path.dirname(loader), 'bundle.meta.json'), 'utf8'),
  ) as Metafile;
  const [output] = Object.values(meta.outputs);
  const packages = output!.imports
    .filter((i) => i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path))
    .map((i) => packageOf(i.path));
  return { meta, packages };
}

describe('the CLI with its packages', () => {
  it('imports no package but those left to Node, and carries one React', async () => {
    const [loader] = await entryArgs(repo, 'runtime/cli.ts');
    const { meta, packages } = await bundleOf(loader!);
    expect(packages).toContain('vite');
    expect(packages.filter((p) => !PACKAGES_LEFT_TO_NODE.includes(p))).toEqual([]);
    // React, React DOM and Emotion are each taken in from one folder: every block renders with
    // the same React, whichever module imports it.
    const inputs = Object.keys(meta.inputs);
    for (const pkg of ['react', 'react-dom', '@emotion/react']) {
      const folders = new Set(
        inputs.filter((i) => i.includes(`node_modules/${pkg}/`)).map((i) => i.split(`/${pkg}/`)[0]),
      );
      expect(folders.size, pkg).toBe(1);
    }
  });

  it('builds the site byte for byte as npm run build does through tsx', async () => {
    const [loader] = await entryArgs(repo, 'runtime/cli.ts');
    // As the Estúdio's check and `npm run build` run it: the production React.
    const build = (args: string[], name: string, env: Record<string, string> = {}) =>
      node(
        [
          ...args,
          'build',
          '--out',
          path.join(tmp, name, 'dist'),
          '--vercel-out',
          path.join(tmp, name, 'vercel'),
        ],
        repo,
        { NODE_ENV: 'production', ...env },
      );
    // tsx first: its build keeps the page script, which the bundle's then takes as it is.
    const fromTsx = await build(tsxArgs('runtime/cli.ts'), 'montagem-tsx');
    expect(fromTsx.code, fromTsx.out).toBe(0);
    // V8 notes what runs: nothing of Vite is loaded, nor any React from node_modules, and no code
    // of the experiments' statistics runs (esbuild runs each module it takes in from a function
    // named by the module's path, when the module is first imported).
    const coverage = path.join(tmp, 'cobertura');
    const fromBundle = await build([loader!], 'montagem-bundle', { NODE_V8_COVERAGE: coverage });
    expect(fromBundle.code, fromBundle.out).toBe(0);
    expect(fromBundle.out).toMatch(/✓ \d+ rotas em/);
    const built = await digests(path.join(tmp, 'montagem-bundle'));
    expect(Object.keys(built)).toEqual(expect.arrayContaining(['dist/index.html', 'vercel/vercel.json']));
    expect(built).toEqual(await digests(path.join(tmp, 'montagem-tsx')));
    const scripts = (
      await Promise.all(
        (await readdir(coverage)).map(
          async (f) => (JSON.parse(await readFile(path.join(coverage, f), 'utf8')) as Coverage).result,
        ),
      )
    ).flat();
    const fromPackages = scripts.map((s) => s.url).filter((u) => u.includes('/node_modules/'));
    for (const pkg of ['vite', '@vitejs/plugin-react', 'react', 'react-dom', '@stdlib/[\\w-]+'])
      expect(
        fromPackages.filter((u) => new RegExp(`/node_modules/${pkg}/`).test(u)),
        pkg,
      ).toEqual([]);
    // Its folder by name (node_modules may be a link: V8 names the file by its real path).
    const bundled = scripts.find((s) =>
      s.url.endsWith(`/${path.basename(path.dirname(loader!))}/bundle.cjs`),
    );
    const ran = bundled!.functions.filter((f) => f.ranges[0]!.count > 0).map((f) => f.functionName);
    expect(ran).toContainEqual(
      expect.stringMatching(/node_modules\/react-dom\/cjs\/react-dom-server-legacy\.node\.production\.js$/),
    );
    expect(ran).toContainEqual(expect.stringMatching(/^runtime\/build\//));
    expect(ran.filter((name) => /node_modules\/@stdlib\/|^runtime\/experiments\//.test(name))).toEqual([]);
    expect(bundled!.functions.map((f) => f.functionName)).toContainEqual(
      expect.stringMatching(/node_modules\/@stdlib\//),
    );
  }, 180_000);

  it("keeps V8's code of a command for its next run, and answers the same with a spoiled one", async () => {
    const [loader] = await entryArgs(repo, 'runtime/cli.ts');
    const kept = path.join(path.dirname(loader!), 'code-cache', 'check');
    // At a fixed minute: the answer names the minute it checked when the site has schedules.
    const check = () => node([loader!, 'check', '--now', '2026-12-01 10:00'], repo);
    const first = await check();
    expect(first.code, first.out).toBe(0);
    expect((await readFile(kept)).length).toBeGreaterThan(100_000);
    // Another version of Node, or a file spoiled: V8 refuses it, and the run keeps its own.
    await writeFile(kept, 'não é código do V8');
    expect(await check()).toEqual(first);
    expect((await readFile(kept)).length).toBeGreaterThan(100_000);
  });
});

describe('the Estúdio from its bundle', () => {
  it('makes CLI bundles as tsx does: its own copy of the import.meta rewrite is intact', async () => {
    // The Estúdio's bundle is made by the same rewrite it carries (bundled-entry.ts bundles
    // itself): the words it searches for must not be rewritten in it, or every CLI bundle the
    // bundled Estúdio makes (the publish check's) keeps the bundle's own import.meta.
    const [loader] = await entryArgs(repo, 'studio/server/main.ts');
    expect(loader).toMatch(/node-main-[0-9a-f]{8}\/[0-9a-f]{16}\/entry\.cjs$/);
    const plugin = await readFile(path.join(path.dirname(loader!), 'bundle.cjs'), 'utf8');
    expect(plugin).toContain('own-import-meta');
    expect(plugin).toContain(String.raw`/\bimport\.meta\.(url|dirname|filename)\b/g`);
  });

  it('carries its packages but those left to Node, and loads what its sources load only when needed only then', async () => {
    const [loader] = await entryArgs(repo, 'studio/server/main.ts');
    const { packages } = await bundleOf(loader!);
    // The pictures' browser driver is imported by the sources, and left to Node.
    expect(packages).toEqual(expect.arrayContaining(['playwright-core', 'vite']));
    expect(packages.filter((p) => !PACKAGES_LEFT_TO_NODE.includes(p))).toEqual([]);

    // Started as the crash tests and the browser tests start it (a built app), asked for its
    // changes, stopped: V8 notes what ran.
    const dir = await mkdtemp(path.join(tmp, 'estudio-cobertura-'));
    await cp(path.join(repo, 'pages'), path.join(dir, 'pages'), { recursive: true });
    const coverage = path.join(dir, 'cobertura');
    const child = spawn(
      process.execPath,
      [loader!, '--port', '0', '--pages', path.join(dir, 'pages'), '--data', path.join(dir, 'dados')],
      {
        cwd: repo,
        env: { ...serverEnv, NODE_V8_COVERAGE: coverage },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = await studioAddress(child);
      const changes = await fetch(`${url.origin}/api/changes`, {
        headers: { Cookie: `estudio-${url.port}=${url.searchParams.get('token')}` },
      });
      expect(changes.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    // The Estúdio's own file (coverage-<pid>-…): not that of a build it started (the app's, made
    // again after a change of its sources, loads Vite).
    const scripts = (
      await Promise.all(
        (await readdir(coverage))
          .filter((f) => f.startsWith(`coverage-${child.pid}-`))
          .map(async (f) => (JSON.parse(await readFile(path.join(coverage, f), 'utf8')) as Coverage).result),
      )
    ).flat();
    // Nothing of Vite (no development app, no module runner) nor of the browser driver is
    // loaded, and no code of the experiments' statistics runs.
    const fromPackages = scripts.map((s) => s.url).filter((u) => u.includes('/node_modules/'));
    for (const pkg of ['vite', '@vitejs/plugin-react', 'rolldown', 'playwright-core'])
      expect(
        fromPackages.filter((u) => u.includes(`/node_modules/${pkg}/`)),
        pkg,
      ).toEqual([]);
    const bundled = scripts.find((s) =>
      s.url.endsWith(`/${path.basename(path.dirname(loader!))}/bundle.cjs`),
    );
    const ran = bundled!.functions.filter((f) => f.ranges[0]!.count > 0).map((f) => f.functionName);
    expect(ran.filter((name) => /node_modules\/@stdlib\/|^runtime\/experiments\//.test(name))).toEqual([]);
    // React is first loaded after main.ts set NODE_ENV=production for the built app: its
    // production build runs, not its development one.
    expect(ran).toContainEqual(expect.stringMatching(/node_modules\/react\/cjs\/react\.production\.js$/));
    expect(ran.filter((name) => /node_modules\/react(-dom)?\/cjs\/.*development/.test(name))).toEqual([]);
  });

  it('previews a page as the Estúdio of npm run studio does, with the runtime of its bundle', async () => {
    const hot = await startStudio();
    const dir = await mkdtemp(path.join(tmp, 'estudio-'));
    await cp(path.join(repo, 'pages'), path.join(dir, 'pages'), { recursive: true });
    const args = await entryArgs(repo, 'studio/server/main.ts');
    expect(args).toHaveLength(1);
    const child = spawn(
      process.execPath,
      [
        ...args,
        '--dev',
        '--port',
        '0',
        '--pages',
        path.join(dir, 'pages'),
        '--data',
        path.join(dir, 'dados'),
      ],
      { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let printed = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const line = printed.split('\n').find((l) => /^http:\/\/127\.0\.0\.1:\d+\/\?token=/.test(l));
          if (line) resolve(line.trim());
        });
        child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`O Estúdio saiu (${code}):\n${printed}`)));
      });
      const base = new URL(url).origin;
      const opened = await fetch(url, { redirect: 'manual' });
      const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
      const source = await readFile(path.join(repo, 'pages/index.yaml'), 'utf8');
      const preview = (at: string, session: string) =>
        fetch(`${at}/api/preview`, {
          method: 'POST',
          headers: { Cookie: session, Origin: at, 'Content-Type': 'application/json' },
          body: JSON.stringify({ file: 'pages/index.yaml', source }),
        }).then(async (r) => ({ status: r.status, body: await r.text() }));
      const fromBundle = await preview(base, cookie);
      const fromSources = await preview(hot.base, hot.cookie);
      expect(fromBundle.status).toBe(200);
      expect(fromBundle.body).toContain('Recarga de Cilindros CO2');
      expect(fromBundle).toEqual(fromSources);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await hot.close();
    }
  });
});

describe('a bundle follows its sources', () => {
  /** A copy of the project's sources in `dir`, sharing the repository's packages. */
  async function copyProject(dir: string): Promise<void> {
    for (const name of ['runtime', 'blocks', 'design', 'schema', 'pages', 'public'])
      await cp(path.join(repo, name), path.join(dir, name), { recursive: true });
    for (const name of ['package.json', 'package-lock.json', 'tsconfig.json'])
      await cp(path.join(repo, name), path.join(dir, name));
    await symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
  }

  it('makes a new bundle when a source changes, and runs the changed code', async () => {
    const dir = path.join(tmp, 'copia');
    await copyProject(dir);
    const first = await entryArgs(dir, 'runtime/cli.ts');
    try {
      expect(first).toHaveLength(1);
      expect((await node([...first, 'check'], dir)).out).toMatch(/✓ \d+ páginas válidas\./);
      const cli = path.join(dir, 'runtime/cli.ts');
      await writeFile(
        cli,
        (await readFile(cli, 'utf8')).replace("'páginas válidas'", "'páginas conferidas'"),
      );
      const second = await entryArgs(dir, 'runtime/cli.ts');
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
      expect((await node([...second, 'check'], dir)).out).toMatch(/✓ \d+ páginas conferidas\./);
    } finally {
      // The copy's bundles are kept in the shared packages' cache: removed with the copy.
      await rm(bundleCacheDir(dir, 'runtime/cli.ts'), { recursive: true, force: true });
    }
  });

  it('runs through tsx when a package it would carry finds its own files (no bundle is made)', async () => {
    const dir = path.join(tmp, 'pacote');
    await copyProject(dir);
    // Its own node_modules: the repository's packages, and one that reads a file beside it.
    await rm(path.join(dir, 'node_modules'));
    await mkdir(path.join(dir, 'node_modules/pacote-com-arquivo'), { recursive: true });
    for (const name of await readdir(path.join(repo, 'node_modules')))
      await symlink(path.join(repo, 'node_modules', name), path.join(dir, 'node_modules', name), 'junction');
    const pkg = path.join(dir, 'node_modules/pacote-com-arquivo');
    await writeFile(path.join(pkg, 'package.json'), '{ "name": "pacote-com-arquivo", "main": "index.js" }\n');
    await writeFile(
      path.join(pkg, 'index.js'),
      "module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, 'dados.txt'), 'utf8');\n",
    );
    await writeFile(path.join(pkg, 'dados.txt'), 'dados do pacote\n');
    const cli = path.join(dir, 'runtime/cli.ts');
    await writeFile(
      cli,
      `import dados from 'pacote-com-arquivo';\nconsole.log(dados);\n${await readFile(cli, 'utf8')}`,
    );
    const args = await entryArgs(dir, 'runtime/cli.ts');
    await rm(bundleCacheDir(dir, 'runtime/cli.ts'), { recursive: true, force: true });
    // Bundled, __dirname would be the bundle's folder: the package is left where it reads its file.
    expect(args.slice(0, 1)).toEqual(['--import']);
    expect(args.at(-1)).toBe(cli);
  });

  it('runs through tsx when the entry reaches outside its folders (no bundle is made)', async () => {
    const dir = path.join(tmp, 'fora');
    await copyProject(dir);
    await writeFile(path.join(dir, 'extra.ts'), "export const EXTRA = 'fora das pastas';\n");
    const cli = path.join(dir, 'runtime/cli.ts');
    await writeFile(
      cli,
      `import { EXTRA } from '../extra.ts';\nconsole.log(EXTRA);\n${await readFile(cli, 'utf8')}`,
    );
    const args = await entryArgs(dir, 'runtime/cli.ts');
    await rm(bundleCacheDir(dir, 'runtime/cli.ts'), { recursive: true, force: true });
    expect(args.slice(0, 1)).toEqual(['--import']);
    expect(args.at(-1)).toBe(cli);
    const run = await node([...args, 'check'], dir);
    expect(run.code).toBe(0);
    expect(run.out).toContain('fora das pastas');
    expect(run.out).toMatch(/✓ \d+ páginas válidas\./);
  });
});

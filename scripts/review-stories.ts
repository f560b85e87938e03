/**
 * Visual review of the Storybook stories for designers (issue 28, decision 0031): builds
 * Storybook for the working tree and for a git ref (default the previous commit), renders in
 * Chromium, at both versions, every story the difference can reach (select.ts; `--all`: every
 * story), compares them pixel by pixel and writes a report of the stories that changed (before,
 * after, difference), the new and the removed ones, and prints one line. It is a report, not a
 * gate: exit code 0 whatever changed, non-zero only when a build or a render fails.
 *
 *   npm run review:stories [-- --base <ref>] [--static <dir>] [--out <dir>] [--all] [--self]
 *
 *   --base <ref>    what to compare with (default HEAD~1)
 *   --static <dir>  an up-to-date build of the working tree, made with --stats-json into the same
 *                   folder, to reuse (CI: storybook-static)
 *   --out <dir>     where the report goes (default .tmp/review-stories)
 *   --all           render every story, not only those the changed files reach
 *   --self          compare the working tree's build with itself: every story rendered twice,
 *                   the second time in the opposite order, which must report no change (the
 *                   review's own determinism check)
 *
 *   REVIEW_STORIES_WORKERS=n  tabs rendering at once (default 2)
 *   REVIEW_STORIES_DEBUG=1    prints each story's milliseconds to open and to settle and shoot
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { launchChromium } from './chromium.ts';
import {
  buildStorybook,
  changedFiles,
  exportCommit,
  moduleGraph,
  resolveCommit,
  storyIndex,
} from './review-stories/build.ts';
import { compare } from './review-stories/compare.ts';
import { renderAll, serve, storyViewports, type Job, type Served } from './review-stories/render.ts';
import { pageBlockTypes, reachesNoStory, selectStories } from './review-stories/select.ts';
import {
  imageFiles,
  reportHtml,
  summaryLine,
  type Changed,
  type Review,
  type StoryInfo,
} from './review-stories/report.ts';

const started = Date.now();
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} precisa de um valor.`);
  return value;
}
const self = args.includes('--self');
const all = args.includes('--all');
const baseRef = option('--base') ?? 'HEAD~1';
const staticDir = option('--static');
const outDir = path.resolve(option('--out') ?? path.join(root, '.tmp', 'review-stories'));
/** Tabs rendering at once: the machine has 2 cores, and the server and Chromium share them. */
const WORKERS = Number(process.env.REVIEW_STORIES_WORKERS ?? 2);

const seconds = (since: number) => Math.round((Date.now() - since) / 1000);
const log = (text: string) => console.log(`review:stories: ${text}`);

const tmp = await mkdtemp(path.join(os.tmpdir(), 'review-stories-'));
const servers: Served[] = [];
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
try {
  // 1. The two builds, side by side.
  let baseLabel = 'a mesma versão (--self)';
  const headDir = staticDir ? path.resolve(staticDir) : path.join(tmp, 'head-static');
  if (staticDir && !existsSync(path.join(headDir, 'index.json')))
    throw new Error(`${staticDir} não é um build do Storybook (falta index.json).`);
  let baseDir = headDir;
  let changed: string[] = [];
  let commit: string | undefined;
  if (!self) {
    commit = await resolveCommit(root, baseRef);
    const { stdout } = await promisify(execFile)('git', ['log', '-1', '--format=%h (%s)', commit], {
      cwd: root,
    });
    baseLabel = `${baseRef} = ${stdout.trim()}`;
    changed = await changedFiles(root, commit);
  }
  // With a build of the working tree at hand, a change that no story reads needs no base build.
  const headGraph = staticDir && !self && !all ? await moduleGraph(headDir) : null;
  const untouched = headGraph !== null && reachesNoStory(changed, headGraph);
  const buildsStarted = Date.now();
  const builds: Promise<void>[] = [];
  if (!staticDir) builds.push(buildStorybook(root, root, headDir));
  if (commit && !untouched) {
    baseDir = path.join(tmp, 'base-static');
    const source = path.join(tmp, 'base-src');
    builds.push(exportCommit(root, commit, source).then(() => buildStorybook(root, source, baseDir)));
  }
  await Promise.all(builds);
  if (builds.length)
    log(`${builds.length === 2 ? 'dois builds' : 'build'} do Storybook em ${seconds(buildsStarted)} s`);

  // 2. The stories the change can reach (all of them with --all or --self), rendered at both.
  const [head, base] = await Promise.all([storyIndex(headDir), storyIndex(baseDir)]);
  const both = [...head.keys()].filter((id) => base.has(id));
  let render = new Set(both);
  let scope = 'todas as histórias';
  if (untouched) {
    render = new Set();
    scope = `nenhuma (os ${changed.length} arquivos mudados ficam fora do que as histórias leem)`;
  } else if (!self && !all) {
    const graphs = await Promise.all([moduleGraph(headDir), moduleGraph(baseDir)]);
    if (graphs.some((graph) => !graph)) {
      scope = `todas as histórias (${staticDir ?? 'o build'} não tem preview-stats.json: faça-o com --stats-json)`;
    } else {
      const stories = [...head, ...base].map(([id, story]) => ({ id, ...story }));
      const sources = [root, path.join(tmp, 'base-src')];
      const selection = selectStories({
        changed,
        graphs: graphs as NonNullable<(typeof graphs)[0]>[],
        stories,
        pageTypes: (importPath) => pageBlockTypes(sources, importPath),
      });
      if (selection.all) scope = `todas as histórias (${selection.all})`;
      else {
        render = new Set(both.filter((id) => selection.ids.has(id)));
        scope = `as ${render.size} histórias que dependem dos ${changed.length} arquivos mudados`;
      }
    }
  }
  log(`renderiza ${scope}`);
  const headServer = await serve(headDir);
  servers.push(headServer);
  const baseServer = baseDir === headDir ? headServer : await serve(baseDir);
  if (baseServer !== headServer) servers.push(baseServer);
  const renderStarted = Date.now();
  const jobs: Job[] = [];
  const added = [...head.keys()].filter((id) => !base.has(id));
  const removed = [...base.keys()].filter((id) => !head.has(id));
  if (render.size + added.length + removed.length > 0) {
    browser = await launchChromium();
    const [headViewports, baseViewports] = await Promise.all([
      storyViewports(browser, headServer.url, [...render, ...added]),
      storyViewports(browser, baseServer.url, [...render, ...removed]),
    ]);
    if (self) {
      // Twice, the second time in the opposite order, so what one story leaves behind for the
      // next would show up as a difference.
      const ids = [...render];
      for (const id of [...ids, ...ids.reverse()])
        jobs.push({ url: headServer.url, id, viewport: headViewports.get(id)! });
    } else {
      for (const id of render) {
        jobs.push({ url: headServer.url, id, viewport: headViewports.get(id)! });
        jobs.push({ url: baseServer.url, id, viewport: baseViewports.get(id)! });
      }
      for (const id of added) jobs.push({ url: headServer.url, id, viewport: headViewports.get(id)! });
      for (const id of removed) jobs.push({ url: baseServer.url, id, viewport: baseViewports.get(id)! });
    }
  }
  const shots = path.join(tmp, 'shots');
  await mkdir(path.join(shots, 'head'), { recursive: true });
  await mkdir(path.join(shots, 'base'), { recursive: true });
  // --self: the two renders of a story share a URL; the first goes to "base", the second to "head".
  const seen = new Set<string>();
  const shotFile = (side: 'head' | 'base', id: string) => path.join(shots, side, `${id}.png`);
  if (browser)
    await renderAll(browser, jobs, WORKERS, async (job, png) => {
      const side = self ? (seen.has(job.id) ? 'head' : 'base') : job.url === headServer.url ? 'head' : 'base';
      seen.add(job.id);
      await writeFile(shotFile(side, job.id), png);
    });
  log(`${jobs.length} renderizações em ${seconds(renderStarted)} s`);

  // 3. Compared, and the report written.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'img'), { recursive: true });
  const info = (id: string): StoryInfo => ({ id, ...(head.get(id) ?? base.get(id)!) });
  const review: Review = {
    base: baseLabel,
    head: self
      ? 'o mesmo build, renderizado de novo'
      : staticDir
        ? `a árvore de trabalho (${staticDir})`
        : 'a árvore de trabalho',
    scope,
    rendered: render.size,
    total: head.size,
    changed: [],
    added: [],
    removed: [],
    unchanged: [],
    seconds: 0,
  };
  for (const id of new Set([...head.keys(), ...base.keys()])) {
    const files = imageFiles(id);
    if (!base.has(id)) {
      review.added.push(info(id));
      await writeFile(path.join(outDir, files.after), await readFile(shotFile('head', id)));
    } else if (!head.has(id)) {
      review.removed.push(info(id));
      await writeFile(path.join(outDir, files.before), await readFile(shotFile('base', id)));
    } else if (!render.has(id)) {
      review.unchanged.push(info(id));
    } else {
      const [before, after] = await Promise.all([
        readFile(shotFile('base', id)),
        readFile(shotFile('head', id)),
      ]);
      const difference = await compare(before, after);
      if (!difference) {
        review.unchanged.push(info(id));
        continue;
      }
      const changed: Changed = { ...info(id), pixels: difference.pixels, share: difference.share };
      review.changed.push(changed);
      await Promise.all([
        writeFile(path.join(outDir, files.before), before),
        writeFile(path.join(outDir, files.after), after),
        writeFile(path.join(outDir, files.diff), difference.image),
      ]);
    }
  }
  review.seconds = seconds(started);
  const report = path.join(outDir, 'index.html');
  await writeFile(report, reportHtml(review));
  await writeFile(path.join(outDir, 'summary.json'), `${JSON.stringify(review, null, 2)}\n`);
  console.log(summaryLine(review, path.relative(process.cwd(), report) || report));
} catch (error) {
  console.error(`review:stories: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
  await rm(tmp, { recursive: true, force: true });
}

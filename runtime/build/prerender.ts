/**
 * `npm run build`: validate every page, bundle the islands the pages use, prerender every
 * route to dist/<route>/index.html (and dist/404.html). Everything is written to a
 * temporary folder beside dist/ and swapped in only when all of it succeeded, so a failed
 * build never leaves a half-built dist/.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from 'vite';
import { fontBaseName, fontFiles, type FontFile } from '../../design/fonts.ts';
import { assertWithinBudget, measureRouteJs, scriptsInHtml, type JsBudget, type RouteJs } from './budget.ts';
import {
  checkSite,
  clientCodeOf,
  PageErrors,
  routeToOutFile,
  symbolicLinkProblem,
  symbolicLinks,
  type Project,
  type SiteCheck,
} from '../load/index.ts';
import { fingerprintFiles } from './fingerprint.ts';
import { svgInliner, renderPage, type PageAssets } from '../render/index.ts';
import { placeNetlifyFunction, writeExperimentManifest } from './experiments.ts';
import { writeEpochs } from './schedule.ts';
import { writeSeoFiles } from './seo-files.ts';
import { blockList, blockMap } from '../../blocks/index.ts';
import { writeDeployFiles } from './headers.ts';
import { writeImageVariants } from './images.ts';
import { clientPlugins, sideEffectFree } from './client-bundle.ts';
import { keptClientBundle } from './client-cache.ts';

export const CLIENT_ENTRY = 'runtime/client/main.ts';
const HYDRATE_MODULE = 'runtime/client/hydrate.tsx';

export interface BuildOptions {
  root: string;
  pagesDir?: string;
  outDir?: string;
  /** Print progress lines (the CLI passes console.log). */
  log?: (line: string) => void;
  /** Static files copied as they are (default <root>/public); tests pass their own. */
  publicDir?: string;
  /** JavaScript budget per route (default JS_BUDGET); over it the build fails. */
  budget?: JsBudget;
  /** The build's clock (default: now): the root is the site at this instant (issue 38). */
  now?: Date;
  /** Where client bundles are kept (client-cache.ts; default node_modules/.cache/fillgas-client). */
  clientCache?: string;
}

export interface BuildReport {
  routes: {
    route: string;
    file: string;
    islands: string[];
    behaviors: string[];
    scripts: string[];
    js: RouteJs;
  }[];
  timings: {
    validateMs: number;
    bundleMs: number;
    prerenderMs: number;
    /** Prerendering every scheduled instant's site (0 without schedules and audiences). */
    scheduleMs: number;
    totalMs: number;
  };
  outDir: string;
}

export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const { root, log = () => {} } = options;
  const pagesDir = options.pagesDir ?? path.join(root, 'pages');
  const outDir = options.outDir ?? path.join(root, 'dist');
  const publicDir = options.publicDir ?? path.join(root, 'public');
  const t0 = performance.now();

  // No symbolic link in public/ either (pages/ is the loader's): Vite's copy of the folder, the
  // image pipeline and the SVG inliner would all follow one out of the project (decision 0017).
  const publicLinks = (await symbolicLinks(publicDir)).map((link) =>
    symbolicLinkProblem(path.relative(root, path.join(publicDir, link)).split(path.sep).join('/')),
  );
  // The whole-site check (runtime/load/check-site.ts, shared with npm run check and the Estúdio):
  // the site now and at every later scheduled instant, each loaded once.
  let checked: SiteCheck;
  try {
    checked = await checkSite({
      root,
      pagesDir,
      blocks: blockList,
      ...(options.now && { now: options.now }),
    });
  } catch (error) {
    if (error instanceof PageErrors && publicLinks.length > 0) {
      throw new PageErrors([...error.problems, ...publicLinks]);
    }
    throw error;
  }
  if (publicLinks.length > 0) throw new PageErrors(publicLinks);
  const project = checked.project;
  const t1 = performance.now();
  log(`✓ ${project.pages.length} páginas válidas`);

  const tmp = `${outDir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  // Scheduled changes (issue 38): the root is the site as it is now, every later instant's site
  // prerendered beside it; none to come and no audience, the build is exactly the one it always was.
  const scratch = `${outDir}.agenda-${process.pid}`;
  try {
    const built = await renderSite(root, project, tmp, publicDir, options, log);
    const t3 = performance.now();
    if (checked.future.length === 0 && project.audiences.length === 0) {
      await writeExperimentManifest(tmp, project.experiments, root);
    } else {
      const manifest = await writeEpochs(
        tmp,
        checked,
        scratch,
        (state, out) => renderSite(root, state, out, publicDir, options, () => {}).then(() => undefined),
        root,
        log,
      );
      const rebuilt = new Set(
        manifest.epochs
          .slice(1)
          .map((e) => e.folder)
          .filter(Boolean),
      ).size;
      log(
        `✓ ${manifest.epochs.length - 1} ${manifest.epochs.length === 2 ? 'instante agendado' : 'instantes agendados'} na borda (${rebuilt} com páginas próprias, em dist/_agenda/)`,
      );
    }
    const t4 = performance.now();

    await rm(path.join(tmp, '.vite'), { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    await rename(tmp, outDir);
    await placeNetlifyFunction(outDir);
    return {
      routes: built.routes,
      outDir,
      timings: {
        validateMs: t1 - t0,
        bundleMs: built.bundleMs,
        prerenderMs: t3 - t1 - built.bundleMs,
        scheduleMs: t4 - t3,
        totalMs: performance.now() - t0,
      },
    };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * One site prerendered into `out`: the page script bundled, every page rendered, images and
 * assets fingerprinted, SEO files, the JavaScript budget and the security headers. The root build
 * and each scheduled instant's run exactly this.
 */
async function renderSite(
  root: string,
  project: Project,
  tmp: string,
  publicDir: string,
  { budget, clientCache }: Pick<BuildOptions, 'budget' | 'clientCache'>,
  log: (line: string) => void,
): Promise<{ routes: BuildReport['routes']; bundleMs: number }> {
  const t1 = performance.now();
  const manifest = await bundleClient(root, tmp, usedClientCode(project), publicDir, clientCache);
  const fontUrls = await copyFonts(tmp);
  const bundleMs = performance.now() - t1;

  const assets: PageAssets = {
    fontUrl: (font) => fontUrls.get(font)!,
    preloadFonts: fontFiles.filter((f) => f.preload),
    pageScripts: (islands, behaviors) => scriptsFor(manifest, islands, behaviors),
    inlineSvg: svgInliner(publicDir),
  };
  const rendered: Omit<BuildReport['routes'][number], 'js'>[] = [];
  const renderedHtml: string[] = [];
  for (const page of project.pages) {
    const { html, islandTypes, behaviorTypes } = renderPage(page, project, blockMap, assets);
    renderedHtml.push(html);
    rendered.push({
      route: page.route,
      file: routeToOutFile(page.route),
      islands: islandTypes,
      behaviors: behaviorTypes,
      scripts: scriptsInHtml(html),
    });
  }
  // AVIF/WebP/fallback sizes of the raster images the pages show (design/picture.tsx),
  // then every image the pages name moves to a content-hashed address under /assets/.
  await writeImageVariants(root, publicDir, tmp, renderedHtml);
  const hashed = await fingerprintFiles(publicDir, tmp, renderedHtml);
  const pagesHtml = rendered.map((r, i) => ({ route: r.route, html: hashed.pages[i]! }));
  await Promise.all(
    rendered.map(async (r, i) => {
      const target = path.join(tmp, r.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, pagesHtml[i]!.html);
    }),
  );
  await writeSeoFiles(tmp, project.site, project.pages, project);
  // Gzipped JS of every route against its budget (runtime/build/budget.ts): over it, no dist/.
  // Only a production bundle is held to it (Vite makes a development one, with React's
  // development build, when NODE_ENV is set to something else, as under vitest).
  const js = await measureRouteJs(tmp, rendered, budget);
  const routes = rendered.map((r, i) => ({ ...r, js: js[i]! }));
  if (process.env.NODE_ENV === 'production') assertWithinBudget(routes);
  else
    log(
      `Orçamento de JavaScript não verificado: pacote de desenvolvimento (NODE_ENV=${process.env.NODE_ENV}).`,
    );
  // Security headers for static hosts (_headers); refuses inline scripts the CSP would block.
  await writeDeployFiles(tmp, project.site, pagesHtml);
  return { routes, bundleMs };
}

/**
 * Island types and behaviour types used by at least one page (a block may be static on one
 * page, interactive on another).
 */
function usedClientCode(project: Project): { islandTypes: string[]; behaviorTypes: string[] } {
  const islands = new Set<string>();
  const behaviors = new Set<string>();
  for (const page of project.pages) {
    for (const { type, hideFor: _hideFor, ...props } of page.model.blocks) {
      const def = blockMap.get(type);
      if (!def) continue;
      const { kind } = clientCodeOf(def, props);
      if (kind === 'island') islands.add(type);
      else if (kind === 'behavior') behaviors.add(type);
    }
  }
  return { islandTypes: [...islands].sort(), behaviorTypes: [...behaviors].sort() };
}

/** Bundles the page script, the island loader, the islands and behaviours pages use; copies public/. */
async function bundleClient(
  root: string,
  outDir: string,
  used: { islandTypes: string[]; behaviorTypes: string[] },
  publicDir: string,
  cacheDir?: string,
): Promise<Manifest> {
  // Kept by a fingerprint of its sources, packages, public/ and the types used (client-cache.ts).
  await keptClientBundle(
    { root, publicDir, used },
    outDir,
    () => viteBundle(root, outDir, used, publicDir),
    cacheDir,
  );
  return JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Vite's build of the client into `outDir` (public/ copied in); the ids of the modules bundled. */
async function viteBundle(
  root: string,
  outDir: string,
  used: { islandTypes: string[]; behaviorTypes: string[] },
  publicDir: string,
): Promise<string[]> {
  // Loaded only here: a build whose client bundle is kept does not load Vite at all.
  const { build: viteBuild } = await import('vite');
  const output = await viteBuild({
    configFile: false,
    root,
    logLevel: 'warn',
    appType: 'custom',
    publicDir,
    plugins: clientPlugins(used),
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: path.join(root, CLIENT_ENTRY),
        treeshake: { moduleSideEffects: (id: string) => !sideEffectFree(id) },
      },
    },
  });
  // (A watcher, never asked for here, would say nothing of its modules: such a bundle is not kept.)
  if (!Array.isArray(output) && !('output' in output)) return ['(watcher)'];
  return (Array.isArray(output) ? output : [output]).flatMap((o) =>
    o.output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])),
  );
}

/**
 * The page script with its modulepreloads (its imports and the page's block behaviours), and
 * the chunks of the page's islands (the island loader, React, each island and their imports),
 * which the page script fetches together after the first paint (decision 0011): nothing
 * waterfalls, and nothing of React competes with the first screen.
 */
export function scriptsFor(
  manifest: Manifest,
  islandTypes: string[],
  behaviorTypes: string[] = [],
): { entry: string; preloads: string[]; islands: string[] } {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} não está no manifesto do Vite`);
  const seen = new Set<string>([`/${entry.file}`]);
  const collect = (keys: string[]) => {
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(`/${chunk.file}`)) return;
      seen.add(`/${chunk.file}`);
      files.push(`/${chunk.file}`);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  };
  const preloads = collect([
    ...(entry.imports ?? []),
    ...behaviorTypes.map((type) => `blocks/${type}/${type}.behavior.ts`),
  ]);
  const islands =
    islandTypes.length > 0
      ? collect([HYDRATE_MODULE, ...islandTypes.map((type) => `blocks/${type}/${type}.tsx`)])
      : [];
  return { entry: `/${entry.file}`, preloads, islands };
}

/** design/fonts/, where the cut font files are (design/fonts/subset.py). */
const SUBSET_FONTS_DIR = fileURLToPath(new URL('../../design/fonts/', import.meta.url));

/**
 * The font files the site ships: each @fontsource file cut to the characters the site's text
 * uses, kept in design/fonts/ (design/fonts.ts, SUBSET_UNICODE_RANGE), with a content hash.
 */
async function copyFonts(outDir: string): Promise<Map<FontFile, string>> {
  const urls = new Map<FontFile, string>();
  await mkdir(path.join(outDir, 'assets/fonts'), { recursive: true });
  for (const font of fontFiles) {
    const bytes = await readFile(path.join(SUBSET_FONTS_DIR, `${fontBaseName(font)}.woff2`));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
    const name = `assets/fonts/${fontBaseName(font)}-${hash}.woff2`;
    await writeFile(path.join(outDir, name), bytes);
    urls.set(font, `/${name}`);
  }
  return urls;
}

/**
 * Loads the whole site: _site.yaml plus every route file, each parsed, validated and
 * checked against the others. All problems of all files are collected and thrown
 * together, so an author fixes everything in one pass.
 */
import path from 'node:path';
import { isScalar, type Node } from 'yaml';
import { buildPageSchema, type PageMeta } from '../../schema/page.ts';
import { SiteSchema, type Site } from '../../schema/site.ts';
import type { AnyBlockDefinition } from './define-block.ts';
import { PageErrors, type PageProblem } from './errors.ts';
import { duplicateBlockIds } from './duplicate-ids.ts';
import {
  createVariantResolver,
  isVariant,
  resolvePageName,
  uniqueProblems,
  type BlockSource,
} from './extends.ts';
import { readPageFile, readSiteFolder, symbolicLinkProblem, type SourceOverrides } from './files.ts';
import type { ParsedFile } from './parse.ts';
import { checkExperiments, type ResolvedExperiment } from './experiments.ts';
import { checkAudiences, type ResolvedAudience } from './audiences.ts';
import { anchorProblems, pageAnchors, type PageAnchors, type RouteAnswer } from './anchors.ts';
import { linkChecker, type LinkCheck } from './links.ts';
import { SCHEDULES_DIR } from './schedule-model.ts';
import { badRouteFileName, fileToRoute, isRouteFile, routeLimitProblem } from './routes.ts';
import type { Validator } from './validate.ts';
import { keptValidator } from './validator-cache.ts';

export const SITE_FILE = '_site.yaml';

export interface BlockInstance {
  type: string;
  id?: string;
  hideFor?: 'paidTraffic';
  [prop: string]: unknown;
}

export type PageModel = Required<Pick<PageMeta, 'title' | 'description' | 'robots' | 'canonical'>> &
  Pick<PageMeta, 'image' | 'jsonLd' | 'analytics' | 'reveal' | 'scrollToTop'> & { blocks: BlockInstance[] };

export interface LoadedPage {
  route: string;
  /** Relative to the project root: "pages/agendamento.yaml". */
  file: string;
  model: PageModel;
  /** Where each block of model.blocks was written (a variant's come from its base files too). */
  blockSources: BlockSource[];
  /** The routes of the site the links its author wrote go to, sorted (links.ts; defaults aside). */
  linksTo?: string[];
}

export interface Project {
  site: Site;
  pages: LoadedPage[];
  /** The site's experiments (issue 20), each variant resolved to its page file and route. */
  experiments: ResolvedExperiment[];
  /** The site's audiences (issue 38), each rule's page resolved to its file and route. */
  audiences: ResolvedAudience[];
}

export interface LoadOptions {
  root: string;
  pagesDir: string;
  blocks: readonly AnyBlockDefinition[];
  /** Only validate these route files (absolute or relative to root); _site.yaml is always read. */
  only?: string[];
  /** Unsaved text to read instead of these files (root-relative paths), with the same limits. */
  sources?: SourceOverrides;
  /**
   * Filled by the load even when it throws: the routes each page's written links go to, by the
   * page's file (root-relative), as LoadedPage.linksTo. The Estúdio names the pages that link to
   * a page before it is deleted, also while the site has problems (studio/server/pages.ts).
   */
  linkRoutes?: Map<string, string[]>;
}

export interface Validators {
  page: Validator;
  site: Validator;
}

const validatorCache = new WeakMap<readonly AnyBlockDefinition[], Validators>();

export function validatorsFor(blocks: readonly AnyBlockDefinition[]): Validators {
  let validators = validatorCache.get(blocks);
  if (!validators) {
    // Compiled once per schema and kept on disk (validator-cache.ts): about 1 s of CPU a process.
    validators = {
      page: keptValidator(buildPageSchema(blocks)),
      site: keptValidator(JSON.parse(JSON.stringify(SiteSchema)) as Record<string, unknown>),
    };
    validatorCache.set(blocks, validators);
  }
  return validators;
}

export async function loadProject(options: LoadOptions): Promise<Project> {
  const { root, pagesDir, blocks } = options;
  const validators = validatorsFor(blocks);
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const problems: PageProblem[] = [];

  const folder = await readSiteFolder(pagesDir);
  // The schedules' folder is no part of the site at any instant (checkSite overlays it, schedule.ts).
  const files = folder.files.filter((f) => !f.startsWith(`${SCHEDULES_DIR}/`));
  // A link in pages/ is refused wherever it points, even with `only`: no file is read through one.
  for (const link of folder.links) problems.push(symbolicLinkProblem(rel(path.join(pagesDir, link))));
  const only = options.only?.map((f) => path.resolve(root, f));
  for (const wanted of only ?? []) {
    const relToPages = path.relative(pagesDir, wanted).split(path.sep).join('/');
    if (relToPages.startsWith('..') || !files.includes(relToPages) || !isRouteFile(relToPages)) {
      problems.push({
        code: 'not-a-page',
        message: `${rel(wanted)} não é uma página: informe arquivos .yaml de dentro de ${rel(pagesDir)}/ (sem "_" no nome).`,
        loc: { file: rel(wanted), line: 1, column: 1 },
      });
    }
  }

  const loadedSite = await loadSite(
    path.join(pagesDir, SITE_FILE),
    rel(path.join(pagesDir, SITE_FILE)),
    validators,
    problems,
    options.sources,
  );
  const site = loadedSite?.site;
  let experiments: ResolvedExperiment[] = [];
  const pageFiles = files.filter((f) => isRouteFile(f) && badRouteFileName(f) === undefined);
  if (loadedSite && site?.experiments) {
    const checked = checkExperiments(site.experiments, loadedSite.parsed, pageFiles);
    problems.push(...checked.problems);
    experiments = checked.resolved;
  }
  let audiences: ResolvedAudience[] = [];
  if (loadedSite && site?.audiences) {
    const checked = checkAudiences(site.audiences, loadedSite.parsed, pageFiles, experiments, site.host);
    problems.push(...checked.problems);
    audiences = checked.resolved;
  }

  const routeFiles = files.filter((f) => {
    if (f.endsWith('.yml')) {
      problems.push({
        code: 'bad-file-name',
        message: `Extensão ".yml" não é lida: renomeie para "${path.basename(f, '.yml')}.yaml".`,
        loc: { file: rel(path.join(pagesDir, f)), line: 1, column: 1 },
      });
      return false;
    }
    return isRouteFile(f);
  });

  const pages: LoadedPage[] = [];
  const byRoute = new Map<string, string>();
  for (const f of routeFiles) {
    const file = rel(path.join(pagesDir, f));
    const route = fileToRoute(f);
    const bad = badRouteFileName(f);
    if (bad !== undefined) {
      problems.push({
        code: 'bad-file-name',
        ...(routeLimitProblem(f) === undefined
          ? {
              message: `O nome "${bad}" não serve para endereço de página.`,
              hint: 'Use só letras minúsculas sem acento, números e hífens, ex.: recarga-barueri.yaml.',
            }
          : { message: routeLimitProblem(f)!, hint: 'Use um nome mais curto, ex.: recarga-barueri.yaml.' }),
        loc: { file, line: 1, column: 1 },
      });
      continue;
    }
    const other = byRoute.get(route);
    if (other !== undefined) {
      problems.push({
        code: 'duplicate-route',
        message: `Dois arquivos para o mesmo endereço ${route}: ${other} e ${file}.`,
        hint: 'Apague ou renomeie um dos dois.',
        loc: { file, line: 1, column: 1 },
      });
      continue;
    }
    byRoute.set(route, file);
    if (only && !only.includes(path.join(pagesDir, f))) continue;
    pages.push({ route, file, model: undefined as unknown as PageModel, blockSources: [] });
  }

  const parsedPages = await Promise.all(
    pages.map(async (page) => ({
      page,
      result: await readPageFile(path.join(root, page.file), page.file, options.sources),
    })),
  );
  // Every link to a page of the site goes to one of these routes (runtime/load/links.ts).
  const links = linkChecker(blocks, byRoute.keys());
  // Variants (`extends:`) are merged with their base page and validated whole (runtime/load/extends.ts).
  const variantOptions = { root, pagesDir, files, page: validators.page, blocks, sources: options.sources };
  const resolveVariant = createVariantResolver({ ...variantOptions, links });
  for (const { page, result } of parsedPages) {
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    if (isVariant(result.parsed.data)) {
      const variant = await resolveVariant(result.parsed);
      if (variant.ok) {
        page.model = variant.data as PageModel;
        page.blockSources = variant.blocks;
      } else problems.push(...variant.problems);
      continue;
    }
    // Links first: the validation fills in defaults, and the check is of the links written.
    const broken = links(result.parsed);
    const found = validators.page(result.parsed);
    found.push(...duplicateAnchors(result.parsed), ...broken);
    problems.push(...found);
    page.model = result.parsed.data as PageModel;
    // Hostile input is still unvalidated here: `blocks` may be anything but a list.
    const blocks: unknown = page.model.blocks;
    page.blockSources = Array.isArray(blocks)
      ? blocks.map((_, i) => ({ file: page.file, path: ['blocks', i] }))
      : [];
  }

  // Links to anchors (#faq, /recarga#faq), once every page's blocks are known (anchors.ts).
  if (links.anchorLinks.length > 0) {
    problems.push(
      ...(await checkAnchors(links, {
        ...options,
        pages,
        byRoute,
        experiments,
        audiences,
        // The pages a link goes to that this load did not read are read without a link check of their own.
        resolveVariant: () => createVariantResolver(variantOptions),
      })),
    );
  }
  for (const page of pages) page.linksTo = [...(links.routesOf.get(page.file) ?? [])].sort();
  for (const [file, routes] of links.routesOf) options.linkRoutes?.set(file, [...routes].sort());

  if (problems.length > 0) throw new PageErrors(uniqueProblems(problems));
  return { site: site!, pages, experiments, audiences };
}

/**
 * The problems of the links whose anchor a page they lead to does not have. The anchors come from
 * the loaded pages; with `only`, the pages a link goes to are read too (their own problems are not
 * this load's: a page that does not load is left unjudged).
 */
async function checkAnchors(
  links: LinkCheck,
  load: LoadOptions & {
    pages: readonly LoadedPage[];
    byRoute: ReadonlyMap<string, string>;
    experiments: readonly ResolvedExperiment[];
    audiences: readonly ResolvedAudience[];
    resolveVariant: () => ReturnType<typeof createVariantResolver>;
  },
): Promise<PageProblem[]> {
  const { root, pagesDir, blocks } = load;
  const rel = (f: string) => path.relative(root, path.join(pagesDir, f)).split(path.sep).join('/');
  const answers = (route: string): RouteAnswer[] => {
    const own = load.byRoute.get(route);
    const list: RouteAnswer[] = own === undefined ? [] : [{ file: own }];
    for (const e of load.experiments) {
      if (e.route !== route) continue;
      const winner =
        e.winner === undefined
          ? undefined
          : resolvePageName(
              e.winner,
              e.pages.map((p) => p.file),
            );
      const shown = winner && 'file' in winner ? e.pages.filter((p) => p.file === winner.file) : e.pages;
      for (const p of shown) list.push({ file: rel(p.file), why: `página do experimento "${e.id}"` });
    }
    for (const a of load.audiences) {
      if (a.route === route) list.push({ file: rel(a.file), why: `página de um público de ${route}` });
    }
    // One entry per file: the route's own page first.
    return list.filter((a, i) => list.findIndex((b) => b.file === a.file) === i);
  };
  const anchors = new Map<string, PageAnchors | undefined>();
  const routeOf = new Map<string, string>();
  for (const page of load.pages) {
    routeOf.set(page.file, page.route);
    // A variant that did not resolve has no model.
    anchors.set(page.file, page.model ? pageAnchors(blocks, page.model.blocks) : undefined);
  }
  const wanted = new Set<string>();
  for (const link of links.anchorLinks) {
    if (link.route === undefined) continue;
    for (const a of answers(link.route)) if (!anchors.has(a.file)) wanted.add(a.file);
  }
  const resolveVariant = wanted.size > 0 ? load.resolveVariant() : undefined;
  for (const file of wanted) {
    // A file that is gone or unreadable: the check that names it (an experiment's page…) says so.
    const read = await readPageFile(path.join(root, file), file, load.sources).catch(() => undefined);
    let data: unknown;
    if (read?.ok && isVariant(read.parsed.data)) {
      const variant = await resolveVariant!(read.parsed);
      data = variant.ok ? variant.data : undefined;
    } else if (read?.ok) data = read.parsed.data;
    anchors.set(
      file,
      data === undefined ? undefined : pageAnchors(blocks, (data as { blocks?: unknown }).blocks),
    );
  }
  return anchorProblems(links.anchorLinks, {
    routeOf: (file) => routeOf.get(file),
    anchorsOf: (file) => anchors.get(file),
    answers,
  });
}

async function loadSite(
  abs: string,
  file: string,
  validators: Validators,
  problems: PageProblem[],
  sources?: SourceOverrides,
) {
  let result;
  try {
    result = await readPageFile(abs, file, sources);
  } catch {
    problems.push({
      code: 'missing-site',
      message: `Arquivo de configurações do site não encontrado: ${file}.`,
      hint: 'Ele guarda marca, telefone, e-mail e endereço do site. Restaure-o do repositório.',
      loc: { file, line: 1, column: 1 },
    });
    return undefined;
  }
  if (!result.ok) {
    problems.push(...result.problems);
    return undefined;
  }
  const found = validators.site(result.parsed);
  problems.push(...found);
  return found.length === 0 ? { site: result.parsed.data as Site, parsed: result.parsed } : undefined;
}

/** Two blocks of a page with the same id, located in the page's file. */
function duplicateAnchors(parsed: ParsedFile): PageProblem[] {
  return duplicateBlockIds((parsed.data as { blocks?: unknown }).blocks, parsed.source, (index) => {
    const idNode = parsed.doc.getIn(['blocks', index, 'id'], true) as Node | undefined;
    const offset = isScalar(idNode) ? idNode.range![0] : 0;
    const { line, col } = parsed.lineCounter.linePos(offset);
    const length = isScalar(idNode) ? String(idNode.value).length : 0;
    return {
      loc: { file: parsed.file, line, column: col, endColumn: col + length },
      where: `na linha ${line}`,
      inherited: false,
    };
  });
}

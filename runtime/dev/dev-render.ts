/**
 * Loaded by the dev server through Vite's SSR module loader, so every edit to a block,
 * a schema or the runtime is picked up on the next request without a restart.
 */
import path from 'node:path';
import { isScalar, LineCounter, parse, parseDocument } from 'yaml';
import { fontBaseName, fontFiles } from '../../design/fonts.ts';
import { createBlockRenderCache, svgInliner, renderPage, type PageAssets } from '../render/index.ts';
import {
  formatProblem,
  isVariant,
  listYamlFiles,
  loadProject,
  resolvePageName,
  NOT_FOUND_ROUTE,
  PageErrors,
  RenderError,
  type LoadedPage,
  type PageProblem,
} from '../load/index.ts';
import { blockList, blockMap } from '../../blocks/index.ts';
import { markTexts, textLeaves, type TextLeaf } from './text-props.ts';
import { markImages, mediaLeaves, type BlockMedia } from './media-props.ts';
import { BLOCK_TAG, joinRender, type RenderParts } from './render-parts.ts';

export const DEV_FONT_PREFIX = '/assets/fonts/';

const devAssets = (root: string): PageAssets => ({
  fontUrl: (font) => `${DEV_FONT_PREFIX}${fontBaseName(font)}.woff2`,
  preloadFonts: fontFiles.filter((f) => f.preload),
  pageScripts: () => ({ entry: '/runtime/client/main.ts', preloads: [] }),
  inlineSvg: svgInliner(path.join(root, 'public')),
});

/** "/agendamento/", "/agendamento/index.html" → "/agendamento". */
export function normaliseRoute(pathname: string): string {
  let route = decodeURIComponent(pathname)
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '');
  if (route.length > 1) route = route.replace(/\/+$/, '');
  return route || '/';
}

/** Throws PageErrors for invalid pages and RenderError when a block throws. */
export async function renderForDev(
  root: string,
  pagesDir: string,
  pathname: string,
): Promise<{ status: number; html: string }> {
  const project = await loadProject({ root, pagesDir, blocks: blockList });
  const route = normaliseRoute(pathname);
  const page = project.pages.find((p) => p.route === route);
  const fallback = project.pages.find((p) => p.route === NOT_FOUND_ROUTE);
  const chosen = page ?? fallback;
  if (!chosen) return { status: 404, html: 'Página não encontrada (e não há pages/404.yaml).' };
  return { status: page ? 200 : 404, html: renderPage(chosen, project, blockMap, devAssets(root)).html };
}

/** A problem as the Estúdio shows it: located, and the same text `npm run check` prints. */
export interface DraftProblem {
  code: string;
  message: string;
  hint?: string;
  loc: { file: string; line: number; column: number; endColumn?: number };
  /** formatProblem's text: location, message, code frame, hint. */
  text: string;
}

export type DraftRender =
  | {
      ok: true;
      route: string;
      /** The render cut as the preview sends it: the document with empty blocks, and each block's markup. */
      parts: RenderParts;
      /** The whole document (joinRender of `parts`), made when first read: the preview's delta never reads it. */
      readonly html: string;
      /**
       * Per rendered block (the data-index of its <fillgas-block>): the file and path it was written
       * at, and its visible texts (text-props.ts), which the Estúdio lets the author edit in place.
       */
      blocks: {
        type: string;
        id?: string;
        file: string;
        path: (string | number)[];
        texts: TextLeaf[];
        /** Its images, link targets and lists (media-props.ts), changed on the page too. */
        media?: BlockMedia;
      }[];
    }
  | { ok: false; problems: DraftProblem[] };

/**
 * The preview's blocks rendered so far (renderPage's blockCache): a keystroke re-renders only the
 * block it changed. Module state: Vite's module runner loads this module afresh when a block's or
 * the runtime's code changes, and the cache with it.
 */
const previewBlocks = createBlockRenderCache();

export { BLOCK_TAG };

type Block = LoadedPage['model']['blocks'][number];
interface BlockMarks {
  texts: TextLeaf[];
  media: BlockMedia;
  /** The block's props with its texts and images marked: what the preview renders. */
  marked: Block;
}

/**
 * A block's texts, media and marked copy by its value as loaded (type, props after defaults):
 * they depend on nothing else but the block's schema, and this module is loaded afresh with it.
 * Read only: the same objects are handed to every render of an unchanged block.
 */
const previewMarks = new Map<string, BlockMarks>();
/** Beyond this many remembered block values the cache starts over (as the render cache does). */
const MAX_MARKED_BLOCKS = 4000;

function blockMarks(block: Block): BlockMarks {
  const key = JSON.stringify(block);
  const known = previewMarks.get(key);
  if (known) return known;
  const schema = blockMap.get(block.type)?.schema;
  const texts = textLeaves(schema, block);
  const media = mediaLeaves(schema, block, texts.length);
  const marks = { texts, media, marked: markImages(markTexts(block, texts), media.images) };
  if (previewMarks.size >= MAX_MARKED_BLOCKS) previewMarks.clear();
  previewMarks.set(key, marks);
  return marks;
}

/**
 * The Estúdio's preview: one page rendered from unsaved text (`source` replaces the file
 * `file`, root-relative) through the same load, validate and render path as the build. No
 * script tag runs there (the preview's agent brings the page script), each block is wrapped in
 * <fillgas-block data-index>, and each of its visible texts is between invisible marks.
 */
/**
 * Where a variant writes one text of an inherited block: runtime/author's smallestChange, given by
 * the caller (the dev stage does not import the author stage).
 */
export type ChangePathOf = (input: {
  block: string;
  base: unknown;
  change?: unknown;
  at: readonly (string | number)[];
  value: unknown;
}) => { path: (string | number)[] };

export async function renderDraft(
  root: string,
  pagesDir: string,
  file: string,
  source: string,
  options: { changePathOf?: ChangePathOf } = {},
): Promise<DraftRender> {
  let project;
  try {
    project = await loadProject({
      root,
      pagesDir,
      blocks: blockList,
      only: [file],
      sources: new Map([[file, source]]),
    });
  } catch (error) {
    if (!(error instanceof PageErrors)) throw error;
    return { ok: false, problems: error.problems.map(draftProblem) };
  }
  const page = project.pages.find((p) => p.file === file)!;
  // The page script as on the site (its markup: the below-the-fold layout, the pre-paint class):
  // the preview frame runs its own bundle of it and never the script tags of a render.
  const assets: PageAssets = {
    ...devAssets(root),
    blockCache: previewBlocks,
    markBlock: (index, html) => `<${BLOCK_TAG} data-index="${index}">${html}</${BLOCK_TAG}>`,
    blocksApart: true,
  };
  // Each visible text between invisible marks naming it (text-props.ts, decision 0038): the frame
  // finds where each block put each text. Only here: the site's own render is never marked.
  // Its images (marked in their alt text, numbered after the texts), link targets and lists. Each
  // block's found once per value: a keystroke finds and marks only the block it changed.
  const found = page.model.blocks.map(blockMarks);
  const texts = found.map((f) => f.texts);
  const media = found.map((f) => f.media);
  const marked = { ...page, model: { ...page.model, blocks: found.map((f) => f.marked) } };
  // In a variant, where each text of an inherited block is written (decision 0037's addresses).
  if (options.changePathOf && page.blockSources.some((at) => at.file !== file)) {
    const changes = await inheritedChanges(root, pagesDir, source, page.model.blocks, options.changePathOf);
    page.blockSources.forEach((at, i) => {
      const changeOf = changes?.[i];
      if (at.file === file || !changeOf) return;
      texts[i] = texts[i]!.map((leaf) => {
        try {
          return { ...leaf, change: changeOf(leaf.path, leaf.text) };
        } catch {
          return leaf;
        }
      });
      const changeAt = (at: (string | number)[]) => {
        try {
          return changeOf(at, undefined);
        } catch {
          return undefined;
        }
      };
      const { images, links, lists } = media[i]!;
      media[i] = {
        images: images.map((image) => ({ ...image, change: changeAt(image.path) })),
        links: links.map((link) => ({ ...link, change: changeAt(link.path) })),
        lists: lists.map((list) => {
          const items = list.value.map((_, k) => changeAt([...list.path, k]));
          const change = changeAt(list.path);
          return {
            ...list,
            ...(change ? { change } : {}),
            ...(items.every(Boolean) ? { items: items as (string | number)[][] } : {}),
          };
        }),
      };
    });
  }
  try {
    const rendered = renderPage(marked, project, blockMap, assets);
    const cut = rendered.html.indexOf('</head>');
    const parts: RenderParts = {
      head: rendered.html.slice(0, cut),
      skeleton: rendered.html.slice(cut),
      blocks: rendered.blocks!,
    };
    let whole: string | undefined;
    return {
      ok: true,
      route: page.route,
      parts,
      get html() {
        return (whole ??= joinRender(parts));
      },
      blocks: page.model.blocks.map((b, i) => ({
        type: b.type,
        ...(b.id ? { id: b.id } : {}),
        ...page.blockSources[i]!,
        texts: texts[i]!,
        media: media[i]!,
      })),
    };
  } catch (error) {
    if (!(error instanceof RenderError)) throw error;
    // Located at the block's `type` when the block is written in the edited file.
    const at = page.blockSources[error.blockIndex];
    let loc: PageProblem['loc'] = { file: at?.file ?? file, line: 1, column: 1 };
    if (at?.file === file) {
      const lineCounter = new LineCounter();
      const node = parseDocument(source, { lineCounter }).getIn([...at.path, 'type'], true);
      if (isScalar(node) && node.range) {
        const { line, col } = lineCounter.linePos(node.range[0]);
        loc = { file, line, column: col, endColumn: col + String(node.value).length };
      }
    }
    const problem: PageProblem = { code: 'render-error', message: error.message, loc, source };
    return { ok: false, problems: [draftProblem(problem)] };
  }
}

/**
 * Per block of the variant `source`, for those the base page gives: the `change:` path of a text
 * at a path of the block (undefined when the base cannot be read: the texts are then not offered).
 */
async function inheritedChanges(
  root: string,
  pagesDir: string,
  source: string,
  blocks: readonly { type: string; id?: string }[],
  changePathOf: ChangePathOf,
): Promise<((at: (string | number)[], value: unknown) => (string | number)[])[] | undefined> {
  const data = parse(source) as { extends?: unknown; change?: Record<string, unknown> } | null;
  if (!isVariant(data) || typeof data?.extends !== 'string') return undefined;
  const files = await listYamlFiles(path.resolve(root, pagesDir));
  const found = resolvePageName(data.extends, files);
  if (!('file' in found)) return undefined;
  const baseFile = path
    .relative(root, path.resolve(root, pagesDir, found.file))
    .split(path.sep)
    .join('/');
  let base;
  try {
    base = await loadProject({ root, pagesDir, blocks: blockList, only: [baseFile] });
  } catch {
    return undefined;
  }
  const baseBlocks = base.pages.find((p) => p.file === baseFile)?.model.blocks ?? [];
  return blocks.map((block) => {
    // How the variant names a block of its base: its id, or its type when the base has one of it.
    const name = block.id ?? block.type;
    const inBase = baseBlocks.find((b) => (b.id ?? b.type) === name && (block.id ? true : !b.id));
    return (at, value) =>
      changePathOf({ block: name, base: inBase, change: data.change?.[name], at, value }).path;
  });
}

function draftProblem(p: PageProblem): DraftProblem {
  const { code, message, hint, loc } = p;
  return { code, message, ...(hint ? { hint } : {}), loc, text: formatProblem(p) };
}

/**
 * Internal links (issue 38's follow-up): a link a block shows that goes to a page of this site
 * must go to a page that exists. Link props are the strings a block schema types as links (the
 * "safe-url" format of schema/shared.ts: Link.href, Cta.href, the navbar's logoHref…) and the
 * `[texto](/pagina)` links inside texts whose schema accepts that markup (the legal block's
 * paragraphs). The block schemas are read once per block list; a page is one pass over its
 * props, with the set of routes its load already has: no file is read here. The positioned
 * document is touched only when a link is broken, to say where.
 *
 * Not routes, never refused here: anchors (#faq), external addresses, mailto:/tel:, files (a last
 * name with a dot: /images/x.svg, /robots.txt, /favicon.ico) and the build's /assets/. The query
 * string and the anchor of "/recarga?x=1#faq" are ignored and "/recarga/" is "/recarga". The 404
 * page answers unknown addresses: it is not a link target.
 *
 * Anchors: a link's anchor ("#faq" alone, or of a link to a page that exists) is kept with its
 * place and judged by anchors.ts once the load has every page's blocks (decision 0051). The
 * routes each page's written links go to are kept too: the Estúdio names them before a page is
 * deleted (studio/server/pages.ts).
 */
import { isNode, isScalar, type Node } from 'yaml';
import { linkAnchor, type AnchorLink } from './anchors.ts';
import type { AnyBlockDefinition } from './define-block.ts';
import type { PageProblem, SourceLocation } from './errors.ts';
import type { ParsedFile } from './parse.ts';
import { NOT_FOUND_ROUTE } from './routes.ts';
import { closest } from './suggest.ts';

/** Where link strings can be inside a value, from its schema; absent parts hold no links. */
interface Shape {
  /** The value is a link ("safe-url"). */
  url?: boolean;
  /** The value is text that may hold [texto](/pagina) links. */
  inline?: boolean;
  props?: Map<string, Shape>;
  items?: Shape;
}

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text schema that accepts Markdown links: its pattern admits "](" (blocks/legal/inline.ts). */
const acceptsInlineLinks = (schema: Schema) =>
  typeof schema.pattern === 'string' && schema.pattern.includes('\\]\\(');

function merge(a: Shape | undefined, b: Shape | undefined): Shape | undefined {
  if (!a || !b) return a ?? b;
  const props = new Map(a.props);
  for (const [key, shape] of b.props ?? []) props.set(key, merge(props.get(key), shape)!);
  const merged: Shape = {
    url: a.url || b.url,
    inline: a.inline || b.inline,
    props: props.size > 0 ? props : undefined,
    items: merge(a.items, b.items),
  };
  return merged;
}

/** The shape of `schema`, or undefined when no link can be inside it. */
function shapeOf(schema: unknown, depth = 0): Shape | undefined {
  if (!isSchema(schema) || depth > 40) return undefined;
  let shape: Shape | undefined;
  if (schema.format === 'safe-url') shape = { url: true };
  else if (acceptsInlineLinks(schema)) shape = { inline: true };
  if (isSchema(schema.properties)) {
    const props = new Map<string, Shape>();
    for (const [key, child] of Object.entries(schema.properties)) {
      const found = shapeOf(child, depth + 1);
      if (found) props.set(key, found);
    }
    if (props.size > 0) shape = merge(shape, { props });
  }
  const items = shapeOf(schema.items, depth + 1);
  if (items) shape = merge(shape, { items });
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const branch of list) shape = merge(shape, shapeOf(branch, depth + 1));
  }
  return shape;
}

const shapeCache = new WeakMap<readonly AnyBlockDefinition[], Map<string, Shape>>();

/** Each block type's link shape (types without links are absent). */
function blockShapes(blocks: readonly AnyBlockDefinition[]): Map<string, Shape> {
  let shapes = shapeCache.get(blocks);
  if (!shapes) {
    shapes = new Map();
    for (const def of blocks) {
      const shape = shapeOf(def.schema);
      if (shape) shapes.set(def.type, shape);
    }
    shapeCache.set(blocks, shapes);
  }
  return shapes;
}

type Path = (string | number)[];

interface Found {
  href: string;
  path: Path;
  /** The link is inside a text ([texto](href)): located at the link itself. */
  inline: boolean;
}

/** The same pattern as the legal block's: [label](target), target without spaces or parentheses. */
const INLINE_LINK = /\[[^[\]{}]+\]\(([^()\s]+)\)/g;

function collect(value: unknown, shape: Shape, path: Path, out: Found[]): void {
  if (typeof value === 'string') {
    if (shape.url) out.push({ href: value, path, inline: false });
    if (shape.inline && value.includes('](')) {
      for (const match of value.matchAll(INLINE_LINK)) out.push({ href: match[1]!, path, inline: true });
    }
    return;
  }
  if (Array.isArray(value)) {
    if (shape.items) value.forEach((item, i) => collect(item, shape.items!, [...path, i], out));
    return;
  }
  if (!isSchema(value)) return;
  for (const [key, child] of shape.props ?? []) {
    if (Object.hasOwn(value, key)) collect(value[key], child, [...path, key], out);
  }
}

/** The route a site-internal link goes to, or undefined when it is not a link to a page. */
export function linkRoute(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  let route = href.replace(/[?#].*$/s, '');
  if (route.length > 1) route = route.replace(/\/+$/, '') || '/';
  if (route === '/assets' || route.startsWith('/assets/')) return undefined;
  // A file of public/ or of the build: page names have no dot (routes.ts).
  if (route.slice(route.lastIndexOf('/') + 1).includes('.')) return undefined;
  return route;
}

/** Where a broken link's text is, for offsets of a composite document (extends.ts). */
export type SourceAt = (offset: number) => { source: string; offset: number };

/**
 * The check of one page's written links: the problems of links to pages that do not exist. A
 * variant's composite document gives `remap`, which puts a problem in the file it was written in.
 */
export interface LinkCheck {
  (parsed: ParsedFile, sourceAt?: SourceAt, remap?: (problem: PageProblem) => PageProblem): PageProblem[];
  /** Every link with an anchor met so far, for anchors.ts (after the load has every page). */
  readonly anchorLinks: AnchorLink[];
  /** The routes each checked page's written links go to, by the page's file (a variant's own). */
  readonly routesOf: Map<string, Set<string>>;
}

const MAX_LISTED_ROUTES = 20;

/**
 * The link check of one load: `routes` are every route of the site at that moment (the 404
 * page's too; it is left out here). Returns a function of one parsed page, called BEFORE its
 * validation fills in the schema defaults: the links its author wrote (a block's default link,
 * like the footer's policy links, is the block's and is not checked here), each located at the
 * value (or, in a text, at the link). Unvalidated data may be anything: the walk only reads
 * strings where the schema has links.
 */
export function linkChecker(blocks: readonly AnyBlockDefinition[], routes: Iterable<string>): LinkCheck {
  const shapes = blockShapes(blocks);
  const targets = [...routes].filter((r) => r !== NOT_FOUND_ROUTE).sort();
  const known = new Set(targets);
  const anchorLinks: AnchorLink[] = [];
  const routesOf = new Map<string, Set<string>>();
  const check = (parsed: ParsedFile, sourceAt?: SourceAt, remap = (p: PageProblem) => p) => {
    const list = (parsed.data as { blocks?: unknown } | null)?.blocks;
    if (!Array.isArray(list)) return [];
    const found: Found[] = [];
    list.forEach((block: unknown, i) => {
      const type = isSchema(block) ? block.type : undefined;
      const shape = typeof type === 'string' ? shapes.get(type) : undefined;
      if (shape) collect(block, shape, ['blocks', i], found);
    });
    const problems: PageProblem[] = [];
    const routes = new Set<string>();
    routesOf.set(parsed.file, routes);
    for (const link of found) {
      const route = linkRoute(link.href);
      const here = route === undefined && link.href.startsWith('#');
      if (route !== undefined && !known.has(route)) {
        problems.push(brokenLink(parsed, link, route, targets, sourceAt));
        continue;
      }
      if (route !== undefined) routes.add(route);
      const anchor = route !== undefined || here ? linkAnchor(link.href) : undefined;
      if (anchor === undefined) continue;
      anchorLinks.push({
        page: parsed.file,
        href: link.href,
        route,
        anchor,
        problem: (message, hint) =>
          remap({
            code: 'broken-anchor',
            message,
            hint,
            loc: locate(parsed, link, sourceAt),
            source: parsed.source,
          }),
      });
    }
    return problems;
  };
  return Object.assign(check, { anchorLinks, routesOf });
}

function brokenLink(
  parsed: ParsedFile,
  link: Found,
  route: string,
  targets: readonly string[],
  sourceAt: SourceAt | undefined,
): PageProblem {
  const guess = route === NOT_FOUND_ROUTE ? undefined : closest(route, targets);
  const suffix = link.href.slice(link.href.search(/[?#]|$/));
  const message =
    route === NOT_FOUND_ROUTE
      ? `O link ${link.href} leva à página de erro: ela responde aos endereços que não existem e não é destino de links.`
      : `O link ${link.href} não leva a nenhuma página do site.${guess ? ` Você quis dizer "${guess}${suffix}"?` : ''}`;
  const listed =
    targets.length <= MAX_LISTED_ROUTES
      ? ` Páginas do site: ${targets.join(', ')}.`
      : ` O site tem ${targets.length} páginas, como ${targets.slice(0, 5).join(', ')}.`;
  return {
    code: 'broken-link',
    message,
    hint: `Use o endereço de uma página de pages/ (pages/recarga.yaml é /recarga), uma âncora (#secao) ou um endereço https://.${listed}`,
    loc: locate(parsed, link, sourceAt),
    source: parsed.source,
  };
}

/** The node of the value at `path`, or the nearest written node above it (a default's block). */
function nodeAt(parsed: ParsedFile, path: Path): { node: Node | undefined; written: boolean } {
  for (let n = path.length; n >= 0; n--) {
    const found: unknown = parsed.doc.getIn(path.slice(0, n), true);
    if (isNode(found)) return { node: found, written: n === path.length };
  }
  return { node: undefined, written: false };
}

function locate(
  parsed: ParsedFile,
  link: Found,
  sourceAt: SourceAt = (offset) => ({ source: parsed.source, offset }),
): SourceLocation {
  const { node, written } = nodeAt(parsed, link.path);
  let [start, end] = node?.range ?? [0, 0];
  if (link.inline && written && isScalar(node)) {
    // The link inside the text: its target as written (plain, folded or quoted, it has no spaces).
    const at = sourceAt(start);
    const index = at.source.slice(at.offset, at.offset + (end - start)).indexOf(`](${link.href})`);
    if (index >= 0) {
      start += index + 2;
      end = start + link.href.length;
    }
  }
  const from = parsed.lineCounter.linePos(start);
  const to = parsed.lineCounter.linePos(end);
  return {
    file: parsed.file,
    line: from.line,
    column: from.col,
    ...(written && to.line === from.line && to.col > from.col ? { endColumn: to.col } : {}),
  };
}

/**
 * Anchors (decision 0051): a link to "#secao" or "/recarga#faq" must go to an anchor the page
 * has. The anchors a page has are read from its blocks' props, without rendering: each block
 * declares them (defineBlock's `anchors`; by default its own `id`, which its component renders on
 * its root), plus the ones every page's layout gives (LAYOUT_ANCHORS) and the ones the browser
 * resolves itself ("#" and "#top" go to the top of any page).
 *
 * The links are found by the link check (links.ts) while each page loads; they are judged here
 * once the load has every page, because a link may go to a page loaded later. A route may be
 * answered by more than its own page (an experiment's variants, an audience's page): a link to
 * it must find its anchor in each of them, or some visitors land at the top of the page instead.
 */
import type { AnyBlockDefinition } from './define-block.ts';
import type { PageProblem } from './errors.ts';
import { closest } from './suggest.ts';

/**
 * The ids every page has whatever its blocks: the skip link's target, <main id="conteudo">
 * (runtime/render/render-page.tsx; a test renders a page and compares).
 */
export const LAYOUT_ANCHORS: readonly string[] = ['conteudo'];

/** Fragments that need no id: the browser scrolls to the top for "#" and "#top" (HTML). */
const browserFragment = (anchor: string) => anchor === '' || anchor.toLowerCase() === 'top';

const registryCache = new WeakMap<readonly AnyBlockDefinition[], Map<string, AnyBlockDefinition>>();
function registryOf(blocks: readonly AnyBlockDefinition[]): Map<string, AnyBlockDefinition> {
  let registry = registryCache.get(blocks);
  if (!registry) {
    registry = new Map(blocks.map((def) => [def.type, def]));
    registryCache.set(blocks, registry);
  }
  return registry;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The anchors one block gives its page, from its (possibly unvalidated) props. */
export function blockAnchors(def: AnyBlockDefinition | undefined, block: unknown): string[] {
  if (!def || !isRecord(block) || def.anchors === false) return [];
  if (def.anchors === undefined) return typeof block.id === 'string' ? [block.id] : [];
  let found: readonly unknown[];
  try {
    found = def.anchors(block as never);
  } catch {
    // Unvalidated props a declaration does not expect: the page's own problems say what is wrong.
    return [];
  }
  return Array.isArray(found) ? found.filter((a): a is string => typeof a === 'string') : [];
}

export interface PageAnchors {
  /** The anchors of the page's blocks, in page order, each once. */
  anchors: string[];
  /** Ids written on blocks whose type gives no anchor (a navbar's), with that type. */
  notAnchors: Map<string, string>;
}

/** The anchors of a page, from its blocks' props (the `blocks` of a page model or of its data). */
export function pageAnchors(blocks: readonly AnyBlockDefinition[], list: unknown): PageAnchors {
  const registry = registryOf(blocks);
  const anchors = new Set<string>();
  const notAnchors = new Map<string, string>();
  if (Array.isArray(list)) {
    for (const block of list) {
      const type = isRecord(block) && typeof block.type === 'string' ? block.type : undefined;
      const def = type === undefined ? undefined : registry.get(type);
      for (const anchor of blockAnchors(def, block)) anchors.add(anchor);
      if (def?.anchors === false && isRecord(block) && typeof block.id === 'string')
        notAnchors.set(block.id, type!);
    }
  }
  return { anchors: [...anchors], notAnchors };
}

/** A link with an anchor, found by the link check (links.ts) and judged when every page is loaded. */
export interface AnchorLink {
  /** The file of the page the link is on (root-relative; a variant's own file). */
  page: string;
  href: string;
  /** The route it goes to; undefined: the page it is on (#secao). */
  route: string | undefined;
  /** The anchor, without "#", percent-decoded. */
  anchor: string;
  /** The problem located at the link, with this message and hint. */
  problem: (message: string, hint: string) => PageProblem;
}

/** The anchor of a link ("faq" of "/recarga#faq"), or undefined when it has none. */
export function linkAnchor(href: string): string | undefined {
  const at = href.indexOf('#');
  if (at < 0) return undefined;
  const raw = href.slice(at + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** One page that may answer a route, and why (undefined: it is the route's own page). */
export interface RouteAnswer {
  file: string;
  why?: string;
}

export interface AnchorIndex {
  /** The route of a page file that was loaded. */
  routeOf(file: string): string | undefined;
  /** The anchors of a page file; undefined when it could not be read (its problems say why). */
  anchorsOf(file: string): PageAnchors | undefined;
  /** Every page that may answer `route`: its own, an experiment's variants, an audience's pages. */
  answers(route: string): readonly RouteAnswer[];
}

const MAX_LISTED = 20;
const MAX_GUESSES = 10;
const MAX_GUESSED_LENGTH = 80;
const MAX_CANDIDATES = 100;
const listed = (anchors: readonly string[]) =>
  anchors.length <= MAX_LISTED
    ? anchors.map((a) => `#${a}`).join(', ')
    : `${anchors
        .slice(0, MAX_LISTED)
        .map((a) => `#${a}`)
        .join(', ')} e mais ${anchors.length - MAX_LISTED}`;

const HOW =
  'Uma âncora é o id de um bloco da página (ex.: id: precos no bloco); #conteudo, o começo do conteúdo, e #top, o topo, valem em toda página.';

/** The problems of the links whose anchor some page they lead to does not have. */
export function anchorProblems(links: readonly AnchorLink[], index: AnchorIndex): PageProblem[] {
  const problems: PageProblem[] = [];
  let guesses = 0;
  for (const link of links) {
    const { anchor } = link;
    if (browserFragment(anchor) || LAYOUT_ANCHORS.includes(anchor)) continue;
    const here = link.route === undefined;
    const route = link.route ?? index.routeOf(link.page);
    const answers: readonly RouteAnswer[] = here
      ? [{ file: link.page }]
      : route === undefined
        ? []
        : index.answers(route);
    const found = answers.map((a) => ({ ...a, anchors: index.anchorsOf(a.file) }));
    // A page that did not load has its own problems; its anchors are not guessed.
    if (found.length === 0 || found.some((f) => f.anchors === undefined)) continue;
    const lacking = found.filter((f) => !f.anchors!.anchors.includes(anchor));
    if (lacking.length === 0) continue;
    const name = here ? `esta página (${route ?? link.page})` : route!;
    const of = here ? 'desta página' : `de ${route}`;
    // The anchors every visitor finds: those of every page that answers the route.
    const common = found.map((f) => f.anchors!.anchors).reduce((a, b) => a.filter((x) => b.includes(x)));
    // A guess for a typo, for the first few links of a load and among short names: a hostile page's
    // thousand links to a thousand long ids cost seconds of comparisons (measured: 1.7 s for 20).
    const guess =
      guesses < MAX_GUESSES && anchor.length <= MAX_GUESSED_LENGTH
        ? closest(
            anchor,
            // A name whose length differs by more than closest's tolerance is never the guess.
            common
              .filter((a) => Math.abs(a.length - anchor.length) <= Math.max(2, Math.floor(anchor.length / 3)))
              .slice(0, MAX_CANDIDATES),
          )
        : undefined;
    if (anchor.length <= MAX_GUESSED_LENGTH) guesses++;
    const prefix = link.href.slice(0, link.href.indexOf('#'));
    const didYouMean = guess ? ` Você quis dizer "${prefix}#${guess}"?` : '';
    const owner = lacking.find((f) => f.anchors!.notAnchors.has(anchor));
    let message: string;
    if (lacking.length < found.length) {
      const where = lacking.map((f) => `${f.file}${f.why ? ` (${f.why})` : ''}`).join(', ');
      message = `O link "${link.href}" aponta para uma âncora que ${route} não tem para todos os visitantes: falta em ${where}.${didYouMean}`;
    } else {
      const known =
        common.length > 0
          ? ` Âncoras ${of}: ${listed(common)}.`
          : ` ${here ? 'Esta página' : route} não tem âncoras: nenhum bloco dela marca uma seção com um id.`;
      message = `O link "${link.href}" aponta para uma âncora que ${name} não tem.${didYouMean}${known}`;
    }
    const notAnchor = owner
      ? ` O bloco ${owner.anchors!.notAnchors.get(anchor)} com id "${anchor}" não vira âncora: esse tipo de bloco não marca um lugar da página.`
      : '';
    problems.push(
      link.problem(
        message,
        `${HOW}${notAnchor} Troque o link por uma das âncoras, dê esse id ao bloco certo, ou tire o #${anchor} do link.`,
      ),
    );
  }
  return problems;
}

/**
 * The API of "Páginas que esta publicação muda" (decision 0029):
 *
 * - POST /api/review { files }: the published site and the site with these saved files, each
 *   built as Publicar's check builds it (the second build is the check Publicar then reuses), and
 *   the routes whose page differs.
 * - GET /api/review/pictures?before=&after=&route=: the route photographed in both versions at
 *   375 and 1280 px, with the changed regions. `before` and `after` are commits or trees: a
 *   review's, or a version of Histórico and its parent.
 * - GET /api/review/picture?tree=&route=&width=: one of those pictures (PNG), once taken.
 *
 * Behind the same session and checks as every /api/ path (server.ts); every parameter is
 * checked here before it reaches git, a folder or the browser.
 */
import path from 'node:path';
import { stat } from 'node:fs/promises';
import type { PicturesAnswer, PublishRefused, ReviewAnswer } from '../../api.ts';
import type { Answer, ApiContext, ApiRequest } from '../api-context.ts';
import { HttpError, readJsonBody } from '../http.ts';
import { changedRoutes, routeFile, ROUTE_PATTERN } from './changed-routes.ts';
import { PICTURE_WIDTHS, type PictureWidth, type Side } from './pictures.ts';

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;

const HEX40 = /^[0-9a-f]{40}$/;

/** The files of a review's body, checked by the API's own rule for publishable files (api.ts). */
export type FileCheck = (ctx: ApiContext, files: unknown[]) => Promise<string[]>;

function checkRoute(value: string | null): string {
  if (value === null || value.length > 300 || !ROUTE_PATTERN.test(value))
    throw new HttpError(400, 'Endereço de página inválido: use o endereço como no site (/sodastream-t).');
  return value;
}

/** The tree a version parameter names; undefined when it is absent or empty (no such side). */
async function treeOf(ctx: ApiContext, value: string | null, name: string): Promise<string | undefined> {
  if (value === null || value === '') return undefined;
  if (!HEX40.test(value))
    throw new HttpError(400, `Informe "${name}": uma versão (commit ou árvore) completa, 40 dígitos.`);
  const tree = await ctx.publisher.resolveTree(value);
  if (!tree) throw new HttpError(404, 'Versão não encontrada no repositório.');
  return tree;
}

/** The person's browser stopped waiting (the dialog closed): work only it would read is skipped. */
const gone = (request: ApiRequest) => request.req.socket.destroyed;

/** The edited routes photographed ahead of the dialog's asking: as many as it opens at once. */
const PREPARED_ROUTES = 2;

/**
 * The pictures of `tree`'s build of the edited `routes` taken now (pictures.ts, `prepare`), in
 * the background: the build is held while they are taken, and nothing waits for them here.
 */
function preparePictures(ctx: ApiContext, tree: string, routes: string[]): void {
  const pictures = ctx.pictures;
  const held = pictures && routes.length > 0 ? ctx.publisher.builds.kept(tree) : undefined;
  if (!pictures || !held) return;
  void (async () => {
    const found = await Promise.all(routes.map(async (r) => ((await hasPage(held.dist, r)) ? r : null)));
    const present = found.filter((r): r is string => r !== null).slice(0, PREPARED_ROUTES);
    await pictures.prepare({ tree, dist: held.dist }, present);
  })()
    .catch(() => {})
    .finally(() => held.release());
}

/** Does the build in `dist` have a page for `route`? */
async function hasPage(dist: string, route: string): Promise<boolean> {
  const parts = routeFile(route);
  if (!parts) return false;
  return stat(path.join(dist, ...parts)).then(
    (s) => s.isFile(),
    () => false,
  );
}

export function reviewRoutes(checkFile: FileCheck): Record<string, Partial<Record<string, Handler>>> {
  const postReview: Handler = async (ctx, request) => {
    const body = (await readJsonBody(request.req)) as { files?: unknown } | null;
    const files = body && typeof body === 'object' ? body.files : undefined;
    if (!Array.isArray(files) || files.length === 0 || files.length > 200)
      throw new HttpError(400, 'Escolha ao menos um arquivo para comparar.');
    const checked = [...new Set(await checkFile(ctx, files))];
    const started = Date.now();
    // The build process loads while the trees are made (the first review of a session).
    if (ctx.publisher.enabled) ctx.publisher.builds.warm();
    const trees = await ctx.publisher.reviewTrees(checked);
    // The site with the change first: it is Publicar's check, which may be pressed meanwhile.
    const afterCheck = ctx.publisher.checkTree(trees.after);
    // The pictures' browser starts while the builds run (they take seconds: its start hides
    // behind them), once the first is in the build process's hands: loading its driver takes
    // this thread for a moment, which would otherwise hold the build back.
    const pictures = ctx.pictures;
    if (pictures) void ctx.publisher.builds.handedOver(afterCheck).then(() => pictures.warm());
    const after = await afterCheck;
    if (!after.ok) {
      const named = after.pages.length > 0 ? ` Páginas com problemas: ${after.pages.join(', ')}.` : '';
      const refused: PublishRefused = {
        error: `Com esta mudança o site não passa na verificação (a mesma do npm run build): Publicar vai recusá-la.${named} Corrija e salve; a comparação é feita de novo.`,
        pages: after.pages,
        output: after.output,
      };
      const answer: ReviewAnswer = { ...trees, routes: [], refused, ms: Date.now() - started };
      return { status: 200, body: answer };
    }
    // The dialog was closed meanwhile (published, or cancelled): the comparison is not needed.
    if (gone(request)) return { status: 204, body: {} };
    // The edited pages with the change photographed while the published site builds (the first
    // review of a session) or this answer travels: the dialog asks for these pictures next.
    preparePictures(ctx, trees.after, trees.edited);
    const before = await ctx.publisher.checkTree(trees.before, Number.POSITIVE_INFINITY);
    if (!before.ok) {
      throw new HttpError(
        409,
        'A versão publicada do site não passa na verificação de hoje, então não há com o que comparar. Publicar continua conferindo a sua mudança normalmente.',
      );
    }
    if (!gone(request)) preparePictures(ctx, trees.before, trees.edited);
    const held = [ctx.publisher.builds.kept(trees.before), ctx.publisher.builds.kept(trees.after)];
    try {
      const [a, b] = held;
      if (!a || !b) throw new HttpError(503, 'As montagens do site foram descartadas; tente de novo.');
      const routes = await changedRoutes(a.dist, b.dist, trees.edited);
      const answer: ReviewAnswer = {
        before: trees.before,
        after: trees.after,
        routes,
        ms: Date.now() - started,
      };
      return { status: 200, body: answer };
    } finally {
      for (const h of held) h?.release();
    }
  };

  const getPictures: Handler = async (ctx, request) => {
    const route = checkRoute(request.query.get('route'));
    // A side may be absent: the first version of a page (Histórico) has nothing before it.
    const beforeTree = await treeOf(ctx, request.query.get('before'), 'before');
    const afterTree = await treeOf(ctx, request.query.get('after'), 'after');
    if (!beforeTree && !afterTree)
      throw new HttpError(400, 'Informe ao menos uma das versões (before, after).');
    const trees = [afterTree, beforeTree].filter((t): t is string => t !== undefined);
    const pictures = ctx.pictures;
    if (!pictures) {
      const answer: PicturesAnswer = {
        route,
        available: false,
        reason: 'As imagens das páginas não estão disponíveis neste servidor.',
        sizes: [],
        ms: 0,
      };
      return { status: 200, body: answer };
    }
    // Both versions built (kept from the review, or built now for a version of the history).
    for (const tree of trees) {
      const checked = await ctx.publisher.checkTree(tree, Number.POSITIVE_INFINITY);
      if (!checked.ok)
        throw new HttpError(
          409,
          'Uma das duas versões não passa na verificação do site de hoje: não há imagens dela.',
        );
    }
    const held = new Map(trees.map((t) => [t, ctx.publisher.builds.kept(t)]));
    try {
      if ([...held.values()].some((h) => !h))
        throw new HttpError(503, 'As montagens do site foram descartadas; tente de novo.');
      const side = async (tree: string | undefined): Promise<Side | undefined> => {
        const dist = tree === undefined ? undefined : held.get(tree)?.dist;
        return tree && dist && (await hasPage(dist, route)) ? { tree, dist } : undefined;
      };
      const [before, after] = await Promise.all([side(beforeTree), side(afterTree)]);
      if (!before && !after)
        throw new HttpError(404, `A página ${route} não existe em nenhuma das duas versões.`);
      if (gone(request)) return { status: 204, body: {} };
      const made = await pictures.compare(before, after, route);
      const answer: PicturesAnswer =
        'reason' in made
          ? { route, available: false, reason: made.reason, sizes: [], ms: 0 }
          : { route, available: true, sizes: made.sizes, ms: made.ms };
      return { status: 200, body: answer };
    } finally {
      for (const h of held.values()) h?.release();
    }
  };

  const getPicture: Handler = async (ctx, request) => {
    const route = checkRoute(request.query.get('route'));
    const tree = request.query.get('tree') ?? '';
    if (!HEX40.test(tree)) throw new HttpError(400, 'Informe a versão (árvore) completa, 40 dígitos.');
    const width = Number(request.query.get('width'));
    if (!PICTURE_WIDTHS.includes(width as PictureWidth))
      throw new HttpError(400, `Largura inválida: ${PICTURE_WIDTHS.join(' ou ')}.`);
    const png = await ctx.pictures?.picture(tree, route, width as PictureWidth);
    if (!png) throw new HttpError(404, 'Esta imagem ainda não foi feita (ou já foi descartada).');
    const name = `${route === '/' ? 'inicio' : route.slice(1).replaceAll('/', '-')}-${width}.png`;
    return {
      status: 200,
      body: png,
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `inline; filename="${name}"`,
        // The same tree, route and width is the same picture while this server runs.
        'Cache-Control': 'private, max-age=3600',
      },
    };
  };

  return {
    '/api/review': { POST: postReview },
    '/api/review/pictures': { GET: getPictures },
    '/api/review/picture': { GET: getPicture },
  };
}

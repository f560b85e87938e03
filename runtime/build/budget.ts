/**
 * The JavaScript budget of each route: what a visitor downloads (gzipped, as the server
 * sends it) for the scripts the page loads: its entry script, every modulepreload and the
 * island chunks the page script fetches after the first paint (`data-islands`), and
 * whether that fits the route's budget (schema/constants.ts, decision 0010):
 * - a route with no island (every block static) loads no React: 0 bytes, or only the small
 *   page script when the page records analytics or clicks;
 * - any other route: at most JS_BUDGET.routeGzipBytes.
 * The build measures every route and fails over budget (runtime/build/prerender.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { JS_BUDGET } from '../../schema/constants.ts';

export type JsBudget = Record<keyof typeof JS_BUDGET, number>;

export interface RouteScripts {
  route: string;
  islands: string[];
  /** Blocks enhanced by plain-DOM behaviours (no React); absent where unknown. */
  behaviors?: string[];
  /** Script URLs the page loads (entry first, then modulepreloads and island chunks), as in the build report. */
  scripts: string[];
}

/**
 * Every script a built page loads, read from its HTML: the entry first, then its modulepreloads,
 * then the island chunks its entry fetches after the first paint (the `data-islands` list).
 */
export function scriptsInHtml(html: string): string[] {
  const entry = html.match(/<script type="module" src="([^"]+)"[^>]*>/);
  if (!entry) return [];
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const islands =
    entry[0]
      .match(/ data-islands="([^"]*)"/)?.[1]
      ?.split(' ')
      .filter(Boolean) ?? [];
  return [entry[1]!, ...preloads, ...islands];
}

export interface RouteJs {
  /** Each script with its gzipped size in bytes. */
  files: { url: string; gzipBytes: number }[];
  gzipBytes: number;
  budgetBytes: number;
  /** Which rule set the budget (for the report). */
  rule: 'static' | 'page script' | 'islands';
  overBudget: boolean;
}

/** Gzipped size at zlib's default level, as runtime/compress.ts sends it to a browser that accepts gzip only (brotli answers are smaller). */
export const gzipSize = (bytes: Uint8Array): number => gzipSync(bytes).length;

export function budgetFor(
  route: RouteScripts,
  budget: JsBudget = JS_BUDGET,
): Pick<RouteJs, 'budgetBytes' | 'rule'> {
  if (route.islands.length > 0) return { budgetBytes: budget.routeGzipBytes, rule: 'islands' };
  if (route.scripts.length > 0) return { budgetBytes: budget.pageScriptGzipBytes, rule: 'page script' };
  return { budgetBytes: budget.staticRouteGzipBytes, rule: 'static' };
}

/** Measures the scripts of every route in a built folder (sizes cached per file). */
export async function measureRouteJs(
  outDir: string,
  routes: readonly RouteScripts[],
  budget: JsBudget = JS_BUDGET,
): Promise<RouteJs[]> {
  const sizes = new Map<string, Promise<number>>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      size = readFile(path.join(outDir, url.replace(/^\//, ''))).then(gzipSize);
      sizes.set(url, size);
    }
    return size;
  };
  return Promise.all(
    routes.map(async (route) => {
      const files = await Promise.all(
        route.scripts.map(async (url) => ({ url, gzipBytes: await sizeOf(url) })),
      );
      const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
      const limit = budgetFor(route, budget);
      return { files, gzipBytes, ...limit, overBudget: gzipBytes > limit.budgetBytes };
    }),
  );
}

export class BudgetError extends Error {
  constructor(readonly routes: (RouteScripts & { js: RouteJs })[]) {
    const lines = routes.map(
      ({ route, js }) =>
        `  ${route}: ${kb(js.gzipBytes)} KB gzip, orçamento ${kb(js.budgetBytes)} KB (${ruleText[js.rule]})`,
    );
    super(
      `JavaScript acima do orçamento em ${routes.length === 1 ? '1 rota' : `${routes.length} rotas`}:\n${lines.join('\n')}\n` +
        'Carregue o código só quando for usado (import() no bloco) ou deixe o bloco estático (hydrate: false).',
    );
    this.name = 'BudgetError';
  }
}

const ruleText: Record<RouteJs['rule'], string> = {
  static: 'rota sem ilhas e sem script',
  'page script': 'rota sem ilhas: só o script da página',
  islands: 'rota com ilhas',
};

/** Throws a BudgetError naming every route over its budget. */
export function assertWithinBudget(routes: (RouteScripts & { js: RouteJs })[]): void {
  const over = routes.filter((r) => r.js.overBudget);
  if (over.length > 0) throw new BudgetError(over);
}

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Markdown table of the JS of every route against its budget. */
export function jsBudgetTable(routes: (RouteScripts & { js: RouteJs })[]): string {
  const lines = [
    '| Route | Islands (React) | Behaviours (no React) | JS files | Gzipped KB | Budget KB | Status |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const list = (types: string[] | undefined) => (types?.length ? types.join(', ') : '(none)');
  for (const r of routes) {
    lines.push(
      `| ${r.route} | ${list(r.islands)} | ${list(r.behaviors)} | ${r.js.files.length} | ${kb(r.js.gzipBytes)} | ${kb(r.js.budgetBytes)} | ${r.js.overBudget ? 'OVER' : 'ok'} |`,
    );
  }
  return lines.join('\n');
}

import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { BudgetError, budgetFor, jsBudgetTable } from '../../runtime/build/budget.ts';
import { buildSite, type BuildReport } from '../../runtime/build/prerender.ts';
import { JS_BUDGET } from '../../schema/constants.ts';

// The budget holds for the production bundle (vitest sets NODE_ENV=test, and Vite would
// then bundle React's development build); this file runs in its own process.
process.env.NODE_ENV = 'production';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-budget-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

let report: BuildReport;
beforeAll(async () => {
  report = await buildSite({ root, outDir: path.join(tmp, 'dist') });
}, 120_000);

const route = (r: string) => report.routes.find((x) => x.route === r)!;
const blockTypes = blockList.map((b) => b.type);
/** The block whose chunk a script URL is (assets/<type>-<hash>.js), if any. */
const blockOfChunk = (url: string) =>
  blockTypes.find((t) => new RegExp(`^/assets/${t}-[\\w-]+\\.js$`).test(url));

describe('the JavaScript budget in the build report', () => {
  it('measures every script a route loads, gzipped as served', () => {
    for (const r of report.routes) {
      expect(r.js.files.map((f) => f.url)).toEqual(r.scripts);
      let total = 0;
      for (const f of r.js.files) {
        const bytes = readFileSync(path.join(report.outDir, f.url.slice(1)));
        expect(f.gzipBytes).toBe(gzipSync(bytes).length);
        total += f.gzipBytes;
      }
      expect(r.js.gzipBytes).toBe(total);
    }
  });

  it('gives the 404 (static blocks, logs its path) the page script alone, within its budget and without React', () => {
    expect(route('/404').islands).toEqual([]);
    expect(route('/404').js).toMatchObject({ rule: 'page script', overBudget: false });
    expect(route('/404').js.files).toHaveLength(1);
    expect(route('/404').js.gzipBytes).toBeLessThanOrEqual(JS_BUDGET.pageScriptGzipBytes);
  });

  it('gives the all-static home page 0 bytes of JavaScript and a 0-byte budget', () => {
    expect(route('/').islands).toEqual([]);
    expect(route('/').js).toMatchObject({ files: [], gzipBytes: 0, budgetBytes: 0, overBudget: false });
  });

  it(`keeps every route with islands within ${JS_BUDGET.routeGzipBytes / 1024} KB, the richest included`, () => {
    const withIslands = report.routes.filter((r) => r.islands.length > 0);
    expect(withIslands.map((r) => r.route).sort()).toEqual(['/agendamento', '/recarregue']);
    for (const r of withIslands) {
      expect(r.js.budgetBytes).toBe(JS_BUDGET.routeGzipBytes);
      expect(r.js.gzipBytes, r.route).toBeLessThanOrEqual(JS_BUDGET.routeGzipBytes);
      expect(r.js.overBudget).toBe(false);
    }
    const richest = withIslands.reduce((a, b) => (b.js.gzipBytes > a.js.gzipBytes ? b : a));
    expect(['/agendamento', '/recarregue']).toContain(richest.route);
  });

  it('loads a block’s code only on routes that use the block as an island', () => {
    for (const r of report.routes) {
      const chunks = r.scripts.map(blockOfChunk).filter(Boolean);
      for (const type of chunks) expect(r.islands, `${r.route} loads ${type}`).toContain(type);
      for (const type of r.islands) expect(chunks, `${r.route} misses ${type}`).toContain(type);
    }
  });

  it('gives routes whose blocks only need behaviours (menu, accordion, overlay, parallax) no React, within the page-script budget', () => {
    const behaviorOnly = report.routes.filter((r) => r.islands.length === 0 && r.behaviors.length > 0);
    expect(behaviorOnly.length).toBeGreaterThanOrEqual(10);
    expect(behaviorOnly.map((r) => r.route)).toContain('/recarregar-sodastream');
    for (const r of behaviorOnly) {
      expect(r.js).toMatchObject({ rule: 'page script', overBudget: false });
      expect(
        r.scripts.some((url) => /\/hydrate-/.test(url)),
        r.route,
      ).toBe(false);
      for (const type of r.behaviors)
        expect(
          r.scripts.some((url) => url.startsWith(`/assets/${type}.behavior-`)),
          `${r.route} ${type}`,
        ).toBe(true);
    }
  });

  it('does not load the popup’s dialog (framer-motion) with the page: it comes just before it opens', () => {
    const dialogChunk = readdirSync(path.join(report.outDir, 'assets')).find((f) =>
      f.startsWith('popup-dialog-'),
    );
    expect(dialogChunk).toBeDefined();
    for (const r of report.routes) expect(r.scripts.join(' ')).not.toContain('popup-dialog-');
    expect(route('/agendamento').islands).toContain('popup');
  });

  it('prints one table row per route with its budget', () => {
    const table = jsBudgetTable(report.routes);
    expect(table.split('\n')).toHaveLength(report.routes.length + 2);
    expect(table).toMatch(/\| \/ \| \(none\) \| \(none\) \| 0 \| 0\.0 \| 0\.0 \| ok \|/);
    expect(table).toMatch(/\| \/termos-de-uso \| \(none\) \| navbar \| 3 \| \d\.\d \| 8\.0 \| ok \|/);
  });
});

describe('budget rules', () => {
  it('0 bytes without islands or page script; the page script alone without islands; the route budget with islands', () => {
    expect(budgetFor({ route: '/a', islands: [], scripts: [] })).toEqual({ budgetBytes: 0, rule: 'static' });
    expect(budgetFor({ route: '/b', islands: [], scripts: ['/assets/main.js'] })).toEqual({
      budgetBytes: JS_BUDGET.pageScriptGzipBytes,
      rule: 'page script',
    });
    expect(budgetFor({ route: '/c', islands: ['navbar'], scripts: ['/m.js', '/h.js'] })).toEqual({
      budgetBytes: JS_BUDGET.routeGzipBytes,
      rule: 'islands',
    });
  });
});

describe('a build over budget', () => {
  it('fails, names each route over budget with its size, and leaves dist/ as it was', async () => {
    const outDir = path.join(tmp, 'over');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'previous.html'), 'build anterior');
    const tiny = { staticRouteGzipBytes: 0, pageScriptGzipBytes: 1024, routeGzipBytes: 10 * 1024 };
    const error = await buildSite({ root, outDir, budget: tiny }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetError);
    const over = (error as BudgetError).routes.map((r) => r.route).sort();
    // Every route with islands loads React (~66 KB), over 10 KB; the 404's page script alone
    // (~5 KB) is over 1 KB; / loads nothing and stays within its 0 bytes.
    expect(over).toEqual(
      report.routes
        .filter((r) => r.scripts.length > 0)
        .map((r) => r.route)
        .sort(),
    );
    expect(over).toContain('/404');
    expect(over).not.toContain('/');
    expect((error as BudgetError).message).toMatch(/JavaScript acima do orçamento em \d+ rotas/);
    expect((error as BudgetError).message).toMatch(/\/agendamento: \d+\.\d KB gzip, orçamento 10\.0 KB/);
    expect(readdirSync(outDir)).toEqual(['previous.html']);
    expect(readdirSync(tmp).sort()).toEqual(['dist', 'over']);
  }, 120_000);
});

/**
 * A page carries only the experiment data its own route needs (issue 36.5): the islands' inline
 * JSON holds the site's settings without the experiments list, an arm of an experiment is named on
 * its <html> (data-exp-*, what runtime/client/experiment.ts reads), a page in no experiment
 * carries nothing of one. So starting an experiment on /agendamento changes, in Publicar's
 * comparison of two builds, only the pages of that experiment: not /recarregue, whose page script
 * also carries the site's JSON.
 */
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList, blockMap } from '../../blocks/index.ts';
import { createPage } from '../../runtime/author/index.ts';
import { buildSite } from '../../runtime/build/index.ts';
import { loadProject, type Project } from '../../runtime/load/project.ts';
import { renderPage, type PageAssets } from '../../runtime/render/render-page.tsx';
import { changedRoutes } from '../../studio/server/review/changed-routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const EXPERIMENT = [
  'experiments:',
  '  - id: oferta',
  '    route: /agendamento',
  '    variants:',
  '      - page: agendamento',
  '        weight: 60',
  '      - page: agendamento-oferta',
  '        weight: 40',
  '',
].join('\n');

let tmp: string;
let pagesDir: string;
let before: string;
let after: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'experimento-dados-'));
  pagesDir = path.join(tmp, 'pages');
  await cp(path.join(ROOT, 'pages'), pagesDir, { recursive: true });
  // The variant exists before the experiment starts, as when the marketer makes it first.
  await createPage({ root: ROOT, pagesDir, route: 'agendamento-oferta', from: 'agendamento' });
  before = path.join(tmp, 'antes');
  await buildSite({ root: ROOT, pagesDir, outDir: before });
  await appendFile(path.join(pagesDir, '_site.yaml'), EXPERIMENT);
  after = path.join(tmp, 'depois');
  await buildSite({ root: ROOT, pagesDir, outDir: after });
}, 240_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

const siteJson = (html: string): Record<string, unknown> | undefined => {
  const m = /<script type="application\/json" id="fillgas-site">(.*?)<\/script>/s.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
};

describe('a page with a running experiment elsewhere', () => {
  const assets: PageAssets = {
    fontUrl: () => '/f.woff2',
    preloadFonts: [],
    pageScripts: () => ({ entry: '/e.js', preloads: [] }),
  };
  let project: Project;
  beforeAll(async () => {
    project = await loadProject({ root: ROOT, pagesDir, blocks: blockList });
  });
  const render = (route: string) =>
    renderPage(
      project.pages.find((p) => p.route === route)!,
      project,
      blockMap,
      assets,
    ).html;

  it('carries the site’s settings without the experiments list', () => {
    expect(project.experiments).toHaveLength(1);
    for (const route of ['/recarregue', '/agendamento', '/agendamento-oferta']) {
      const html = render(route);
      const site = siteJson(html);
      expect(site, route).toBeDefined();
      expect(site!.brand).toBe(project.site.brand);
      expect(site, route).not.toHaveProperty('experiments');
    }
    // A page in no experiment carries nothing of one.
    expect(render('/recarregue')).not.toMatch(/data-exp-|FGS-oferta|agendamento-oferta/);
  });

  it('names its own arm on <html>, for the page script’s exposure tracking', () => {
    expect(render('/agendamento')).toMatch(
      /<html [^>]*data-exp-variant="FGS-oferta-agendamento" data-exp-route="\/agendamento" data-exp-cookie="fgs_exp_oferta=agendamento"/,
    );
    expect(render('/agendamento-oferta')).toMatch(
      /<html [^>]*data-exp-variant="FGS-oferta-agendamento-oferta" data-exp-route="\/agendamento"/,
    );
  });
});

describe('Publicar, when an experiment starts on /agendamento', () => {
  it('lists only the experiment’s pages as changed', async () => {
    // Built both times with the site JSON (the popup is an island): the experiment is the only change.
    expect(siteJson(await readFile(path.join(before, 'recarregue/index.html'), 'utf8'))).toBeDefined();
    const changed = await changedRoutes(before, after);
    expect(changed.map((c) => c.route)).not.toContain('/recarregue');
    expect(changed).toEqual([
      { route: '/agendamento', change: 'alterada', edited: false },
      { route: '/agendamento-oferta', change: 'alterada', edited: false },
    ]);
  });
});

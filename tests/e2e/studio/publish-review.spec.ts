/**
 * "Páginas que esta publicação muda" as a marketer meets it (issue 28, point 1; decision 0029):
 * the hero title of /sodastream-t saved, Publicar lists /sodastream-t and its variant
 * /recarrega-site ("Esta mudança também muda /recarrega-site"), each photographed before and
 * after at 375 and 1280 px with the changed region marked; then Publicar publishes with the
 * review's build as its check. Real git (a clone of a local bare remote), the Estúdio as
 * `npm run studio` runs it, real builds and real Chromium on both sides.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { spawnStudio } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;

test.beforeAll(async () => {
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'sodastream-t.yaml', 'recarrega-site.yaml'],
  });
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

async function axe(p: Page) {
  const results = await axeWholePage(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test('editing a base page lists its variant, with pictures before and after at both widths', async ({
  page: p,
}) => {
  test.setTimeout(240_000);
  // The hero title of the base page, saved (as the editor saves it).
  const file = path.join(site.work, 'pages', 'sodastream-t.yaml');
  const text = await readFile(file, 'utf8');
  expect(text).toContain('title: Seu cilindro de CO2');
  await writeFile(file, text.replace('title: Seu cilindro de CO2', 'title: O seu cilindro de CO2'));

  await p.goto(studio!.url);
  await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  const review = dialog.getByRole('region', { name: 'Páginas que esta publicação muda' });
  await expect(review).toContainText('Esta mudança também muda /recarrega-site.', { timeout: 120_000 });
  await expect(review.locator('details[data-route]')).toHaveCount(2);
  await expect(review.locator('details[data-route]').first()).toHaveAttribute('data-route', '/sodastream-t');

  for (const route of ['/sodastream-t', '/recarrega-site']) {
    const pictures = review.locator(`[data-pictures="${route}"]`);
    await expect(pictures).toBeVisible({ timeout: 120_000 });
    for (const [width, device] of [
      [375, 'no celular'],
      [1280, 'no computador'],
    ] as const) {
      const size = pictures.locator(`[data-size="${width}"]`);
      // The title's first line changed, and nothing else on the page: one region, near the top.
      await expect(size).toHaveAttribute('data-regions', '1');
      await expect(size).toContainText('1 trecho mudou: marcado em laranja.');
      await size.scrollIntoViewIfNeeded();
      for (const when of ['antes', 'depois']) {
        const img = size.getByRole('img', { name: `${route} ${device}, ${when} da mudança` });
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
          .toBe(width === 375 ? 375 : 640);
        // The pair opens on the marked region (the hero, at the top of the page).
        const mark = size
          .getByRole('group', { name: `${route} ${device}, ${when} da mudança` })
          .locator('.mark');
        await expect(mark).toBeInViewport();
      }
    }
  }

  await axe(p);
  const shot = async (name: string) => {
    await dialog.getByRole('heading', { name: 'Publicar no site' }).scrollIntoViewIfNeeded();
    await p.screenshot({ path: test.info().outputPath(`${name}.png`) });
    await dialog.locator('[data-size="375"]').first().scrollIntoViewIfNeeded();
    await p.screenshot({ path: test.info().outputPath(`${name}-imagens.png`) });
  };
  await shot('publicar-revisao-1280');
  // On a phone: the dialog opened again at that size (the review and its pictures are kept).
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await p.setViewportSize({ width: 375, height: 740 });
  await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
  await expect(review.locator('[data-pictures="/sodastream-t"] img')).toHaveCount(4, { timeout: 60_000 });
  await axe(p);
  await shot('publicar-revisao-375');
  await p.setViewportSize({ width: 1280, height: 800 });

  // Publicar checks the same tree: the review's build is its check, and it goes out.
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Publicado:' })).toBeVisible({ timeout: 60_000 });
  expect(git(site.remote, 'show', 'main:pages/sodastream-t.yaml')).toContain('title: O seu cilindro de CO2');
});

test('the review is asked at once when the dialog opens, and once for several quick ticks', async ({
  page: p,
}) => {
  test.setTimeout(240_000);
  // Two pages saved: the home page's intro and the variant's title.
  for (const [name, from, to] of [
    ['index.yaml', 'intro: Troca do cilindro na sua porta', 'intro: Troca do cilindro na porta'],
    ['recarrega-site.yaml', 'em SP com entrega grátis | Fillgás', 'em SP | Fillgás'],
  ] as const) {
    const file = path.join(site.work, 'pages', name);
    const text = await readFile(file, 'utf8');
    expect(text).toContain(from);
    await writeFile(file, text.replace(from, to));
  }
  // Every review the dialog asks for, in order: the files it names.
  const asked: string[][] = [];
  p.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/review')
      asked.push(((request.postDataJSON() as { files: string[] }).files ?? []).toSorted());
  });
  // The page's clock stands still: a review that waited for a pause would not be asked.
  await p.clock.install();
  await p.goto(studio!.url);
  await p.clock.pauseAt(Date.now() + 60_000);

  await test.step('opening the dialog asks at once, for the boxes it opens with', async () => {
    await p.getByRole('button', { name: /^Publicar \(2 páginas\)$/ }).click();
    const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
    await expect(dialog.getByRole('checkbox', { name: /pages\/index\.yaml/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /pages\/recarrega-site\.yaml/ })).toBeChecked();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toEqual(['pages/index.yaml', 'pages/recarrega-site.yaml']);
  });

  await test.step('several quick ticks ask once, for the boxes left ticked', async () => {
    const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
    const home = dialog.getByRole('checkbox', { name: /pages\/index\.yaml/ });
    const variant = dialog.getByRole('checkbox', { name: /pages\/recarrega-site\.yaml/ });
    await home.uncheck();
    await home.check();
    await variant.uncheck();
    // Nothing is asked while the pause runs (the clock stands still)…
    expect(asked).toHaveLength(1);
    // …and once it has run, one review for what is ticked now.
    await p.clock.runFor(300);
    await expect.poll(() => asked.length).toBe(2);
    await p.clock.resume();
    const review = dialog.getByRole('region', { name: 'Páginas que esta publicação muda' });
    await expect(review.locator('details[data-route]').first()).toHaveAttribute('data-route', '/', {
      timeout: 120_000,
    });
    expect(asked).toEqual([['pages/index.yaml', 'pages/recarrega-site.yaml'], ['pages/index.yaml']]);
  });
});

/**
 * A publish conflict resolved in the merge view (decision 30), against real git: the Estúdio in
 * a clone whose remote is a local bare repository, another person pushing the same lines
 * meanwhile. Screenshots at 1280 and 375 px go to the test's output folder.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { spawnStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;

test.beforeAll(async () => {
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'],
  });
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

const FILE = 'pages/recarga.yaml';

function replaced(text: string, ...pairs: [string, string][]): string {
  for (const [from, to] of pairs) {
    expect(text.split(from)).toHaveLength(2);
    text = text.replace(from, to);
  }
  return text;
}

/** Another person's change to the page, pushed from their own clone; its commit. */
async function pushedByOther(name: string, ...pairs: [string, string][]): Promise<string> {
  const other = site.clone(name);
  const file = path.join(other, FILE);
  await writeFile(file, replaced(await readFile(file, 'utf8'), ...pairs));
  git(other, 'commit', '-qam', `Mudança de ${name}`);
  git(other, 'push', '-q', 'origin', 'main');
  return git(other, 'rev-parse', 'HEAD');
}

/** The author's saved change (as the editor saves it) and Publicar from the Páginas screen. */
async function publishSaved(p: Page, ...pairs: [string, string][]) {
  const mine = path.join(site.work, FILE);
  await writeFile(mine, replaced(await readFile(mine, 'utf8'), ...pairs));
  await p.goto(studio!.url);
  await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  const merge = dialog.getByRole('region', { name: `Juntar as versões de ${FILE}` });
  await expect(merge).toBeVisible({ timeout: 90_000 });
  return { dialog, merge };
}

const when = (commit: string) =>
  git(site.remote, 'log', '-1', '--date=format-local:%d/%m/%Y %H:%M', '--format=%ad', commit);

test('a same-line conflict: chunks marked, one chosen from each side and published; the forced overwrite names what it replaced', async ({
  page: p,
}) => {
  test.setTimeout(300_000);
  await p.setViewportSize({ width: 1280, height: 800 });
  const base = await readFile(path.join(site.work, FILE), 'utf8');
  const theirs = await pushedByOther(
    'outra',
    ['title: Recarga de Cilindro', 'title: Recarga Expressa de Cilindro'],
    ['eyebrow: Em números', 'eyebrow: Os números'],
    ['eyebrow: Passo a passo', 'eyebrow: Etapas da troca'],
  );
  const { dialog, merge } = await publishSaved(
    p,
    ['title: Recarga de Cilindro', 'title: Recarga Fácil de Cilindro'],
    ['eyebrow: Em números', 'eyebrow: Nossos números'],
    ['eyebrow: Depoimentos', 'eyebrow: Quem já usa'],
  );

  // Both versions side by side, the differing chunks marked, the first clash in view.
  await expect(merge.getByLabel(`A sua versão de ${FILE}`)).toContainText('Recarga Fácil de Cilindro');
  await expect(merge.getByLabel(`A versão publicada de ${FILE}`)).toContainText(
    'Recarga Expressa de Cilindro',
  );
  await expect(merge).toContainText(`de Outra Pessoa, ${when(theirs)} (commit ${theirs.slice(0, 7)})`);
  const clash = merge.locator('.cm-merge-a .cm-trecho-clash', { hasText: 'Recarga Fácil de Cilindro' });
  await expect(clash).toBeInViewport();
  await expect(merge.locator('.cm-merge-b .cm-trecho-clash', { hasText: 'Os números' })).toBeVisible();
  await expect(merge.locator('.cm-changedText').first()).toBeVisible();
  const chunks = merge.getByRole('list', { name: `Trechos diferentes de ${FILE}` }).getByRole('group');
  await expect(chunks).toHaveCount(4);
  await expect(chunks.nth(0)).toContainText('as duas pessoas mudaram');
  await expect(chunks.nth(2)).toContainText('só Outra Pessoa mudou');
  await expect(chunks.nth(3)).toContainText('só você mudou');
  // The one-sided chunks start with the side that changed them; the clashes wait for a choice.
  await expect(chunks.nth(2).getByRole('radio', { name: 'Manter a publicada' })).toBeChecked();
  await expect(chunks.nth(3).getByRole('radio', { name: 'Usar a minha' })).toBeChecked();
  const publishMerge = dialog.getByRole('button', { name: 'Publicar esta junção' });
  await expect(publishMerge).toBeDisabled();
  await expect(dialog).toContainText('Falta escolher a versão de 2 trechos');

  // Both versions rendered as pages.
  await expect(
    p.frameLocator('iframe[title="Prévia da página: A sua"]').getByText('Quem já usa'),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    p.frameLocator('iframe[title="Prévia da página: A publicada"]').getByText('Etapas da troca'),
  ).toBeVisible({ timeout: 30_000 });

  await shots(p, 'conflito');
  await p.setViewportSize({ width: 375, height: 740 });
  await shots(p, 'conflito');
  await p.setViewportSize({ width: 1280, height: 800 });
  const axe = await axeOutsideFrames(p);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

  // Mine for the page's title, theirs for the numbers' eyebrow, by keyboard.
  await chunks.nth(0).getByRole('radio', { name: 'Usar a minha' }).focus();
  await p.keyboard.press('Space');
  await chunks.nth(1).getByRole('radio', { name: 'Manter a publicada' }).check();
  await expect(merge.locator('.cm-merge-a .cm-trecho-kept', { hasText: 'Recarga Fácil' })).toBeVisible();
  await expect(merge.locator('.cm-merge-a .cm-trecho-dropped', { hasText: 'Nossos números' })).toBeVisible();
  await expect(dialog).toContainText('Junção pronta');
  await expect(
    p.frameLocator('iframe[title="Prévia da página: A junção"]').getByText('Os números'),
  ).toBeVisible({ timeout: 30_000 });
  await shots(p, 'escolhido');

  await publishMerge.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Publicado: “' })).toBeVisible({
    timeout: 90_000,
  });
  const expected = replaced(
    base,
    ['title: Recarga de Cilindro', 'title: Recarga Fácil de Cilindro'],
    ['eyebrow: Em números', 'eyebrow: Os números'],
    ['eyebrow: Passo a passo', 'eyebrow: Etapas da troca'],
    ['eyebrow: Depoimentos', 'eyebrow: Quem já usa'],
  );
  expect(git(site.remote, 'show', `main:${FILE}`)).toBe(expected.trimEnd());
  expect(git(site.remote, 'log', '-1', '--format=%an', 'main')).toBe('Ana Marketing');
  expect(git(site.remote, 'log', '-1', '--format=%b', 'main')).toBe(
    `Junta /recarga com a versão de Outra Pessoa (commit ${theirs.slice(0, 7)}, ${when(theirs)})`,
  );

  // Again, and this time the author publishes theirs over the other person's.
  const replacedCommit = await pushedByOther('outra-2', ['eyebrow: Benefícios', 'eyebrow: Vantagens']);
  const again = await publishSaved(p, ['eyebrow: Benefícios', 'eyebrow: Por que nós']);
  await again.dialog.getByRole('button', { name: 'Publicar a minha versão no lugar da publicada' }).click();
  await expect(again.dialog.getByRole('status').filter({ hasText: 'Publicado: “' })).toBeVisible({
    timeout: 90_000,
  });
  expect(git(site.remote, 'log', '-1', '--format=%s', 'main')).toBe(
    `Publica /recarga no lugar da versão de Outra Pessoa (commit ${replacedCommit.slice(0, 7)}, ${when(replacedCommit)})`,
  );
  expect(git(site.remote, 'show', `main:${FILE}`)).toContain('eyebrow: Por que nós');
});

/** The merge view, the choices and the pages, each scrolled into the dialog's view. */
async function shots(p: Page, name: string): Promise<void> {
  const width = p.viewportSize()!.width;
  const parts: [string, string][] = [
    ['', '.cm-mergeView'],
    ['-trechos', 'ol[aria-label^="Trechos diferentes"]'],
    ['-paginas', 'details:has(iframe)'],
  ];
  for (const [suffix, selector] of parts) {
    await p
      .locator(selector)
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await p.screenshot({ path: test.info().outputPath(`${name}${suffix}-${width}.png`) });
  }
}

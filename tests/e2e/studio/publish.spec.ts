/**
 * Publicar, Histórico and presence as a marketer meets them, against real git: the Estúdio runs
 * (as `npm run studio` does) in a clone whose remote is a local bare repository.
 * Screenshots of each step go to the test's output folder (docs/autoria.md shows them).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { spawnStudio } from './studio-server.ts';

test.describe.configure({ mode: 'serial' });

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;
let url: string;

test.beforeAll(async () => {
  site = await makeGitSite();
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
  url = studio.url;
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

const page = (name: string) => path.join(site.work, 'pages', name);
const shot = (p: Page, name: string) => p.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** Puts the cursor at the end of the editor line that contains `text` and types `typed`. */
async function typeAtEndOf(p: Page, text: string, typed: string): Promise<void> {
  // The editor opens on the page (issue 37): the YAML is in the Código tab.
  await p.getByRole('tab', { name: 'Código' }).click();
  await p.locator('.cm-line', { hasText: text }).first().click();
  await p.keyboard.press('End');
  await p.keyboard.type(typed);
}

test('edit, publish, see it on the remote; a change another person pushed meanwhile is kept', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await p.goto(url);
  const row = p.locator('tr[data-file="pages/recarga.yaml"]');
  await expect(row).toContainText('Dev Fillgás');

  // Meanwhile another person pushes a change to another page.
  const other = site.clone('outra');
  const terms = path.join(other, 'pages/termos-de-uso.yaml');
  await writeFile(terms, (await readFile(terms, 'utf8')).replace('title: ', 'title: Termos | '));
  git(other, 'commit', '-qam', 'Muda o título dos termos');
  git(other, 'push', '-q', 'origin', 'main');

  await p.getByRole('button', { name: 'Abrir /recarga' }).click();
  await expect(p.getByRole('heading', { name: '/recarga' })).toBeVisible();
  await typeAtEndOf(p, 'title:', ' (nova)');
  await p.getByRole('button', { name: 'Publicar', exact: true }).click();

  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  await expect(dialog.getByRole('checkbox', { name: /\/recarga \(alterado\)/ })).toBeChecked();
  const message = dialog.getByLabel('O que mudou (fica no histórico)');
  await expect(message).toHaveValue('Muda o título de /recarga');
  await expect(dialog).toContainText('Publicado em nome de Ana Marketing (ana@example.com)');
  await shot(p, 'publicar');
  await p.setViewportSize({ width: 375, height: 740 });
  await shot(p, 'publicar-375');
  await p.setViewportSize({ width: 1280, height: 800 });
  await message.fill('Título da recarga com "(nova)"');
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Publicado: “Título da recarga com "(nova)"”', {
    timeout: 60_000,
  });
  await expect(dialog).toContainText('Outra pessoa tinha publicado antes de você');
  await shot(p, 'publicado');

  expect(git(site.remote, 'log', '-2', '--format=%an <%ae>|%s', 'main').split('\n')).toEqual([
    'Ana Marketing <ana@example.com>|Título da recarga com "(nova)"',
    'Outra Pessoa <outra@example.com>|Muda o título dos termos',
  ]);
  expect(git(site.remote, 'show', 'main:pages/recarga.yaml')).toMatch(/^title: .* \(nova\)$/m);
  expect(await readFile(page('termos-de-uso.yaml'), 'utf8')).toContain('title: Termos | ');
});

test('a broken variant refuses the publish and names the page; nothing is committed', async ({ page: p }) => {
  test.setTimeout(120_000);
  const before = git(site.remote, 'rev-parse', 'main');
  const base = page('sodastream-t.yaml');
  const original = await readFile(base, 'utf8');
  await writeFile(base, original.replace('id: experiencia\n', 'id: experiencia-nova\n'));
  try {
    await p.goto(url);
    await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
    const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
    await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('nada foi publicado', { timeout: 60_000 });
    await expect(dialog.getByRole('link', { name: 'Abrir pages/recarrega-site.yaml' })).toBeVisible();
    await expect(dialog.getByLabel('Resultado da verificação')).toContainText('pages/recarrega-site.yaml:');
    await shot(p, 'publicar-recusado');
    expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
  } finally {
    await writeFile(base, original);
  }
});

test('history shows who changed what, and restoring a version publishes it as a new change', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  await p.goto(url);
  await p.getByRole('link', { name: 'Histórico de /recarga' }).click();
  await expect(p.getByRole('heading', { name: 'Histórico de /recarga' })).toBeVisible();
  const versions = p.getByRole('navigation', { name: 'Versões publicadas' });
  await expect(versions.getByRole('button')).toHaveCount(2);
  await expect(versions.getByRole('button').first()).toContainText('Ana Marketing');
  await expect(p.getByRole('list', { name: 'Diferença desta versão para a anterior' })).toContainText(
    '(nova)',
  );
  await shot(p, 'historico');
  await p.setViewportSize({ width: 375, height: 740 });
  await shot(p, 'historico-375');
  await p.setViewportSize({ width: 1280, height: 800 });

  // Listed by what it changed: the first commit created the page.
  await versions.getByRole('button', { name: /Cria a página/ }).click();
  await p.getByRole('button', { name: 'Restaurar esta versão' }).click();
  await p.getByRole('dialog').getByRole('button', { name: 'Restaurar e publicar' }).click();
  await expect(p.getByRole('status').filter({ hasText: 'Versão restaurada e publicada' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(versions.getByRole('button')).toHaveCount(3);
  expect(git(site.remote, 'log', '-1', '--format=%s', 'main')).toMatch(/^Restaura \/recarga à versão de /);
  expect(git(site.remote, 'show', 'main:pages/recarga.yaml')).not.toContain('(nova)');
});

test('the pages list shows who is editing what, without a reload', async ({ page: p, browser }) => {
  test.setTimeout(90_000);
  await p.goto(url);
  const row = p.locator('tr[data-file="pages/agendamento.yaml"]');
  await expect(row).not.toContainText('está editando');

  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto(url);
  await other.getByRole('button', { name: 'Abrir /agendamento' }).click();
  await expect(row.locator('[data-presence]')).toHaveText('Ana Marketing está editando', { timeout: 15_000 });
  await shot(p, 'presenca');
  // Both in the same page: the editor says so.
  await p.getByRole('button', { name: 'Abrir /agendamento' }).click();
  // The same person in another browser: their own other tab, not another person.
  await expect(p.locator('[data-presence-others]')).toContainText(
    'Esta página também está aberta: você, em outra aba.',
  );
  await second.close();
});

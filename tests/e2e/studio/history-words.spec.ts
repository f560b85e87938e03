/**
 * Histórico in a marketer's words (issue 28, point 3): a change a developer committed with plain
 * git, with an English message, reads in the Estúdio as what it changed on the page, with the
 * blocks' Portuguese titles; the message stays available, folded. "Restaurar esta versão" is
 * enabled only once that version's difference is on the screen. Real git (a clone of a local
 * bare remote), the Estúdio as `npm run studio` runs it, real Chromium.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parseDocument } from 'yaml';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { spawnStudio } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;

test.beforeAll(async () => {
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'sodastream-t.yaml', 'recarrega-site.yaml'],
  });
  // A developer's change, outside the Estúdio: the variant's hero title (a `change:` entry) and
  // its SEO description, committed and pushed with plain git and an English message.
  const file = path.join(site.work, 'pages', 'recarrega-site.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.setIn(['change', 'hero', 'title'], 'Recarga de CO2 na sua porta, no mesmo dia.');
  doc.set('description', 'Recarregue o cilindro de CO2 por R$ 150 com troca na porta, no mesmo dia, em SP.');
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  git(
    site.work,
    '-c',
    'user.name=Dev Fillgás',
    '-c',
    'user.email=dev@example.com',
    'commit',
    '-qam',
    'Tweak hero copy for the same-day campaign\n\nRequested in JIRA-4211; copy approved by Bia.',
  );
  git(site.work, 'push', '-q', 'origin', 'main');
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
const shot = (p: Page, name: string) =>
  p.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a commit made with plain git reads in Portuguese; Restaurar waits for the difference', async ({
  page: p,
}) => {
  test.setTimeout(90_000);
  // The older version's difference is held back until the test has seen Restaurar disabled.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  await p.route(
    (url) => url.pathname === '/api/history/diff',
    async (route) => {
      if (holding) await held;
      await route.continue();
    },
  );

  await p.goto(studio!.url);
  await p.getByRole('link', { name: 'Histórico de /recarrega-site' }).click();
  await expect(p.getByRole('heading', { name: 'Histórico de /recarrega-site' })).toBeVisible();
  const versions = p.getByRole('navigation', { name: 'Versões publicadas' });
  await expect(versions.getByRole('button')).toHaveCount(2);

  // The developer's commit, in the marketer's words; the English message only when asked for.
  const latest = versions.getByRole('button').first();
  await expect(latest).toContainText('Muda a descrição da página (SEO)');
  await expect(latest).toContainText('Muda o título da Abertura da página');
  await expect(latest).toContainText('Dev Fillgás');
  await expect(latest).not.toContainText('Tweak hero copy');
  await expect(versions.getByRole('button').nth(1)).toContainText('Cria a página');
  const heading = p.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(
    /Muda a descrição da página \(SEO\)\s*Muda o título da Abertura da página/,
  );
  const original = p.getByText('Tweak hero copy for the same-day campaign');
  await expect(original).toBeHidden();
  await expect(p.getByRole('list', { name: 'Diferença desta versão para a anterior' })).toContainText(
    'no mesmo dia',
  );
  await axe(p);
  await p.getByText('Mensagem original').click();
  await expect(original).toBeVisible();
  await expect(p.getByText('Requested in JIRA-4211')).toBeVisible();
  await axe(p);
  await shot(p, 'historico-1280');
  await p.setViewportSize({ width: 375, height: 800 });
  await shot(p, 'historico-375');
  await axe(p);
  await p.setViewportSize({ width: 1280, height: 800 });

  // The first version: Restaurar is there but cannot be pressed until its difference shows.
  holding = true;
  await versions.getByRole('button', { name: /Cria a página/ }).click();
  const restore = p.getByRole('button', { name: 'Restaurar esta versão' });
  await expect(restore).toBeVisible();
  await expect(restore).toBeDisabled();
  await expect(p.getByRole('status').filter({ hasText: 'Carregando a diferença…' })).toBeVisible();
  await expect(p.getByRole('heading', { level: 2 })).toHaveText('Cria a página');
  // Still disabled a moment later: nothing but the difference enables it.
  await p.waitForTimeout(300);
  await expect(restore).toBeDisabled();
  await shot(p, 'historico-carregando');
  release();
  await expect(p.getByText('Nesta versão a página foi criada, com este conteúdo:')).toBeVisible();
  await expect(restore).toBeEnabled();
  // This version's own message, folded again; its pictures a click away (they build the site twice).
  await expect(p.getByText('Mensagem original')).toHaveCount(1);
  await expect(p.getByText('Site inicial')).toBeHidden();
  await expect(p.getByText('Ver a página antes e depois desta versão')).toBeVisible();
  await restore.click();
  const dialog = p.getByRole('dialog', { name: 'Restaurar /recarrega-site?' });
  await expect(dialog).toBeVisible();
  await axe(p);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});

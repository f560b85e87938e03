/**
 * Roles and Pessoas (issue 39, decision 0048) in browsers on one hosted Estúdio (accounts made by the
 * account command, a bare repository as the remote): an Editor sees no Excluir, no Restaurar, no Pessoas,
 * and Pessoas tells them in words what it is; an Administrador changes the Editor's role in Pessoas, and
 * at the Editor's next load Excluir is there, with no new sign-in. axe on Pessoas; no sideways scroll at
 * 375 px. The Estúdio is hosted-team.ts's. Pictures at 1280 and 375 px for .tmp/shots-h6/ when
 * E2E_SHOTS is set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ANA, BRUNO, CARLA, hostedTeam } from './hosted-team.ts';
import { ROOT } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

const SHOTS = process.env.E2E_SHOTS ? path.join(ROOT, '.tmp', 'shots-h6') : undefined;

const team = hostedTeam();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    // No sideways scroll on a phone (once the screen has laid itself out for the new width).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an Editor does not see what the role cannot do; an Administrador changes the role in Pessoas', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Ana (Editor): Páginas without Excluir and without Pessoas; the bar names the role.
  const ana = await team.signedIn(browser, ANA);
  await expect(ana.getByRole('region', { name: 'Sessão' })).toContainText('Ana Souza');
  await expect(ana.getByRole('region', { name: 'Sessão' })).toContainText('Editor');
  await expect(ana.getByRole('button', { name: 'Abrir /recarga' }).first()).toBeVisible();
  await expect(ana.getByRole('button', { name: /^Excluir / })).toHaveCount(0);
  await expect(ana.getByRole('link', { name: 'Pessoas' })).toHaveCount(0);
  await ana.goto(`${team.base}/#/pessoas`);
  await expect(ana.getByRole('status').filter({ hasText: 'Só Administradores' })).toHaveText(
    'Só Administradores veem e mudam as pessoas do Estúdio. Seu papel é Editor: para mudar, peça a um Administrador.',
  );
  await expect(ana.getByRole('list', { name: 'Pessoas e seus papéis' })).toHaveCount(0);
  await expect(ana.getByRole('alert')).toHaveCount(0);

  // Carla (Administrador): Pessoas from the bar, every account with its role.
  const carla = await team.signedIn(browser, CARLA);
  await expect(carla.getByRole('button', { name: 'Excluir /recarga' })).toBeVisible();
  await carla.getByRole('region', { name: 'Sessão' }).getByRole('link', { name: 'Pessoas' }).click();
  await expect(carla.getByRole('heading', { name: 'Pessoas', level: 1 })).toBeVisible();
  const list = carla.getByRole('list', { name: 'Pessoas e seus papéis' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const row = (email: string) => list.locator(`li[data-email="${email}"]`);
  await expect(row(CARLA.email)).toContainText('(você)');
  await expect(row(ANA.email).getByLabel('Papel', { exact: true })).toHaveValue('editor');
  await expect(row(BRUNO.email).getByLabel('Papel', { exact: true })).toHaveValue('publicador');
  // What each role may do, in words: an Editor asks for every publication, not only Publicar (0049).
  await expect(carla.locator('dl dt')).toHaveText(['Editor', 'Publicador', 'Administrador']);
  await expect(carla.locator('dl dd')).toHaveText([
    'Edita páginas e compartilha prévias. Para publicar, restaurar, desfazer, agendar, mudar um agendamento ou levar a vencedora de um experimento, envia um pedido que um Publicador aprova.',
    'Também faz tudo isso sem pedir, aprova ou devolve os pedidos e exclui páginas. Com “Toda publicação precisa de aprovação” ligado em Pedidos, também pede.',
    'Também muda as Configurações do site, o Google Analytics e as pessoas e seus papéis.',
  ]);
  const axe = await axeWholePage(carla);
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await shoot(carla, 'pessoas');

  // The last Administrador stays: the server says why, the list shows the role unchanged.
  await row(CARLA.email).getByLabel('Papel', { exact: true }).selectOption('editor');
  await row(CARLA.email).getByRole('button', { name: 'Mudar o papel de Carla Dias' }).click();
  await expect(carla.getByRole('alert')).toContainText('única pessoa Administradora');
  await expect(row(CARLA.email).getByLabel('Papel', { exact: true })).toHaveValue('administrador');

  // Ana becomes Publicadora: written to contas.json, and at her next load Excluir is there.
  // Choosing alone changes nothing (arrow keys on the list): the button confirms.
  await row(ANA.email).getByLabel('Papel', { exact: true }).selectOption('publicador');
  await expect(row(ANA.email).getByLabel('Papel', { exact: true })).toHaveValue('publicador');
  await shoot(carla, 'pessoas-escolhendo');
  const before = await readFile(path.join(team.data, 'contas.json'), 'utf8');
  expect(before).toContain('"role": "editor"');
  await row(ANA.email).getByRole('button', { name: 'Mudar o papel de Ana Souza' }).click();
  await expect(carla.getByRole('status').filter({ hasText: 'agora é Publicador' })).toHaveText(
    'Ana Souza agora é Publicador. Vale no próximo clique dessa pessoa; ninguém precisa entrar de novo.',
  );
  await shoot(carla, 'pessoas-mudou');
  const accounts = JSON.parse(await readFile(path.join(team.data, 'contas.json'), 'utf8')) as {
    email: string;
    role: string;
  }[];
  expect(accounts.find((a) => a.email === ANA.email)?.role).toBe('publicador');
  await ana.goto(`${team.base}/`);
  await expect(ana.getByRole('button', { name: 'Excluir /recarga' })).toBeVisible();
  await expect(ana.getByRole('region', { name: 'Sessão' })).toContainText('Publicador');
  await shoot(ana, 'paginas-publicador');
});

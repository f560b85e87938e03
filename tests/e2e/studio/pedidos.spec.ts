/**
 * Pedidos de publicação (issue 39, decision 0049) in two browsers on one hosted Estúdio (started
 * as a host starts it, accounts made by the account command, a bare repository as the remote):
 * Ana (Editor) asks; Bruno (Publicador) sees the count in the header, opens the request with the
 * publish review, returns it with a comment that carries markup (shown as text); Ana asks again;
 * Bruno approves and the remote gets one commit in Ana's name, committed by Bruno. Then a page
 * Ana saves again while Bruno reviews her request: his approval is refused naming the page, both
 * lists say which file changed, Ana asks again, and the approval publishes what is saved now, in
 * one commit naming both. The Estúdio is hosted-team.ts's, one for the file. Pictures of the list
 * and of the approval at 1280 and 375 px for .tmp/shots-h7/ when E2E_SHOTS is set.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git } from '../../studio/git-site.ts';
import { ANA, BRUNO, hostedTeam } from './hosted-team.ts';
import { ROOT } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

const SHOTS = process.env.E2E_SHOTS ? path.join(ROOT, '.tmp', 'shots-h7') : undefined;

// One Estúdio for the file, its tests in order (each names its own request and page).
test.describe.configure({ mode: 'default' });
const team = hostedTeam();

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an Editor asks, a Publicador returns it with a comment, the Editor asks again, the Publicador approves and publishes', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const file = path.join(team.site.work, 'pages', 'recarga.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('title: ', 'title: Campanha | '));
  const commitsBefore = Number(git(team.site.remote, 'rev-list', '--count', 'main'));

  // Ana: Publicar is "Pedir publicação" for an Editor.
  const ana = await team.signedIn(browser, ANA);
  await expect(ana.getByRole('button', { name: /^Publicar/ })).toHaveCount(0);
  await ana.getByRole('button', { name: /^Pedir publicação/ }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
  await expect(ask).toBeVisible();
  await expect(ask.getByText('Pedido em nome de Ana Souza')).toBeVisible();
  // Nothing goes live when she asks: "now" is as soon as someone approves.
  await expect(ask.getByRole('radio', { name: 'Assim que for aprovado' })).toBeChecked();
  await expect(ask.getByRole('radio', { name: 'Publicar agora' })).toHaveCount(0);
  await ask.getByLabel('Mensagem para quem aprova (fica no histórico)').fill('Título da campanha na recarga');
  await ask.getByRole('button', { name: 'Pedir publicação' }).click();
  await expect(ask.getByRole('status')).toContainText('Pedido enviado: “Título da campanha na recarga”.');
  await ask.getByRole('button', { name: 'Fechar' }).click();
  expect(Number(git(team.site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore);

  // Bruno: the count in the header, the list, the review, Devolver with markup in the comment.
  const bruno = await team.signedIn(browser, BRUNO);
  const count = bruno.getByRole('link', { name: /^Pedidos\s*: 1 esperando a sua decisão$/ });
  await expect(count).toBeVisible();
  await count.click();
  await expect(bruno.getByRole('heading', { name: 'Pedidos de publicação' })).toBeVisible();
  const card = bruno.locator('li[data-request]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Título da campanha na recarga');
  await expect(card).toContainText('Pedido por Ana Souza');
  await expect(card).toContainText('/recarga');
  await shoot(bruno, 'pedidos-lista');
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
  await expect(decide.getByRole('heading', { name: 'Páginas que este pedido muda' })).toBeVisible();
  await expect(decide.locator('details[data-route="/recarga"]')).toBeVisible({ timeout: 120_000 });
  // The publish review's pictures: /recarga before and after (reused from Publicar, not a copy).
  await expect(decide.getByRole('img', { name: /\/recarga .*depois da mudança/ }).first()).toBeVisible({
    timeout: 180_000,
  });
  // The approver reads whose change it is, not "a sua mudança".
  await expect(decide.getByText('Depois: com a mudança de Ana Souza').first()).toBeVisible();
  await expect(decide.getByText('Depois: com a sua mudança')).toHaveCount(0);
  await shoot(bruno, 'pedidos-aprovacao');
  const axe = await axeWholePage(bruno, { include: 'dialog' });
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await decide.getByRole('button', { name: 'Devolver', exact: true }).click();
  const comment = 'Falta o preço <b>R$ 99</b> no título';
  await decide.getByLabel('Comentário para Ana Souza (o que falta, o que mudar)').fill(comment);
  await decide.getByRole('button', { name: 'Devolver com este comentário' }).click();
  await expect(decide.getByRole('status')).toHaveText('Devolvido a Ana Souza com o seu comentário.');
  await decide.getByRole('button', { name: 'Fechar' }).click();

  // Ana: the outcome, the comment as text (no element made of it), Pedir de novo.
  await ana.goto(`${team.base}/#/pedidos`);
  await expect(ana.getByRole('link', { name: /^Pedidos\s*: 1 devolvido para você$/ })).toBeVisible();
  const returned = ana.locator('li[data-request][data-status="devolvido"]');
  await expect(returned).toContainText('devolvido por Bruno Lima');
  const quote = returned.getByLabel('Comentário de Bruno Lima');
  await expect(quote).toHaveText(comment);
  expect(await quote.locator('b').count()).toBe(0);
  await shoot(ana, 'pedidos-devolvido');
  await returned.getByRole('button', { name: 'Pedir de novo' }).click();
  await expect(ana.getByRole('status')).toHaveText('Pedido feito de novo com o que está salvo agora.');

  // Bruno: Aprovar e publicar; the remote has one commit, Ana's, committed by Bruno.
  await bruno.reload();
  await bruno
    .locator('li[data-request][data-status="pendente"]')
    .getByRole('button', { name: 'Revisar e decidir' })
    .click();
  await decide.getByRole('button', { name: 'Aprovar e publicar' }).click();
  await expect(decide.getByRole('status')).toContainText('Aprovado e publicado', { timeout: 180_000 });
  expect(Number(git(team.site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore + 1);
  expect(git(team.site.remote, 'log', '-1', '--format=%an|%cn|%s', 'main')).toBe(
    'Ana Souza|Bruno Lima|Título da campanha na recarga',
  );
  await decide.getByRole('button', { name: 'Fechar' }).click();
  await expect(bruno.locator('li[data-request][data-status="aprovado"]')).toContainText(
    'aprovado por Bruno Lima',
  );

  // Histórico says who asked and who approved.
  await bruno.goto(`${team.base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await expect(bruno.getByText('Pedido por Ana Souza, aprovado por Bruno Lima').first()).toBeVisible();
  await ana.context().close();
  await bruno.context().close();
});

test('a page saved again after the request: the approval is refused naming it, the Editor asks again, the approval publishes', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const message = 'Termos revisados pelo jurídico';
  const file = path.join(team.site.work, 'pages', 'termos-de-uso.yaml');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace(
      'title: Termos de Uso | Fillgás',
      'title: Termos de Uso revisados | Fillgás',
    ),
  );
  const commitsBefore = Number(git(team.site.remote, 'rev-list', '--count', 'main'));

  // Ana asks for the saved change.
  const ana = await team.signedIn(browser, ANA);
  await ana.getByRole('button', { name: /^Pedir publicação/ }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
  await ask.getByLabel('Mensagem para quem aprova (fica no histórico)').fill(message);
  await ask.getByRole('button', { name: 'Pedir publicação' }).click();
  await expect(ask.getByRole('status')).toContainText(`Pedido enviado: “${message}”.`);
  await ask.getByRole('button', { name: 'Fechar' }).click();

  // Bruno opens it: nothing changed yet, Aprovar e publicar is there.
  const bruno = await team.signedIn(browser, BRUNO);
  await bruno.goto(`${team.base}/#/pedidos`);
  const card = bruno.locator('li[data-request][data-status="pendente"]').filter({ hasText: message });
  await expect(card).not.toContainText('mudou depois do pedido');
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
  await expect(decide.locator('details[data-route="/termos-de-uso"]')).toBeVisible({ timeout: 120_000 });
  const approve = decide.getByRole('button', { name: 'Aprovar e publicar' });
  await expect(approve).toBeEnabled();

  // Meanwhile Ana changes the page's title on the page itself and saves it again.
  await ana.goto(`${team.base}/#/editar/${encodeURIComponent('pages/termos-de-uso.yaml')}`);
  await expect(ana.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  const title = ana.frameLocator('iframe[title="Prévia da página: Celular"]').locator('fillgas-block h1');
  await expect(title).toHaveText('Termos de Uso');
  await title.click();
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  await ana.keyboard.press('Control+End');
  await ana.keyboard.type(' de 2026', { delay: 80 });
  await expect(title).toHaveText('Termos de Uso de 2026');
  await ana.keyboard.press('Enter');
  await ana.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(ana.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toContain('title: Termos de Uso de 2026');

  // Bruno's approval is refused: it names the page, nothing is published, the button is gone.
  await approve.click();
  const changed = decide.locator('[data-changed]');
  await expect(changed).toContainText(
    '/termos-de-uso mudou depois do pedido de Ana Souza: o que seria publicado não é mais o que foi pedido. Nada foi publicado.',
    { timeout: 180_000 },
  );
  await expect(changed.getByRole('listitem')).toHaveText('/termos-de-uso: mudou depois do pedido');
  await expect(approve).toBeDisabled();
  expect(Number(git(team.site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore);
  await decide.getByRole('button', { name: 'Fechar' }).click();
  // The list says so too, and that Ana has to ask again.
  await expect(card).toContainText(
    'pages/termos-de-uso.yaml mudou depois do pedido: o pedido não pode ser aprovado assim; quem pediu precisa pedir de novo.',
  );

  // Ana sees which file changed and asks again with what is saved now.
  await ana.goto(`${team.base}/#/pedidos`);
  const mine = ana.locator('li[data-request][data-status="pendente"]').filter({ hasText: message });
  await expect(mine).toContainText(
    'pages/termos-de-uso.yaml mudou depois do pedido: peça de novo para que quem aprova veja o que está salvo agora.',
  );
  await mine.getByRole('button', { name: 'Pedir de novo' }).click();
  await expect(ana.getByRole('status')).toHaveText('Pedido feito de novo com o que está salvo agora.');
  await expect(mine).not.toContainText('mudou depois do pedido');

  // Bruno approves the renewed request: one commit, Ana's, committed by Bruno, naming both.
  await bruno.reload();
  await expect(card).not.toContainText('mudou depois do pedido');
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(decide.getByRole('status')).toContainText('Aprovado e publicado', { timeout: 180_000 });
  expect(Number(git(team.site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore + 1);
  expect(git(team.site.remote, 'log', '-1', '--format=%an|%cn|%s', 'main')).toBe(
    `Ana Souza|Bruno Lima|${message}`,
  );
  const body = git(team.site.remote, 'log', '-1', '--format=%B', 'main');
  expect(body).toContain(`Pedido-por: Ana Souza <${ANA.email}>`);
  expect(body).toContain(`Aprovado-por: Bruno Lima <${BRUNO.email}>`);
  // What was published is what was saved when Ana asked again.
  expect(git(team.site.remote, 'show', 'main:pages/termos-de-uso.yaml')).toContain(
    'title: Termos de Uso de 2026',
  );
  await ana.context().close();
  await bruno.context().close();
});

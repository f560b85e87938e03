/**
 * "Toda publicação precisa de aprovação" on the screens (issue 39, decision 0049): on a hosted
 * Estúdio with the setting on, a Publicador sees no Restaurar or Desfazer in Histórico but their
 * requests ("Pedir para restaurar", "Pedir para desfazer"), and Agendamentos says its changes
 * become requests (the server refuses the direct routes anyway:
 * tests/studio/requests-approval.test.ts); axe clean. Then an Editor asks to restore an older
 * version from Histórico, a Publicador approves it in Pedidos, and the bare remote gets one commit
 * in the Editor's name, committed by the Publicador, naming both, with the old version's text.
 * The Estúdio is hosted-team.ts's, with the setting written before it starts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git } from '../../studio/git-site.ts';
import { ANA, BRUNO, CARLA, hostedTeam } from './hosted-team.ts';
import { axeWholePage } from '../axe.ts';

// One Estúdio for the file, its tests in order: the first only looks, the second publishes.
test.describe.configure({ mode: 'default' });
const team = hostedTeam({
  people: [CARLA, ANA, BRUNO],
  async prepare(site, data) {
    // A second published version of recarga, so Histórico has an older one to restore.
    const file = path.join(site.work, 'pages', 'recarga.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: ', 'title: Antes | '));
    git(site.work, 'commit', '-q', '-am', 'Muda o título da recarga');
    git(site.work, 'push', '-q', 'origin', 'main');
    // "Toda publicação precisa de aprovação", as Pedidos writes it (decision 0049).
    await mkdir(data, { recursive: true, mode: 0o700 });
    await writeFile(
      path.join(data, 'pedidos.json'),
      JSON.stringify({ version: 1, approvalRequired: true, requests: [] }),
    );
  },
});

/** axe's violations on the screen, as "rule: element" lines. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await axeWholePage(page);
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${String(n.target)}`));
}

test('with every publication needing approval, Histórico and Agendamentos ask instead of publishing directly', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const bruno = await team.signedIn(browser, BRUNO);
  const before = git(team.site.remote, 'rev-parse', 'main');
  await bruno.goto(`${team.base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await bruno.getByRole('button', { name: /^Cria a página/ }).click();
  await expect(bruno.getByRole('button', { name: 'Pedir para restaurar' })).toBeEnabled();
  await expect(bruno.getByRole('button', { name: 'Pedir para desfazer' })).toBeVisible();
  await expect(bruno.getByRole('button', { name: 'Restaurar esta versão' })).toHaveCount(0);
  await expect(bruno.getByRole('button', { name: /Desfazer/ })).toHaveCount(0);
  expect(await axe(bruno)).toEqual([]);

  await bruno.goto(`${team.base}/#/agendamentos`);
  await expect(bruno.getByRole('heading', { name: 'Agendamentos' })).toBeVisible();
  await expect(
    bruno.getByText(
      'Mudar horários, cancelar e trazer para as páginas viram pedidos: quem publica aprova em Pedidos.',
    ),
  ).toBeVisible();
  expect(await axe(bruno)).toEqual([]);
  expect(git(team.site.remote, 'rev-parse', 'main')).toBe(before);
  await bruno.context().close();
});

test('an Editor asks to restore an older version from Histórico; a Publicador approves; the remote gets one commit naming both', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const message = 'Volta o título de antes da campanha';
  const first = git(team.site.remote, 'rev-list', '--max-parents=0', 'main');
  const commitsBefore = Number(git(team.site.remote, 'rev-list', '--count', 'main'));
  expect(git(team.site.remote, 'show', 'main:pages/recarga.yaml')).toContain('title: Antes | ');

  // Ana (Editor): Restaurar is a request.
  const ana = await team.signedIn(browser, ANA);
  await ana.goto(`${team.base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await ana.getByRole('button', { name: /^Cria a página/ }).click();
  await expect(ana.getByRole('button', { name: 'Restaurar esta versão' })).toHaveCount(0);
  const askButton = ana.getByRole('button', { name: 'Pedir para restaurar' });
  await expect(askButton).toBeEnabled();
  await askButton.click();
  const ask = ana.getByRole('dialog', { name: 'Pedir para restaurar' });
  await expect(ask).toContainText('/recarga volta a ficar como na versão');
  await ask.getByLabel('Mensagem para quem aprova').fill(message);
  expect(await axe(ana)).toEqual([]);
  await ask.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(ask.getByRole('status')).toContainText('Pedido enviado: Restaura /recarga à versão de');
  await ask.getByRole('button', { name: 'Fechar' }).click();
  expect(Number(git(team.site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore);

  // Bruno (Publicador): the request in Pedidos, Aprovar e publicar.
  const bruno = await team.signedIn(browser, BRUNO);
  await bruno.goto(`${team.base}/#/pedidos`);
  const card = bruno.locator('li[data-request][data-status="pendente"]').filter({ hasText: message });
  await expect(card).toContainText('Pedido por Ana Souza');
  await expect(card).toContainText('Restaurar uma versão: Restaura /recarga à versão de');
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
  const approve = decide.getByRole('button', { name: 'Aprovar e publicar' });
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(decide.getByRole('status')).toContainText('Aprovado e publicado', { timeout: 180_000 });

  // One commit: Ana's, committed by Bruno, both named; recarga as it was first.
  expect(Number(git(team.site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore + 1);
  expect(git(team.site.remote, 'log', '-1', '--format=%an|%cn', 'main')).toBe('Ana Souza|Bruno Lima');
  expect(git(team.site.remote, 'log', '-1', '--format=%s', 'main')).toMatch(
    /^Restaura \/recarga à versão de /,
  );
  const body = git(team.site.remote, 'log', '-1', '--format=%B', 'main');
  expect(body).toContain(`Pedido-por: Ana Souza <${ANA.email}>`);
  expect(body).toContain(`Aprovado-por: Bruno Lima <${BRUNO.email}>`);
  expect(git(team.site.remote, 'show', 'main:pages/recarga.yaml')).toBe(
    git(team.site.remote, 'show', `${first}:pages/recarga.yaml`),
  );
  await decide.getByRole('button', { name: 'Fechar' }).click();
  await expect(
    bruno.locator('li[data-request][data-status="aprovado"]').filter({ hasText: message }),
  ).toContainText('aprovado por Bruno Lima');

  // Histórico says who asked and who approved.
  await bruno.goto(`${team.base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await expect(bruno.getByText('Pedido por Ana Souza, aprovado por Bruno Lima').first()).toBeVisible();
  await ana.context().close();
  await bruno.context().close();
});

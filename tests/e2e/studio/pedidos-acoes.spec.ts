/**
 * Schedules and Levar a vencedora asked for instead of done (decision 0049, session 21), in the
 * browser of a hosted Estúdio (hosted-team.ts): an Editor asks to schedule a saved change from the
 * publish dialog ("Pedir agendamento"), a Publicador reads it in Pedidos in words and approves it,
 * and the bare remote gets one commit with the schedule's folder, authored by the Editor and
 * committed by the Publicador; then the Editor asks for a new start in Agendamentos ("Pedir
 * mudança de horário"), approved the same way; then the Editor asks to bring an experiment's
 * published winner home ("Pedir para levar a vencedora": the dialog says it was sent; closed, the
 * panel says so where the button was), approved; last, a schedule asked for
 * without a name reads by its time, its start passes before approval (the approval says so in
 * words), and the Editor asks again with another time from Pedidos ("Pedir de novo com outro
 * horário"), approved. axe on the Pedidos review of an action request and on each asking dialog.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git } from '../../studio/git-site.ts';
import { ANA, BRUNO, CARLA, expectAxeClean, hostedTeam } from './hosted-team.ts';

// One Estúdio for the file, its tests in order: each builds on the schedule the one before made.
test.describe.configure({ mode: 'default' });
const team = hostedTeam({
  people: [CARLA, ANA, BRUNO],
  async prepare(site) {
    // An experiment on /recarga whose winner, recarga-b, is already published (Encerrar done).
    await writeFile(
      path.join(site.work, 'pages', 'recarga-b.yaml'),
      'extends: recarga\nchange:\n  hero:\n    title: Título vencedor.\n',
    );
    const siteFile = path.join(site.work, 'pages', '_site.yaml');
    await writeFile(
      siteFile,
      `${await readFile(siteFile, 'utf8')}experiments:\n  - id: recarga-titulo\n    route: /recarga\n    winner: recarga-b\n    variants:\n      - page: recarga\n        weight: 50\n      - page: recarga-b\n        weight: 50\n`,
    );
    git(site.work, 'add', 'pages');
    git(site.work, 'commit', '-qm', 'Encerra o experimento recarga-titulo com a vencedora recarga-b');
    git(site.work, 'push', '-q', 'origin', 'main');
    // Ana's saved change, waiting to be scheduled (the Estúdio reads the working tree).
    const terms = path.join(site.work, 'pages', 'termos-de-uso.yaml');
    await writeFile(terms, (await readFile(terms, 'utf8')).replace('title: ', 'title: Novos | '));
  },
});

const year = new Date().getUTCFullYear() + 1;
const ID = 'termos-novos';
const commits = () => Number(git(team.site.remote, 'rev-list', '--count', 'main'));

/** Bruno opens the pending request with `message` in Pedidos, checks its words, axe, approves. */
async function approveIn(bruno: Page, message: string, words: string | RegExp): Promise<void> {
  // Read afresh: a page already on Pedidos is reloaded (going to it again changes nothing); one
  // on another screen reads the requests as Pedidos opens.
  if (new URL(bruno.url()).hash === '#/pedidos') await bruno.reload();
  else await bruno.goto(`${team.base}/#/pedidos`);
  const card = bruno.locator('li[data-request][data-status="pendente"]').filter({ hasText: message });
  await expect(card).toContainText('Pedido por Ana Souza');
  await expect(card.locator('.action')).toContainText(words);
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
  await expect(decide.locator('.action')).toContainText(words);
  await expectAxeClean(bruno);
  const approve = decide.getByRole('button', { name: 'Aprovar e publicar' });
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(decide.getByRole('status')).toContainText('Aprovado e publicado', { timeout: 180_000 });
  await decide.getByRole('button', { name: 'Fechar' }).click();
  await expect(
    bruno.locator('li[data-request][data-status="aprovado"]').filter({ hasText: message }),
  ).toContainText('aprovado por Bruno Lima');
}

/** The last commit on the remote is Ana's, committed by Bruno, both named in its trailers. */
function namesBoth(subject: RegExp): void {
  expect(git(team.site.remote, 'log', '-1', '--format=%an|%cn', 'main')).toBe('Ana Souza|Bruno Lima');
  expect(git(team.site.remote, 'log', '-1', '--format=%s', 'main')).toMatch(subject);
  const body = git(team.site.remote, 'log', '-1', '--format=%B', 'main');
  expect(body).toContain(`Pedido-por: Ana Souza <${ANA.email}>`);
  expect(body).toContain(`Aprovado-por: Bruno Lima <${BRUNO.email}>`);
}

test('an Editor asks to schedule a saved change; a Publicador reads it in words and approves; one commit names both', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const message = 'Termos novos para o fim do ano';
  const before = commits();
  const published = git(team.site.remote, 'show', 'main:pages/termos-de-uso.yaml');

  const ana = await team.signedIn(browser, ANA);
  await ana.getByRole('button', { name: /^Pedir publicação/ }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
  const when = ask.getByRole('group', { name: 'Quando' });
  await when.getByRole('radio', { name: 'Agendar' }).check();
  await when.getByLabel('Entra no ar no dia').fill(`${year}-12-20`);
  await when
    .getByRole('group', { name: 'Entra no ar em' })
    .getByLabel('às (horário de São Paulo)')
    .fill('00:00');
  await when.getByLabel('Nome do agendamento (para achá-lo depois)').fill('Termos novos');
  await ask.getByLabel('Mensagem para quem aprova (fica no histórico)').fill(message);
  await expectAxeClean(ana);
  await ask.getByRole('button', { name: 'Pedir agendamento' }).click();
  await expect(ask.getByRole('status')).toContainText(`Pedido enviado: “${message}”.`);
  await ask.getByRole('button', { name: 'Fechar' }).click();
  expect(commits()).toBe(before);

  const words = `Agenda /termos-de-uso para 20/12/${year} às 00:00 (agendamento termos novos)`;
  const bruno = await team.signedIn(browser, BRUNO);
  await approveIn(bruno, message, words);

  // One commit: the schedule's folder, the live page untouched.
  expect(commits()).toBe(before + 1);
  namesBoth(/^Agenda \/termos-de-uso para 20\/12\//);
  expect(
    git(team.site.remote, 'ls-tree', '-r', '--name-only', 'main', '--', 'pages/_agendamentos')
      .split('\n')
      .filter(Boolean)
      .sort(),
  ).toEqual([`pages/_agendamentos/${ID}/_agendamento.yaml`, `pages/_agendamentos/${ID}/termos-de-uso.yaml`]);
  expect(git(team.site.remote, 'show', `main:pages/_agendamentos/${ID}/termos-de-uso.yaml`)).toContain(
    'title: Novos | ',
  );
  expect(git(team.site.remote, 'show', 'main:pages/termos-de-uso.yaml')).toBe(published);

  // Agendamentos lists it, for both.
  for (const p of [bruno, ana]) {
    await p.goto(`${team.base}/#/agendamentos`);
    await expect(
      p.getByRole('region', { name: 'Próximos' }).locator(`[data-schedule="${ID}"]`),
    ).toContainText(`20/12/${year} às 00:00`);
  }
  await ana.context().close();
  await bruno.context().close();
});

test('the Editor asks for a new start in Agendamentos; approved, the remote has the new time', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const message = 'Melhor começar no dia 21 de manhã';
  const before = commits();
  const ana = await team.signedIn(browser, ANA);
  await ana.goto(`${team.base}/#/agendamentos`);
  const item = ana.getByRole('region', { name: 'Próximos' }).locator(`[data-schedule="${ID}"]`);
  await item.getByRole('button', { name: 'Pedir mudança de horário' }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir mudança de horário' });
  const start = ask.getByRole('group', { name: 'Entra no ar em' });
  await start.getByLabel('Entra no ar no dia').fill(`${year}-12-21`);
  await start.getByLabel('às (horário de São Paulo)').fill('08:00');
  await ask.getByLabel('Mensagem para quem aprova').fill(message);
  await expectAxeClean(ana);
  await ask.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(ask.getByRole('status')).toContainText(
    `Pedido enviado: Muda o horário do agendamento termos novos para 21/12/${year} às 08:00`,
  );
  await ask.getByRole('button', { name: 'Fechar' }).click();
  expect(commits()).toBe(before);

  const bruno = await team.signedIn(browser, BRUNO);
  await approveIn(bruno, message, `Muda o horário do agendamento termos novos para 21/12/${year} às 08:00`);
  expect(commits()).toBe(before + 1);
  namesBoth(/^Muda o horário do agendamento termos novos/);
  expect(git(team.site.remote, 'show', `main:pages/_agendamentos/${ID}/_agendamento.yaml`)).toContain(
    `start: ${year}-12-21 08:00`,
  );
  await ana.context().close();
  await bruno.context().close();
});

test('the Editor asks to bring the published winner home; approved, the winner is the page', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const before = commits();
  const ana = await team.signedIn(browser, ANA);
  await ana.goto(`${team.base}/#/experimentos/recarga-titulo`);
  await ana.getByRole('button', { name: 'Pedir para levar a vencedora' }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir para levar a vencedora' });
  const message = 'O título vencedor fica na recarga';
  await ask.getByLabel('Mensagem para quem aprova').fill(message);
  await expectAxeClean(ana);
  await ask.getByRole('button', { name: 'Enviar pedido' }).click();
  const words = 'Leva a vencedora /recarga-b para /recarga e encerra o experimento recarga-titulo';
  // The dialog itself says it was sent and that nothing changed on the site yet, as every asking
  // dialog does (it used to vanish at once, the button it belonged to replaced by the notice).
  await expect(ask.getByRole('status')).toContainText(`Pedido enviado: ${words}.`);
  await expect(ask.getByRole('status')).toContainText('Nada mudou no site ainda');
  await ask.getByRole('button', { name: 'Fechar' }).click();
  await expect(ask).toHaveCount(0);
  // Closed, the panel says it where the button was (not asked twice), with the focus and a link to Pedidos.
  const notice = ana
    .getByRole('status')
    .filter({ hasText: `Pedido enviado: ${words}. Quem publica decide em Pedidos.` });
  await expect(notice).toBeVisible();
  await expect(ana.locator('[data-asked]')).toBeFocused();
  await expect(notice.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('href', '#/pedidos');
  await expect(ana.getByRole('button', { name: 'Pedir para levar a vencedora' })).toHaveCount(0);
  // Opened again, the screen still says the request is waiting instead of offering to ask twice,
  // and leaves the focus where a page's opening puts it.
  await ana.reload();
  await expect(notice).toBeVisible();
  await expect(ana.getByRole('button', { name: 'Pedir para levar a vencedora' })).toHaveCount(0);
  await expect(ana.locator('[data-asked]')).not.toBeFocused();
  expect(commits()).toBe(before);

  const bruno = await team.signedIn(browser, BRUNO);
  await approveIn(bruno, message, words);
  expect(commits()).toBe(before + 1);
  namesBoth(/^Leva a vencedora \/recarga-b para \/recarga/);
  expect(git(team.site.remote, 'show', 'main:pages/recarga.yaml')).toContain('Título vencedor.');
  expect(git(team.site.remote, 'ls-tree', '--name-only', 'main', 'pages/recarga-b.yaml')).toBe('');
  expect(git(team.site.remote, 'show', 'main:pages/_site.yaml')).not.toContain('experiments:');
  await ana.context().close();
  await bruno.context().close();
});

test('an unnamed schedule asked for reads by its time; its start passes before approval; asked again with another time, approved', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const message = 'Home de fim de ano';
  const index = path.join(team.site.work, 'pages', 'index.yaml');
  await writeFile(index, (await readFile(index, 'utf8')).replace('title: ', 'title: Fim de ano | '));
  const before = commits();

  // Ana asks to schedule it without a name.
  const ana = await team.signedIn(browser, ANA);
  await ana.getByRole('button', { name: /^Pedir publicação/ }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
  const when = ask.getByRole('group', { name: 'Quando' });
  await when.getByRole('radio', { name: 'Agendar' }).check();
  await when.getByLabel('Entra no ar no dia').fill(`${year}-12-20`);
  await when
    .getByRole('group', { name: 'Entra no ar em' })
    .getByLabel('às (horário de São Paulo)')
    .fill('00:00');
  await ask.getByLabel('Mensagem para quem aprova (fica no histórico)').fill(message);
  await ask.getByRole('button', { name: 'Pedir agendamento' }).click();
  await expect(ask.getByRole('status')).toContainText(`Pedido enviado: “${message}”.`);
  await ask.getByRole('button', { name: 'Fechar' }).click();

  // The request waits past its start (as stored: the server's clock cannot be moved).
  const file = path.join(team.data, 'pedidos.json');
  const state = JSON.parse(await readFile(file, 'utf8')) as {
    requests: { message: string; action: { body: { start: string } } }[];
  };
  state.requests.find((r) => r.message === message)!.action.body.start = '2020-01-01 10:00';
  await writeFile(file, JSON.stringify(state));

  // Bruno reads it in words (no "agendamento agendamento"); approving says the time passed.
  const bruno = await team.signedIn(browser, BRUNO);
  await bruno.goto(`${team.base}/#/pedidos`);
  const card = bruno.locator('li[data-request][data-status="pendente"]').filter({ hasText: message });
  await expect(card.locator('.action')).toHaveText(`Agendar: Agenda / para 20/12/${year} às 00:00`);
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
  await decide.getByRole('button', { name: 'Aprovar e publicar' }).click();
  await expect(decide).toContainText(
    'O horário pedido já passou, e o pedido não pode ser aprovado assim: devolva-o, e Ana Souza pede de novo com um novo horário.',
  );
  expect(commits()).toBe(before);
  await decide.getByRole('button', { name: 'Fechar' }).click();

  // Ana asks again with another time, from her card.
  await ana.goto(`${team.base}/#/pedidos`);
  const mine = ana.locator('li[data-request][data-status="pendente"]').filter({ hasText: message });
  await mine.getByRole('button', { name: 'Pedir de novo com outro horário' }).click();
  const retime = ana.getByRole('dialog', { name: 'Pedir de novo com outro horário' });
  const start = retime.getByRole('group', { name: 'Entra no ar em' });
  await start.getByLabel('Entra no ar no dia').fill(`${year}-12-22`);
  await start.getByLabel('às (horário de São Paulo)').fill('09:00');
  await expectAxeClean(ana);
  await retime.getByRole('button', { name: 'Pedir de novo' }).click();
  await expect(ana.getByRole('status').filter({ hasText: 'Pedido feito de novo:' })).toHaveText(
    `Pedido feito de novo: Agenda / para 22/12/${year} às 09:00.`,
  );

  await approveIn(bruno, message, `Agenda / para 22/12/${year} às 09:00`);
  expect(commits()).toBe(before + 1);
  namesBoth(/^Agenda \/ para 22\/12\//);
  expect(git(team.site.remote, 'show', 'main:pages/_agendamentos/agendamento/_agendamento.yaml')).toContain(
    `start: ${year}-12-22 09:00`,
  );
  await bruno.goto(`${team.base}/#/agendamentos`);
  await expect(bruno.locator('[data-schedule="agendamento"]')).toContainText(
    `agendamento de 22/12/${year} às 09:00`,
  );
  await expect(bruno.locator('[data-schedule="agendamento"]')).not.toContainText('agendamento agendamento');
  await ana.context().close();
  await bruno.context().close();
});

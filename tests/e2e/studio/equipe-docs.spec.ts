/**
 * The pictures of docs/autoria.md's "Trabalhar em equipe" (issue 39), at 1280 and 375 px, against the
 * hosted Estúdio with three people (Ana, Editor; Bruno, Publicador; Carla, Administrador) over a clone
 * with a bare remote: Pessoas as Carla sees it, Ana's "Pedir publicação", Bruno's list of requests and
 * the request's review. Nothing is published here (the whole flow is tests/e2e/studio/pedidos.spec.ts;
 * shared previews' pictures come from previas.spec.ts). What each picture shows is asserted in words
 * first; axe on each screen. The Estúdio is hosted-team.ts's. Pictures go to .tmp/equipe/ (to
 * docs/estudio/ with ESTUDIO_DOC_SHOTS=1).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ANA,
  BRUNO,
  CARLA,
  expectAxeClean as axe,
  hostedTeam,
  wholeHeight,
  type Person,
} from './hosted-team.ts';
import { ROOT } from './studio-server.ts';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

// Carla first: the first account of a file is an Administrador.
const team = hostedTeam({
  pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'],
  people: [CARLA, ANA, BRUNO],
  async prepare(site) {
    const file = path.join(site.work, 'pages/recarga.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'title: Recarga de CO2 sem sair de casa.',
        'title: Recarga de CO2 na sua porta, hoje.',
      ),
    );
  },
});

function signedIn(browser: Browser, who: Person): Promise<Page> {
  return team.signedIn(browser, who, {
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
  });
}

/**
 * `scene` at 1280 (`height` px high) and at 375 px, then the screen photographed (whole with
 * `whole`); nothing wider than the phone.
 */
async function shots(
  p: Page,
  name: string,
  scene: () => Promise<void>,
  { whole = false, height = 800 } = {},
) {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : height });
    await scene();
    if (width === 375)
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (whole) {
      await p.setViewportSize({ width, height: Math.min(await wholeHeight(p), 3000) });
    }
    await p.waitForTimeout(400);
    const file = test.info().outputPath(`${name}-${width}.png`);
    await p.screenshot({ path: file });
    const dir = path.join(ROOT, process.env.ESTUDIO_DOC_SHOTS ? 'docs/estudio' : '.tmp/equipe');
    await mkdir(dir, { recursive: true });
    await copyFile(file, path.join(dir, `${name}-${width}.png`));
  }
  await p.setViewportSize({ width: 1280, height: 800 });
}

test('Pessoas, as an Administrador sees it: each person with a role, and what each role may do', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const carla = await signedIn(browser, CARLA);
  await shots(
    carla,
    'pessoas',
    async () => {
      await carla.goto(`${team.base}/#/pessoas`);
      const list = carla.getByRole('list', { name: 'Pessoas e seus papéis' });
      await expect(list).toContainText('Ana Souza');
      await expect(list).toContainText('Bruno Lima');
      await expect(carla.getByRole('heading', { name: 'O que cada papel pode fazer' })).toBeVisible();
      await axe(carla);
    },
    { whole: true },
  );
  await carla.context().close();
});

test('an Editor asks for publication; a Publicador sees the request and its review', async ({ browser }) => {
  test.setTimeout(300_000);
  const ana = await signedIn(browser, ANA);
  await shots(
    ana,
    'pedir-publicacao',
    async () => {
      await ana.goto(`${team.base}/#/`);
      await ana.reload();
      await ana.getByRole('button', { name: /^Pedir publicação/ }).click();
      const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
      await expect(ask.getByText('Pedido em nome de Ana Souza')).toBeVisible();
      const message = ask.getByLabel('Mensagem para quem aprova (fica no histórico)');
      await message.fill('Título da campanha na recarga');
      await axe(ana);
      // The message and who asks in view (on a phone the dialog scrolls; on the computer the
      // window is a little taller, so the dialog's title stays in the picture too).
      await message.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    },
    { height: 900 },
  );
  await ana
    .getByRole('dialog', { name: 'Pedir publicação' })
    .getByRole('button', { name: 'Pedir publicação' })
    .click();
  await expect(ana.getByRole('dialog').getByRole('status')).toContainText('Pedido enviado');
  await ana.context().close();

  const bruno = await signedIn(browser, BRUNO);
  await shots(bruno, 'pedidos', async () => {
    await bruno.goto(`${team.base}/#/pedidos`);
    await bruno.reload();
    const card = bruno.locator('li[data-request]');
    await expect(card).toContainText('Título da campanha na recarga');
    await expect(card).toContainText('Pedido por Ana Souza');
    await axe(bruno);
  });
  await shots(bruno, 'pedido-revisar', async () => {
    await bruno.goto(`${team.base}/#/pedidos`);
    await bruno.reload();
    await bruno.locator('li[data-request]').getByRole('button', { name: 'Revisar e decidir' }).click();
    const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
    await expect(decide.getByRole('img', { name: /\/recarga .*depois da mudança/ }).first()).toBeVisible({
      timeout: 180_000,
    });
    await expect(decide.getByRole('button', { name: 'Aprovar e publicar' })).toBeVisible();
  });
  await bruno.context().close();
});

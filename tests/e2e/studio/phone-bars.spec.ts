/**
 * The hosted Estúdio's bars and the editor on a phone (session 21): the session bar of a person
 * with a name, e-mail, role, Pedidos with a count, Pessoas and Sair stays one line at 375 px;
 * "Pedir publicação" shows a long route whole; "Os dois" chosen at 1280 px falls back to one
 * page when the window narrows to 820 and 375 px, and shows both again when it widens. Nothing is
 * wider than the screen at any of these widths. One hosted Estúdio (hosted-team.ts) for the file;
 * screenshots at 375 and 1280 px go to .tmp/phone-bars/.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANA, BRUNO, CARLA, expectAxeClean, hostedTeam, TEAM_PAGES } from './hosted-team.ts';
import { ROOT } from './studio-server.ts';

const SHOTS = path.join(ROOT, '.tmp', 'phone-bars');
const LONG = 'recarregar-sodastream';
/** A new page whose route has a part longer than a phone is wide, with no hyphen to break at. */
const LONGER = 'recarregar-sodastream/campanhadeveraocomdescontoespecialparaclientes2026';

// One Estúdio for the file, its tests in order: the request Ana sends gives Bruno his count.
test.describe.configure({ mode: 'default' });
const team = hostedTeam({
  pages: [...TEAM_PAGES, `${LONG}.yaml`],
  // A saved change to the page with the longest route, not yet published.
  prepare: async (site) => {
    const file = path.join(site.work, 'pages', `${LONG}.yaml`);
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: ', 'title: Campanha | '));
    const longer = path.join(site.work, 'pages', `${LONGER}.yaml`);
    await mkdir(path.dirname(longer), { recursive: true });
    await copyFile(file, longer);
  },
});

test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

// The longest route is /recarregar-sodastream, whose hero floats its pictures for ever: in the
// preview behind these bars and dialogs that was about 0.25 of a core for as long as a test ran
// (session 27). Nothing here is about motion; with reduced motion the hero stands still.
const reducedMotion = 'reduce' as const;

/** Nothing wider than the screen, and a picture of it. */
async function fitsAndShoot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${width}` })
    .toBe(width);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
}

/** The element's right edge is inside the screen and its text is not clipped. */
async function wholeOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  const clipped = await locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped).toBe(false);
}

/**
 * The preview's state list is on screen and wide enough that every state's name reads whole in
 * it (on a phone it has a row of its own), beside the list's arrow.
 */
async function stateNamesWhole(page: Page) {
  const state = page.getByRole('combobox', { name: 'Estado' });
  await wholeOnScreen(state);
  const room = await state.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const names = [...el.options].map((o) => ({ name: o.text, width: context.measureText(o.text).width }));
    const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { names, inner };
  });
  // Chromium draws the list's arrow in about 20 px at the right of its box.
  const cut = room.names
    .filter((n) => n.width > room.inner - 20)
    .map((n) => `${n.name} (${Math.ceil(n.width)} px)`);
  expect(cut, `names wider than the list's ${Math.floor(room.inner - 20)} px`).toEqual([]);
}

/** At least 44 × 44 px: a finger's size on a phone. */
async function fingerSized(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.width, `${String(locator)} ${box.width} px wide`).toBeGreaterThanOrEqual(44);
  expect(box.height, `${String(locator)} ${box.height} px high`).toBeGreaterThanOrEqual(44);
}

/**
 * A checkbox's or radio's label holds it (a tap anywhere on the label's row takes it) and is at
 * least 44 px high; the box itself keeps its square (beside words that wrap, one kept 13 of 18 px).
 */
async function labelFingerSized(input: Locator) {
  const seen = await input.evaluate((el: HTMLInputElement) => {
    const label = el.labels?.[0];
    const box = el.getBoundingClientRect();
    return {
      holds: label?.contains(el) ?? false,
      height: label?.getBoundingClientRect().height ?? 0,
      square: Math.abs(box.width - box.height) < 0.5,
    };
  });
  expect(seen.holds, `${String(input)} inside its label`).toBe(true);
  expect(seen.height, `${String(input)}'s label ${seen.height} px high`).toBeGreaterThanOrEqual(44);
  expect(seen.square, `${String(input)} square`).toBe(true);
}

/** A details' toggle on a phone: its whole row (the details' width), 44 px high, opens it with a tap. */
async function rowToggle(summary: Locator) {
  const [box, row] = await summary.evaluate((el) =>
    [el, el.parentElement!].map((e) => {
      const r = e.getBoundingClientRect();
      return { width: r.width, height: r.height };
    }),
  );
  expect(box!.height, `${String(summary)} ${box!.height} px high`).toBeGreaterThanOrEqual(44);
  expect(box!.width, `${String(summary)} ${box!.width} of the row's ${row!.width} px`).toBeGreaterThanOrEqual(
    row!.width - 1,
  );
  const details = summary.locator('..');
  const open = await details.evaluate((el: HTMLDetailsElement) => el.open);
  await summary.tap();
  await expect(details).toHaveJSProperty('open', !open);
}

test('"Pedir publicação" at 375 and 1280 px shows the long route whole', async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = await team.signedIn(browser, ANA, { viewport: { width: 375, height: 800 }, reducedMotion });
  await ana.goto(`${team.base}/#/editar/${encodeURIComponent(`pages/${LONG}.yaml`)}`);
  await test.step('the editor bar holds the long route and every button on one line from 1200 px', async () => {
    const bar = ana.getByRole('banner').filter({ has: ana.getByRole('heading', { name: `/${LONG}` }) });
    const back = bar.getByRole('button', { name: '← Páginas' });
    const ask = bar.getByRole('button', { name: /^Pedir publicação/ });
    for (const width of [1200, 1280]) {
      await ana.setViewportSize({ width, height: 800 });
      // Publicar's place on the bar: beside "← Páginas", not on a second line (session 27's fix).
      await expect
        .poll(async () => (await ask.boundingBox())!.y, { message: `Pedir publicação at ${width} px` })
        .toBe((await back.boundingBox())!.y);
      await wholeOnScreen(ask);
      await wholeOnScreen(bar.getByRole('heading', { name: `/${LONG}` }));
    }
    await ana.setViewportSize({ width: 375, height: 800 });
  });
  await ana.getByRole('button', { name: /^Pedir publicação/ }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
  await expect(ask).toBeVisible();
  // The editor's own page comes checked; the new page is chosen too, by its words.
  await test.step("the choices take a click on their words, in rows a finger's size", async () => {
    const longer = ask.getByRole('checkbox', { name: `/${LONGER} (novo)` });
    await expect(longer).not.toBeChecked();
    await ask.getByText(`/${LONGER} (novo)`).click();
    await expect(longer).toBeChecked();
    for (const each of await ask.getByRole('checkbox').all()) await labelFingerSized(each);
    // Quando: the two ways (once 32 px high), and Agendar's "até…".
    for (const each of await ask.getByRole('radio').all()) await labelFingerSized(each);
    await ask.getByText('Agendar', { exact: true }).click();
    const until = ask.getByRole('checkbox', { name: /^até…/ });
    await labelFingerSized(until);
    await ask.getByText('Assim que for aprovado').click();
    await expect(until).toBeHidden();
  });
  // Each route whole in the list of saved files, and again under "Páginas que este pedido muda"
  // once the site is checked.
  for (const [route, status] of [
    [LONG, 'alterado'],
    [LONGER, 'novo'],
  ] as const) {
    const listed = ask.getByText(`/${route} (${status})`);
    const changed = ask.locator(`[data-route="/${route}"] summary .route`);
    await expect(changed).toBeVisible({ timeout: 120_000 });
    for (const width of [375, 1280]) {
      await ana.setViewportSize({ width, height: 800 });
      await listed.scrollIntoViewIfNeeded();
      await wholeOnScreen(listed);
      await wholeOnScreen(ask.getByText(`pages/${route}.yaml`, { exact: false }));
      await fitsAndShoot(ana, `pedir-publicacao-${status}`);
      await changed.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expect(changed).toHaveText(`/${route}`);
      await wholeOnScreen(changed);
      // Its toggle: a finger's size on the phone (once 39 px), as it was on a wide screen.
      const toggle = (await ask.locator(`[data-route="/${route}"] summary`).boundingBox())!;
      if (width === 375) expect(toggle.height).toBeGreaterThanOrEqual(44);
      else expect(toggle.height).toBeLessThan(44);
      await fitsAndShoot(ana, `pedir-publicacao-paginas-${status}`);
    }
  }
  await ask.getByLabel('Mensagem para quem aprova (fica no histórico)').fill('Título da campanha');
  await ask.getByRole('button', { name: 'Pedir publicação' }).click();
  await expect(ask.getByRole('status')).toContainText('Pedido enviado');
  await ana.context().close();
});

test('the session bar fits one line at 375 px with name, role, Pedidos, Pessoas and Sair; the e-mail is still said', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  for (const who of [BRUNO, CARLA]) {
    const page = await team.signedIn(browser, who, { viewport: { width: 375, height: 800 }, reducedMotion });
    const bar = page.getByRole('region', { name: 'Sessão' });
    const sair = bar.getByRole('button', { name: 'Sair' });
    const pedidos = bar.getByRole('link', { name: /^Pedidos/ });
    await expect(pedidos).toBeVisible();
    if (who === BRUNO) await expect(pedidos).toHaveAccessibleName(/1 esperando a sua decisão/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // One line: Sair beside the name, not under it (on a phone the role may sit under the name).
      const name = bar.getByText(who.name, { exact: true });
      const [nameBox, sairBox, barBox] = [
        (await name.boundingBox())!,
        (await sair.boundingBox())!,
        (await bar.boundingBox())!,
      ];
      expect(sairBox.y).toBeLessThan(nameBox.y + nameBox.height);
      expect(nameBox.y).toBeLessThan(sairBox.y + sairBox.height);
      // One line of 44 px targets (two would be over 80).
      expect(barBox.height).toBeLessThanOrEqual(52);
      await wholeOnScreen(name);
      await wholeOnScreen(sair);
      await wholeOnScreen(pedidos);
      // The e-mail: read by a screen reader and shown on hover, on screen only where it fits.
      await expect(bar).toContainText(who.email);
      await expect(bar.locator(`[title*="${who.email}"]`)).toHaveCount(1);
      await fitsAndShoot(page, `sessao-${who.role}`);
      await expectAxeClean(page);
    }
    // The keyboard reaches Pedidos and Sair, each outlined where it is.
    await page.setViewportSize({ width: 375, height: 800 });
    await pedidos.focus();
    await expect(pedidos).toBeFocused();
    await page.keyboard.press('Tab');
    if (who === CARLA) {
      await expect(bar.getByRole('link', { name: 'Pessoas' })).toBeFocused();
      await page.keyboard.press('Tab');
    }
    await expect(sair).toBeFocused();
    await wholeOnScreen(sair);
    const outline = await sair.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    await page.context().close();
  }
});

test('at 375 px under the session bar, the editor of a route longer than the phone: every button on screen and finger-sized, the tabs in view', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await team.signedIn(browser, CARLA, {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    reducedMotion,
  });
  await test.step("Páginas' links to the other screens and the session bar are finger-sized", async () => {
    const bar = page.getByRole('region', { name: 'Sessão' });
    for (const target of [
      bar.getByRole('link', { name: /^Pedidos/ }),
      bar.getByRole('link', { name: 'Pessoas' }),
      bar.getByRole('button', { name: 'Sair' }),
      ...(await page.getByRole('navigation', { name: 'Outras telas' }).getByRole('link').all()),
    ])
      await fingerSized(target);
  });
  await test.step("Configurações: its toggles a finger's size, Aprovação's checkbox beside its words", async () => {
    await page.goto(`${team.base}/#/configuracoes`);
    const approval = page.locator('[data-approval-setting]');
    const box = approval.getByRole('checkbox', { name: /^Toda publicação precisa de aprovação/ });
    await expect(box).toBeVisible();
    // The screen's fields' 100% once made it 311 px wide and 18 high, its words a letter a line
    // (3,684 px).
    expect((await box.boundingBox())!.width).toBeLessThanOrEqual(24);
    expect((await approval.boundingBox())!.height).toBeLessThan(300);
    await labelFingerSized(box);
    const was = await box.isChecked();
    for (const then of [!was, was]) {
      await approval.getByText('Toda publicação precisa de aprovação').tap();
      await expect(box).toBeChecked({ checked: then });
    }
    const toggles = page.locator('summary');
    await expect(toggles).toHaveCount(2);
    for (const toggle of await toggles.all()) await rowToggle(toggle);
  });
  await test.step("Histórico: its toggles a finger's size, the whole row", async () => {
    await page.goto(`${team.base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
    const message = page.locator('summary', { hasText: 'Mensagem original' });
    await expect(message).toBeVisible({ timeout: 30_000 });
    await rowToggle(message);
    await expect(page.locator('.original')).toBeVisible();
  });
  await test.step("Públicos: the rule's checkbox takes a tap on its words, in a row a finger's size", async () => {
    await page.goto(`${team.base}/#/publicos`);
    await page.getByLabel('Endereço que os anúncios trazem').selectOption('/recarga');
    await page.getByRole('button', { name: 'Nova regra…' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Nova regra para /recarga' });
    const gclid = dialog.getByRole('checkbox', { name: 'Veio de um anúncio do Google (gclid)' });
    await labelFingerSized(gclid);
    await gclid.scrollIntoViewIfNeeded();
    await dialog.getByText('Veio de um anúncio do Google (gclid)').tap();
    await expect(gclid).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await expect(dialog).toBeHidden();
  });
  await page.goto(`${team.base}/#/editar/${encodeURIComponent(`pages/${LONGER}.yaml`)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  const editorBar = page.getByRole('banner').filter({ has: page.getByRole('heading', { level: 1 }) });
  const session = page.getByRole('region', { name: 'Sessão' });
  for (const tab of ['Página', 'Código', 'Formulário', 'Estrutura', 'Página']) {
    await test.step(`${tab}: the bar's buttons whole on screen, the tabs in view`, async () => {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      // The route is cut short (whole in its tooltip); Salvar and Publicar stay on the screen
      // (a route of one long word once pushed them 240 px past its right edge).
      for (const name of [/^← Páginas$/, /^Salvar$/, /^Publicar$/, /^Adicionar bloco$/, /^Mais/]) {
        const button = editorBar.getByRole('button', { name });
        await wholeOnScreen(button);
        await fingerSized(button);
      }
      await expect(editorBar.getByRole('heading', { level: 1 })).toHaveAttribute('title', `/${LONGER}`);
      // Under the session bar and above the screen's bottom: nothing scrolled away (the editor
      // once took the whole screen's height under that bar, 40 px more than there was).
      const [sessionBox, barBox] = [(await session.boundingBox())!, (await editorBar.boundingBox())!];
      expect(barBox.y).toBeGreaterThanOrEqual(sessionBox.y + sessionBox.height - 0.5);
      for (const each of await page.getByRole('tab').all()) {
        await expect(each).toBeInViewport({ ratio: 1 });
        await fingerSized(each);
      }
    });
  }
  await fitsAndShoot(page, 'editor-rota-longa');
  await page.context().close();
});

test('"Os dois" chosen at 1280 px: one page at 820 and 375 px, both again at 1280, never wider than the screen', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await team.signedIn(browser, CARLA, { viewport: { width: 1280, height: 800 }, reducedMotion });
  await page.goto(`${team.base}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
  const widths = page.getByRole('group', { name: 'Largura da prévia' });
  await widths.getByRole('button', { name: 'Os dois' }).click();
  const frames = page.locator('#previa iframe');
  await expect(frames).toHaveCount(2);
  /** Each page shown has the page in it (a frame mounted again after a resize gets its render too). */
  const pagesShown = async () => {
    for (const frame of await frames.all())
      await expect(
        page.frameLocator(`iframe[title="${await frame.getAttribute('title')}"]`).locator('h1'),
      ).toContainText('Recarga de CO2', { timeout: 60_000 });
  };
  await pagesShown();
  await fitsAndShoot(page, 'os-dois');
  for (const width of [820, 375, 820, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const both = width >= 900;
    await expect(frames).toHaveCount(both ? 2 : 1);
    if (!both) {
      // The page shown is the phone's, and the buttons say so; "Os dois" comes back when there is room.
      await expect(page.getByTitle('Prévia da página: Celular')).toBeVisible();
      await expect(widths.getByRole('button', { name: 'Celular' })).toHaveAttribute('aria-pressed', 'true');
      await expect(widths.getByRole('button', { name: 'Os dois' })).toHaveCount(0);
      if (width === 375) await stateNamesWhole(page);
    } else {
      await expect(widths.getByRole('button', { name: 'Os dois' })).toHaveAttribute('aria-pressed', 'true');
    }
    await pagesShown();
    await fitsAndShoot(page, 'os-dois-depois');
  }
  await page.context().close();
});

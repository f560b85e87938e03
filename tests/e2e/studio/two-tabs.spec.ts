/**
 * Two tabs (or two people) on one page never overwrite each other: the second save sees the
 * conflict with both versions side by side, and whichever the author keeps, neither text is
 * lost on the way; one's own second tab is named as such, not as another person. And the
 * Estúdio's screens pass axe at a laptop's width.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startStudio, type RunningStudio } from './studio-server.ts';
import { axeOutsideFrames, axeWholePage } from '../axe.ts';

// All of this file's tests on one Estúdio, one after the other: split between the two workers,
// each would start its own (about 5 s of CPU on a 2-core machine that the suite keeps busy).
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});
// Contexts a test makes itself, closed after it (pass or fail): Playwright closes only its own
// `page`'s, and an Estúdio tab left open keeps polling and painting until the worker ends.
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  // The first preview of a fresh server compiles the runtime through Vite: it may take a while.
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  // The editor opens on the page (issue 37): these tests type YAML, in the Código tab.
  await page.getByRole('tab', { name: 'Código' }).click();
}

/** Replaces the page's title line with `title` (the editor's own keys, as an author types). */
async function retitle(page: Page, title: string) {
  await editorOf(page)
    .getByText(/^title: /)
    .first()
    .click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.type(`title: ${title}`);
}

test('the second of two saves of one page sees the conflict, and neither text is lost', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const file = path.join(studio.pagesDir, 'recarga.yaml');
  const [one, two] = await Promise.all([browser.newPage(), browser.newPage()]);
  opened.push(one.context(), two.context());
  await openPage(one, 'pages/recarga.yaml');
  await openPage(two, 'pages/recarga.yaml');

  await retitle(one, 'Título da primeira aba');
  await one.keyboard.press('Control+s');
  await expect(one.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toContain('title: Título da primeira aba');

  await retitle(two, 'Título da segunda aba');
  await two.keyboard.press('Control+s');
  const dialog = two.getByRole('dialog', { name: 'Este arquivo mudou desde que você o abriu' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('A sua versão (no editor)')).toHaveValue(/title: Título da segunda aba/);
  await expect(dialog.getByLabel('A versão salva no disco')).toHaveValue(/title: Título da primeira aba/);
  // Nothing was written by the refused save.
  expect(await readFile(file, 'utf8')).toContain('title: Título da primeira aba');

  // Taking the disk's version into the editor keeps the author's own one a Ctrl+Z away; saved
  // from there, it builds on the newest file, so it goes through.
  await dialog.getByRole('button', { name: 'Usar a versão do disco no editor' }).click();
  await expect(editorOf(two)).toContainText('title: Título da primeira aba');
  await editorOf(two).click();
  await two.keyboard.press('Control+z');
  await expect(editorOf(two)).toContainText('title: Título da segunda aba');
  await two.keyboard.press('Control+s');
  await expect(two.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toContain('title: Título da segunda aba');

  // The first tab, still on its older version, now conflicts in turn; keeping its own text
  // replaces the newer file knowingly.
  await retitle(one, 'Título final da primeira aba');
  await one.keyboard.press('Control+s');
  const again = one.getByRole('dialog', { name: 'Este arquivo mudou desde que você o abriu' });
  await expect(again.getByLabel('A versão salva no disco')).toHaveValue(/title: Título da segunda aba/);
  await again.getByRole('button', { name: 'Salvar a minha por cima' }).click();
  await expect(again).toBeHidden();
  expect(await readFile(file, 'utf8')).toContain('title: Título final da primeira aba');
});

test('your own second tab is "você, em outra aba", not another person', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  opened.push(context);
  const [one, two] = [await context.newPage(), await context.newPage()];
  await openPage(one, 'pages/agendamento.yaml');
  await openPage(two, 'pages/agendamento.yaml');
  const me = (await (await one.request.get(`${studio.origin}/api/eu`)).json()) as { name: string };
  for (const tab of [one, two]) {
    const others = tab.locator('[data-presence-others]');
    // Each tab reports every 10 s and asks every 5 s.
    await expect(others).toContainText('Esta página também está aberta: você, em outra aba.', {
      timeout: 20_000,
    });
    await expect(others).toContainText('Se duas abas salvarem');
    await expect(others).not.toContainText(me.name);
  }
  await test.step('on a phone the line covers neither the code nor the page, and all are in view', async () => {
    // It once floated under the bar, over the first lines of the code (and of its failure message).
    await one.setViewportSize({ width: 375, height: 740 });
    const others = one.locator('[data-presence-others]');
    await expect(others).toHaveAttribute('role', 'status');
    for (const [tab, pane] of [
      ['Código', one.locator('#painel-codigo')],
      ['Página', one.locator('#previa')],
    ] as const) {
      await one.getByRole('tab', { name: tab }).click();
      await expect(pane).toBeInViewport();
      await expect(others).toBeInViewport({ ratio: 1 });
      const [line, shown] = [(await others.boundingBox())!, (await pane.boundingBox())!];
      const apart =
        line.y >= shown.y + shown.height ||
        shown.y >= line.y + line.height ||
        line.x >= shown.x + shown.width ||
        shown.x >= line.x + line.width;
      expect(apart, `the line ${JSON.stringify(line)} over ${tab} ${JSON.stringify(shown)}`).toBe(true);
    }
  });
  const frame = one.locator('iframe[title="Prévia da página: Celular"]');
  await one.getByRole('tab', { name: 'Página' }).click();
  const withLine = (await frame.boundingBox())!.height;
  await test.step('on a phone the line is one line, the whole sentence still said', async () => {
    // Its three lines (72 px at 375 px) once left the page 83 px less than without them.
    const others = one.locator('[data-presence-others]');
    await expect(others).toHaveAttribute('role', 'status');
    await expect(others).toContainText('Esta página também está aberta: você, em outra aba.');
    await expect(others).toHaveAttribute('title', /Se duas abas salvarem, a segunda vê as duas versões/);
    const shown = await others.evaluate((el: HTMLElement) => ({
      words: el.innerText.trim(),
      cut: el.scrollWidth > el.clientWidth + 1,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      padding: parseFloat(getComputedStyle(el).paddingTop) + parseFloat(getComputedStyle(el).paddingBottom),
      height: el.getBoundingClientRect().height,
    }));
    expect(shown.words.split('\n')[0]).toBe('Também aberta em outra aba');
    expect(shown.cut).toBe(false);
    expect(shown.height, 'one line').toBeLessThan(shown.padding + 2 * shown.lineHeight);
  });
  // The other tab closed: the line goes, and the page had lost no more than that one line.
  await two.close();
  await expect(one.locator('[data-presence-others]')).toBeHidden({ timeout: 20_000 });
  const without = (await frame.boundingBox())!.height;
  expect(
    without - withLine,
    `the page ${withLine} px high with the line, ${without} without`,
  ).toBeLessThanOrEqual(44);
  await test.step('at 375 px the route reads whole beside ←, Salvar and Publicar', async () => {
    // "/agendamento" was cut to "/agendame…" by Salvar and Publicar.
    for (const file of ['pages/agendamento.yaml', 'pages/politica-de-privacidade.yaml']) {
      if (file !== 'pages/agendamento.yaml') await openPage(one, file);
      const bar = one.getByRole('banner');
      const route = bar.getByRole('heading', { level: 1 });
      await expect(route).toHaveText(`/${file.slice('pages/'.length, -'.yaml'.length)}`);
      const cut = await route.evaluate(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      );
      expect(cut, `${file}'s route cut short`).toBe(false);
      // In the buttons' row: the bar is no taller for it, and Salvar and Publicar stay on screen.
      const [routeBox, salvar, publicar] = [
        (await route.boundingBox())!,
        (await bar.getByRole('button', { name: 'Salvar' }).boundingBox())!,
        (await bar.getByRole('button', { name: 'Publicar' }).boundingBox())!,
      ];
      expect(routeBox.y).toBeGreaterThanOrEqual(salvar.y - 0.5);
      expect(routeBox.y + routeBox.height).toBeLessThanOrEqual(salvar.y + salvar.height + 0.5);
      expect(routeBox.x + routeBox.width).toBeLessThanOrEqual(salvar.x);
      expect(publicar.x + publicar.width).toBeLessThanOrEqual(375);
    }
  });
  await context.close();
});

// One editor opened for two read-only checks (a context and the editor's load each: about 2.5 s of
// CPU), each its own step (session 27).
test("the pages list and the editor pass axe; the preview frame cannot reach the Estúdio's window, storage or session", async ({
  page,
}) => {
  await test.step('the pages list and the editor pass axe', async () => {
    await page.goto(studio.url);
    await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
    const list = await axeWholePage(page);
    expect(list.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    await openPage(page, 'pages/agendamento.yaml');
    // The preview frames hold the site's own pages, checked by the site's axe tests. CodeMirror's
    // scroller is reached by keyboard through the editable text inside it (axe does not count a
    // contenteditable as focusable).
    const editor = await axeOutsideFrames(page, { disableRules: ['scrollable-region-focusable'] });
    expect(editor.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });

  await test.step("the preview frame cannot reach the Estúdio's window, storage or session", async () => {
    const frame = page.frames().find((f) => f.url().endsWith('/estudio/preview.html'))!;
    const reach = await frame.evaluate(() => {
      const tries: Record<string, string> = {};
      const attempt = (name: string, fn: () => unknown) => {
        try {
          tries[name] = `reached: ${String(fn())}`;
        } catch (error) {
          tries[name] = `refused: ${(error as Error).name}`;
        }
      };
      attempt('parent document', () => parent.document.title);
      attempt('parent storage', () => parent.localStorage.length);
      attempt('own storage', () => localStorage.length);
      attempt('cookie', () => document.cookie);
      return { origin: self.origin, tries };
    });
    expect(reach.origin).toBe('null');
    expect(reach.tries['parent document']).toMatch(/^refused/);
    expect(reach.tries['parent storage']).toMatch(/^refused/);
    expect(reach.tries['own storage']).toMatch(/^refused/);
    expect(reach.tries['cookie']).toMatch(/^refused|^reached: $/);
  });
});

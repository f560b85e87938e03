/**
 * Session 29, what an author meets in the Estúdio: after typing into a block's text on the page,
 * the code opens at that block (its lines in view, the block outlined in the frames), as after a
 * click on it; typing itself scrolls nothing. At 375 px (a phone, by touch) and at 1280 px.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { longPage } from '../../../scripts/long-page.ts';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
  const base = await readFile(path.join(studio.pagesDir, 'agendamento.yaml'), 'utf8');
  await writeFile(path.join(studio.pagesDir, 'longa-200.yaml'), longPage(base, 200));
});
test.afterAll(async () => {
  await studio?.stop();
});

/** A screenshot kept with the test's output and under .tmp/author-places/ (to look at). */
async function shot(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  const dir = path.join(ROOT, '.tmp', 'author-places');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

/** The editor on `file`, once its preview has shown a render. */
async function openEditor(tab: Page, file: string) {
  await tab.goto(studio.url);
  await tab.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(tab.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
}

async function typedOnPageThenCode(page: Page, width: number, touch: boolean) {
  // A 200-block page in two frames: its opening alone takes 10–20 s on a busy machine.
  test.setTimeout(120_000);
  await openEditor(page, 'pages/longa-200.yaml');
  const phone = page.frameLocator('iframe[title="Prévia da página: Celular"]');
  const heading = phone.locator('fillgas-block[data-index="195"] h2').first();
  await heading.scrollIntoViewIfNeeded();
  if (touch) await heading.tap();
  else await heading.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' hoje');
  await expect(heading).toContainText('hoje');
  // Typing scrolled nothing: the heading is still where the author typed it.
  await expect(heading).toBeInViewport();

  await page.getByRole('tab', { name: 'Código' }).click();
  const code = page.getByRole('textbox', { name: 'Código YAML da página' });
  await expect(code).toBeVisible();
  // The block's lines are in view in the code, the heading typed on the page among them.
  await expect(code.locator('.cm-line', { hasText: 'hoje' })).toBeInViewport({ timeout: 10_000 });
  await expect(code.locator('.cm-line', { hasText: '# yaml-language-server' })).not.toBeInViewport();
  if (width >= 1280) {
    // Beside the code, the desktop's frame shows the block outlined, as after a click on it.
    const desktop = page.frameLocator('iframe[title="Prévia da página: Computador"]');
    await expect(desktop.locator('.estudio-box[data-kind=selected]')).toHaveCount(1);
    await expect(desktop.locator('fillgas-block[data-index="195"] h2').first()).toBeInViewport({
      timeout: 10_000,
    });
  }
  await shot(page, `codigo-depois-de-digitar-${width}.png`);
}

test.describe('at 375 px, by touch', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  test('after typing on the page, the code opens at the block typed in', async ({ page }) => {
    await typedOnPageThenCode(page, 375, true);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('after typing on the page, the code opens at the block typed in', async ({ page }) => {
    await typedOnPageThenCode(page, 1280, false);
  });
});

test.describe('at 375 px, two tabs', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  test('another tab on the same page is said without moving the page', async ({ page, context }) => {
    test.setTimeout(120_000);
    const open = (tab: Page) => openEditor(tab, 'pages/agendamento.yaml');
    await open(page);
    const frame = page.locator('iframe[title="Prévia da página: Celular"]');
    await expect(page.locator('[data-presence-others]')).toHaveCount(0);
    const before = (await frame.boundingBox())!;
    const second = await context.newPage();
    await open(second);
    const notice = page.locator('[data-presence-others]');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('Esta página também está aberta: você, em outra aba.');
    await expect(notice).toBeInViewport({ ratio: 1 });
    await shot(page, 'outra-aba-375.png');
    expect((await frame.boundingBox())!.y).toBe(before.y);
    await second.close();
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
    expect((await frame.boundingBox())!.y).toBe(before.y);
  });
});

test.describe('at 1280 px, two tabs', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('another tab on the same page is said in the bar', async ({ page, context }) => {
    test.setTimeout(120_000);
    const open = (tab: Page) => openEditor(tab, 'pages/agendamento.yaml');
    await open(page);
    const second = await context.newPage();
    await open(second);
    const notice = page.locator('[data-presence-others]');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toBeInViewport({ ratio: 1 });
    await shot(page, 'outra-aba-1280.png');
    await second.close();
  });
});

for (const [width, height, touch] of [
  [375, 812, true],
  [1280, 800, false],
] as const) {
  test.describe(`at ${width} px, the tip`, () => {
    test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });
    test('the tip about clicking a text is with the page, never over the code alone', async ({ page }) => {
      test.setTimeout(120_000);
      await openEditor(page, 'pages/agendamento.yaml');
      const tip = page.getByText('clique num texto para mudar');
      await expect(tip).toBeVisible();
      await page.getByRole('tab', { name: 'Código' }).click();
      await expect(page.getByRole('textbox', { name: 'Código YAML da página' })).toBeVisible();
      await page.waitForTimeout(500);
      await shot(page, `dica-codigo-${width}.png`);
      // On a phone the code is alone on screen: no tip over it. Wider, the page is beside the code.
      if (touch) await expect(tip).toBeHidden();
      else await expect(tip).toBeVisible();
      await page.getByRole('tab', { name: 'Página' }).click();
      await expect(tip).toBeVisible();
    });
  });
}

for (const [width, height, touch] of [
  [375, 812, true],
  [1280, 800, false],
] as const) {
  test.describe(`at ${width} px, the way back`, () => {
    test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });
    test("Experimentos' way back looks as Histórico's", async ({ page }) => {
      const look = (el: Element) => {
        const style = getComputedStyle(el);
        return [
          style.borderTopStyle,
          style.borderTopWidth,
          style.borderRadius,
          style.minHeight,
          style.fontWeight,
        ];
      };
      await page.goto(studio.url);
      await page.goto(`${studio.origin}/#/historico/${encodeURIComponent('pages/agendamento.yaml')}`);
      const historyBack = page.getByRole('link', { name: '← Páginas' });
      await expect(historyBack).toBeVisible({ timeout: 20_000 });
      const expected = await historyBack.evaluate(look);
      await page.goto(`${studio.origin}/#/experimentos`);
      const back = page.getByRole('link', { name: '← Páginas' });
      await expect(back).toBeVisible({ timeout: 20_000 });
      await page.waitForTimeout(500);
      await shot(page, `experimentos-${width}.png`);
      expect(await back.evaluate(look)).toEqual(expected);
      await expect(back).toHaveAttribute('href', '#/');
    });
  });
}

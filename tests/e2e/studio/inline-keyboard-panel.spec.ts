/**
 * The panel beside a link's label or a list item's text (preview/inline-media.ts), from the
 * keyboard once editing has ended (decision 0038, session 23): on /agendamento, Ctrl+K on the
 * hero's second button goes into its panel (editing it or not), Shift+Tab from the panel's first
 * control comes back to the button, Tab from its last goes on to what follows the button, Esc and
 * Aplicar give the focus back to it; Tab from the button itself still goes on to the next text. A
 * question of the FAQ: its item's buttons, the same way. A text with no panel says so. Pictures at
 * 1280 and 375 px under .tmp/h4/.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { draftSource } from './draft-text.ts';

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const FILE = 'pages/agendamento.yaml';
const FRAME = 'iframe[title="Prévia da página: Celular"]';
const frameOf = (page: Page) => page.frameLocator(FRAME);

async function openPage(page: Page) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(FILE)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
}

type Block = { type: string; [key: string]: unknown };
/** The page's blocks as the editor holds them (its draft), once it differs from the file. */
const blocksOf = async (page: Page): Promise<Block[] | undefined> => {
  const source = await draftSource(page, FILE);
  return source === null ? undefined : (parse(source) as { blocks: Block[] }).blocks;
};

async function shot(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  const dir = path.join(ROOT, '.tmp', 'h4');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

/** What has the focus in the frame: its text, description, and what it is (a control of the panel). */
async function focused(page: Page) {
  const top = await page.evaluate(() => document.activeElement?.getAttribute('title') ?? '');
  if (!top.startsWith('Prévia da página')) return { frame: false, text: '', description: '', panel: '' };
  return frameOf(page)
    .locator(':root')
    .evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const inPanel = el?.closest('#estudio-painel');
      return {
        frame: true,
        text: (el?.textContent ?? '').trim(),
        description: el?.getAttribute('aria-description') ?? '',
        // A control of the panel: its name (its label's words, or its aria-label).
        panel: inPanel
          ? (el!.getAttribute('aria-label') ??
            el!.closest('label')?.firstChild?.textContent ??
            el!.textContent!)
          : '',
      };
    });
}

async function pressUntil(
  page: Page,
  key: string,
  found: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max = 40,
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (found(now)) return now;
  }
  throw new Error(
    `${key} ${max} vezes e o foco não chegou lá (está em ${JSON.stringify(await focused(page))})`,
  );
}

test("a button's target from the keyboard after its label was edited: Ctrl+K in, Shift+Tab back, Tab on", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page);
  const frame = frameOf(page);
  const panel = frame.locator('#estudio-painel');

  // Keyboard only, from the editor's "Estado" list to the hero's second button.
  await page.getByRole('combobox', { name: /Estado/ }).focus();
  const atButton = await pressUntil(page, 'Tab', (f) => f.frame && f.text === 'Como funciona');
  const button = frame.locator('fillgas-block a', { hasText: 'Como funciona' }).first();
  await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K');
  expect(atButton.description).toContain('Texto do botão, Segundo botão');
  await expect(frame.locator('.estudio-focus-hint')).toHaveText('Enter ou F2: editar · Ctrl+K: destino');

  // Edited and kept with Enter: the focus on the button, its panel still beside it, and the
  // button now says how to get there.
  await page.keyboard.press('Enter');
  await page.keyboard.type(' o serviço');
  await page.keyboard.press('Enter');
  await expect(button).toBeFocused();
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute(
    'aria-description',
    /Ctrl\+K vai ao painel ao lado: destino do botão\.$/,
  );
  await shot(page, 'painel-teclado-1280.png');

  // Ctrl+K: into the panel, on its first control; Shift+Tab: back on the button, the panel stays.
  await page.keyboard.press('Control+k');
  expect((await focused(page)).panel).toBe('O que o botão faz');
  await page.keyboard.press('Shift+Tab');
  await expect(button).toBeFocused();
  await expect(panel).toBeVisible();

  // A new address typed in the panel and applied with Enter: written, the focus back on the button.
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Tab');
  expect((await focused(page)).panel).toBe('Endereço');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('#duvidas');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await blocksOf(page))?.[1]?.secondaryCta)
    .toEqual({ label: 'Como funciona o serviço', action: 'link', href: '#duvidas' });
  await expect(button).toBeFocused();
  await expect(panel).toBeHidden();

  // Ctrl+K with the panel closed opens it; Tab past its last control ("Aplicar") goes on to what
  // follows the button on the page, and the panel goes.
  await page.keyboard.press('Control+k');
  await expect(panel).toBeVisible();
  expect((await pressUntil(page, 'Tab', (f) => f.panel === 'Aplicar', 3)).panel).toBe('Aplicar');
  const onward = await pressUntil(page, 'Tab', () => true, 1);
  expect(onward.text).toBe('+500 trocas por mês');
  await expect(panel).toBeHidden();

  // Tab from the button itself still goes on to the next text (the panel is not in the way), and
  // Esc in the panel gives the focus back to the button.
  await page.keyboard.press('Shift+Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  expect((await pressUntil(page, 'Tab', () => true, 1)).text).toBe('+500 trocas por mês');

  // A text with no link and no list item: Ctrl+K says so, and the focus stays.
  const title = await pressUntil(page, 'Shift+Tab', (f) => f.text.startsWith('Sodastream Refil'), 6);
  expect(title.frame).toBe(true);
  await page.keyboard.press('Control+k');
  await expect(frame.locator('#estudio-anuncio')).toHaveText(
    'Este texto não tem painel: nem destino de link, nem item de lista.',
  );
  expect((await focused(page)).text).toBe(title.text);
});

test("a question of the FAQ: its item's buttons by Ctrl+K after editing it, then on to the next question", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page);
  const frame = frameOf(page);
  const questions = frame.locator('[data-behavior="faq"] button[aria-expanded]');
  const first = questions.first();
  const firstText = (await first.textContent())!.trim();
  const secondText = (await questions.nth(1).textContent())!.trim();
  await first.focus();
  await expect(first).toHaveAttribute('aria-keyshortcuts', 'Control+K');

  // Edited and put back with Esc: the focus on the question; its item's buttons one key away.
  await page.keyboard.press('Enter');
  await page.keyboard.type(' hoje');
  await page.keyboard.press('Escape');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-description', /Ctrl\+K vai ao painel ao lado: item da lista\.$/);
  await page.keyboard.press('Control+k');
  const toolbar = frame.getByRole('toolbar', { name: /^Item 1 de \d+ da lista$/ });
  await expect(toolbar).toBeVisible();
  expect((await focused(page)).panel).toBe('Adicionar depois');
  // (↑ is disabled for the first item: not a stop.)
  expect((await pressUntil(page, 'Tab', () => true, 1)).panel).toBe('Mover para baixo');
  expect((await pressUntil(page, 'Tab', () => true, 1)).panel).toBe('Remover');
  // Past the last button: the next question (the first one's answer is closed).
  expect((await pressUntil(page, 'Tab', () => true, 1)).text).toBe(secondText);
  await expect(toolbar).toBeHidden();

  // Back, into its buttons again, and "Mover para baixo" pressed with Enter: the file's order.
  await page.keyboard.press('Shift+Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () =>
      ((await blocksOf(page))?.find((b) => b.type === 'faq')?.items as { question: string }[] | undefined)
        ?.slice(0, 2)
        .map((item) => item.question),
    )
    .toEqual([secondText, firstText]);
});

test('at 375 px: the panel reached with Ctrl+K, to look at', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page);
  const frame = frameOf(page);
  await pressUntil(page, 'Tab', (f) => f.frame && f.text.startsWith('Sodastream Refil'), 60);
  const button = await pressUntil(page, 'Tab', (f) => f.frame && f.text === 'Como funciona', 3);
  expect(button.frame).toBe(true);
  await expect(frame.locator('.estudio-focus-hint')).toHaveText('Enter ou F2: editar · Ctrl+K: destino');
  await shot(page, 'painel-foco-375.png');
  await page.keyboard.press('Control+k');
  await expect(frame.locator('#estudio-painel')).toBeVisible();
  expect((await focused(page)).panel).toBe('O que o botão faz');
  // The panel inside the page's width, every control of it on screen.
  const inside = await frame.locator('#estudio-painel').evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.right <= innerWidth;
  });
  expect(inside).toBe(true);
  await shot(page, 'painel-aberto-375.png');
});

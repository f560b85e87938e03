/**
 * Session 22, editing on the page from the keyboard (preview/inline-keyboard.ts): on /agendamento,
 * Tab goes from the editor's controls into the preview and through its texts in the page's order;
 * Enter edits the hero's title (caret at the end), Enter keeps and the focus is back on the title,
 * Esc puts another text back; a button's label is one stop, and Enter edits it without following
 * its link; Enter on the hero's image opens the image picker, and Esc gives the focus back to the
 * image; a question of the FAQ is pressed with Space and its answer (several paragraphs) kept with
 * Ctrl+Enter; Shift+Tab goes back and out of the frame, Tab out of its end; axe on the editor with
 * the focus in the frame. Pictures of a focused text and of editing at 1280 and 375 px under
 * .tmp/h3/.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { draftSource } from './draft-text.ts';
import { axeOutsideFrames } from '../axe.ts';

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

/** The editor's whole text while it differs from the saved file (the draft the Estúdio keeps). */
const unsaved = (page: Page) => draftSource(page, FILE);

type Block = { type: string; [key: string]: unknown };
const blocksOf = async (page: Page): Promise<Block[] | undefined> => {
  const source = await unsaved(page);
  return source === null ? undefined : (parse(source) as { blocks: Block[] }).blocks;
};

async function shot(page: Page, name: string, take: (file: string) => Promise<unknown>) {
  const file = test.info().outputPath(name);
  await take(file);
  const dir = path.join(ROOT, '.tmp', 'h3');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

/** What has the focus: a control of the editor, or (`frame`) an element in the preview. */
async function focused(page: Page): Promise<{ frame: boolean; text: string; description: string | null }> {
  const top = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? '', title: el?.getAttribute('title') ?? '', text: el?.textContent ?? '' };
  });
  if (top.tag !== 'IFRAME' || !top.title.endsWith('Celular'))
    return { frame: false, text: `${top.tag} ${top.text.trim()}`, description: null };
  const inner = await frameOf(page)
    .locator(':root')
    .evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        text: (el?.textContent ?? '').trim(),
        description: el?.getAttribute('aria-description') ?? null,
      };
    });
  return { frame: true, ...inner };
}

/** Presses `key` until the focus is on what `found` accepts (at most `max` times). */
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

test('on /agendamento, with the keyboard only: into the frame, edit, keep, put back, a button, an image, out', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page);
  const frame = frameOf(page);
  const originalText = await readFile(path.join(studio.pagesDir, 'agendamento.yaml'), 'utf8');
  const original = parse(originalText) as { blocks: Block[] };

  // From the editor's controls (the preview's "Estado" list), Tab goes into the frame, and on
  // through the page's own links and its texts to the hero's title.
  await page.getByRole('combobox', { name: /Estado/ }).focus();
  const title = frame.locator('fillgas-block h1');
  const atTitle = await pressUntil(
    page,
    'Tab',
    (f) => f.frame && f.text === 'Sodastream Refil fácil e rápido.',
  );
  expect(atTitle.description).toBe(
    'Texto editável: Título principal da página, bloco Abertura da página. Enter ou F2 para editar.',
  );
  await expect(title).toBeFocused();
  // Seen: the dashed outline and "Enter ou F2: editar" over it.
  await expect(frame.locator('.estudio-focus-hint')).toHaveText('Enter ou F2: editar');
  await shot(page, 'foco-1280.png', (file) => page.screenshot({ path: file }));

  // Enter edits it, with the caret at the end; Enter keeps, and the focus is on the title again.
  await page.keyboard.press('Enter');
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  await expect(title).toHaveAttribute('aria-description', 'Editando. Enter mantém, Esc desfaz.');
  await page.keyboard.type(' Hoje', { delay: 60 });
  await expect(title).toHaveText('Sodastream Refil fácil e rápido. Hoje');
  await shot(page, 'editando-1280.png', (file) => page.screenshot({ path: file }));
  await page.keyboard.press('Enter');
  await expect(title).not.toHaveAttribute('contenteditable');
  await expect(title).toBeFocused();
  await expect
    .poll(async () => (await blocksOf(page))?.[1]?.title)
    .toBe('Sodastream Refil fácil e rápido. Hoje');
  const afterTitle = await unsaved(page);

  // Tab goes on from the title: the subtitle. Typed into, then Esc: put back, the focus on it.
  const subtitle = await pressUntil(page, 'Tab', (f) => f.frame && f.text.startsWith('Para máquinas'), 1);
  expect(subtitle.description).toContain('Uma ou duas frases sob o título');
  await page.keyboard.press('F2');
  await page.keyboard.type(' XYZ');
  await expect.poll(async () => (await unsaved(page)) ?? '').toContain('com entrega grátis. XYZ');
  await page.keyboard.press('Escape');
  const subtitleBefore = original.blocks[1]!.subtitle;
  await expect.poll(async () => (await blocksOf(page))?.[1]?.subtitle).toBe(subtitleBefore);
  const back = await focused(page);
  expect(back.frame && back.text.startsWith('Para máquinas')).toBe(true);
  // Exactly that prop changed: the hero's title, nothing else of the page; in the file, the
  // title's line is the only line changed by Enter.
  expect(parse((await unsaved(page))!)).toEqual({
    ...original,
    blocks: original.blocks.map((b, i) =>
      i === 1 ? { ...b, title: 'Sodastream Refil fácil e rápido. Hoje' } : b,
    ),
  });
  const lines = originalText.split('\n');
  const changed = afterTitle!.split('\n').filter((line, i) => line !== lines[i]);
  expect(changed).toEqual(['    title: Sodastream Refil fácil e rápido. Hoje']);

  // A button's label: the button is one stop (Tab from the first button reaches the second, no
  // label in between), Enter edits the label, the link (#como-funciona) is not followed.
  await pressUntil(page, 'Tab', (f) => f.frame && f.text.startsWith('Agendar agora'), 2);
  const second = await pressUntil(page, 'Tab', () => true, 1);
  expect(second.text).toBe('Como funciona');
  expect(second.description).toContain('Texto do botão, Segundo botão');
  const hashBefore = await frame.locator(':root').evaluate(() => `${location.hash}|${scrollY}`);
  await page.keyboard.press('Enter');
  const label = frame.locator('[contenteditable]', { hasText: 'Como funciona' });
  await expect(label).toBeFocused();
  await page.keyboard.type(' o serviço');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => ((await blocksOf(page))?.[1]?.secondaryCta as { label?: string } | undefined)?.label)
    .toBe('Como funciona o serviço');
  expect((await frame.locator(':root').evaluate(() => location.hash)) || '').toBe(hashBefore.split('|')[0]);
  const link = await focused(page);
  expect(link.frame && link.text === 'Como funciona o serviço').toBe(true);

  // The hero's image: Enter opens the picker; Esc closes it and the focus is on the image again.
  const image = await pressUntil(
    page,
    'Tab',
    (f) => f.frame && (f.description ?? '').startsWith('Imagem'),
    3,
  );
  expect(image.description).toBe(
    'Imagem editável: Ilustração ao lado do texto, bloco Abertura da página. Enter ou F2 para trocar.',
  );
  await expect(frame.locator('.estudio-focus-hint')).toHaveText('Enter ou F2: trocar imagem');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Trocar imagem' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Texto alternativo')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await focused(page)).description ?? '').toContain('Imagem editável');

  // Shift+Tab goes back through the same stops: the social proof, the second button.
  expect((await pressUntil(page, 'Shift+Tab', () => true, 1)).text).toBe('+500 trocas por mês');
  expect((await pressUntil(page, 'Shift+Tab', () => true, 1)).text).toBe('Como funciona o serviço');
  // … and out of the frame at its start, to the editor's "Estado" list.
  const out = await pressUntil(page, 'Shift+Tab', (f) => !f.frame, 12);
  expect(out.text).toMatch(/^SELECT/);

  // axe on the editor screen with the focus in the frame (on the hero's title).
  await pressUntil(page, 'Tab', (f) => f.frame && f.text === 'Sodastream Refil fácil e rápido. Hoje');
  // The editor's own screen (its frames are pages with landmarks of their own, which axe would
  // count with the editor's: as page-first.spec.ts), then the page in the frame with its stops.
  const violations = (result: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const editor = await axeOutsideFrames(page, { disableRules: ['scrollable-region-focusable'] });
  expect(violations(editor)).toEqual([]);
  await expect(title).toBeFocused();
  const inFrame = await new AxeBuilder({ page }).include(FRAME).analyze();
  expect(violations(inFrame)).toEqual([]);

  // The frame's end: from its last stop, Tab leaves it for the editor (no trap).
  await frame.locator(':root').evaluate(() => {
    const all = [
      ...document.querySelectorAll<HTMLElement>('[data-estudio-stop], a[href], button, [tabindex="0"]'),
    ];
    all
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .at(-1)!
      .focus();
  });
  const after = await pressUntil(page, 'Tab', (f) => !f.frame, 4);
  expect(after.frame).toBe(false);
});

test('a question pressed with Space, its answer of several paragraphs edited and kept with Ctrl+Enter', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page);
  const frame = frameOf(page);
  const faq = frame.locator('[data-behavior="faq"]');
  const question = faq.locator('button').first();
  const questionText = (await question.textContent())!.trim();
  await question.focus();
  await expect(question).toHaveAttribute(
    'aria-description',
    /^Texto editável: A pergunta.*, item 1, bloco Perguntas frequentes\. Enter ou F2 para editar\.$/,
  );
  // Space presses the question (its answer opens); Enter would edit it.
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const answer = await pressUntil(
    page,
    'Tab',
    (f) => f.frame && (f.description ?? '').includes('resposta'),
    3,
  );
  expect(answer.description).toContain('item 1, bloco Perguntas frequentes');
  await page.keyboard.press('Enter');
  const editing = frame.locator('[contenteditable]');
  await expect(editing).toHaveAttribute('aria-description', /Ctrl\+Enter mantém/);
  // Enter starts a paragraph; Ctrl+Enter keeps.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Parágrafo novo.');
  await page.keyboard.press('Control+Enter');
  await expect(editing).toHaveCount(0);
  const items = async () =>
    ((await blocksOf(page))?.find((b) => b.type === 'faq')?.items as {
      question: string;
      answer: string;
    }[]) ?? [];
  await expect.poll(async () => (await items())[0]?.answer ?? '').toMatch(/\n\n?Parágrafo novo\.\n?$/);
  expect((await items())[0]?.question).toBe(questionText);
  // The focus on the answer again (shown afresh from the last render, and opened again).
  await expect.poll(async () => (await focused(page)).description ?? '').toContain('A resposta');
  // Enter on the question edits it (the answer stays open).
  await page.keyboard.press('Shift+Tab');
  await expect(question).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question.locator('[contenteditable]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeFocused();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
});

test('at 375 px: a text reached with Tab and edited, to look at', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page);
  const frame = frameOf(page);
  const title = frame.locator('fillgas-block h1');
  await pressUntil(page, 'Tab', (f) => f.frame && f.text.startsWith('Sodastream Refil'), 60);
  await expect(title).toBeFocused();
  await expect(frame.locator('.estudio-focus-hint')).toBeVisible();
  await shot(page, 'foco-375.png', (file) => page.screenshot({ path: file }));
  await page.keyboard.press('Enter');
  await page.keyboard.type(' já');
  await expect(title).toHaveText(/rápido\. já$/);
  await shot(page, 'editando-375.png', (file) => page.screenshot({ path: file }));
  await page.keyboard.press('Enter');
  await expect(title).toBeFocused();
  await expect
    .poll(async () => (await blocksOf(page))?.[1]?.title)
    .toBe('Sodastream Refil fácil e rápido. já');
  // On to the second button, low on the phone's screen: scrolled clear of the sticky bar at the
  // bottom (what is at its lower edge is the button itself, not the bar over it).
  const button = await pressUntil(page, 'Tab', (f) => f.frame && f.text === 'Como funciona', 3);
  expect(button.description).toContain('Segundo botão');
  const seen = await frameOf(page)
    .locator(':root')
    .evaluate(() => {
      const el = document.activeElement!;
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.bottom - 2);
      return Boolean(hit && el.contains(hit));
    });
  expect(seen).toBe(true);
});

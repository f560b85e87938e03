/**
 * Issue 27.3, "Edit on the page": a text of the preview is edited where it is. Typing on the
 * hero's title writes that YAML scalar and nothing else (renders arriving while typing keep the
 * caret), Enter keeps, Esc puts back; in a variant, typing on an inherited block writes its
 * `change:` entry, and Ctrl+Z in the source (or in the page) undoes it. axe while editing, and
 * the editing state at 375 and 1280 px for a person to look at.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { draftSource } from './draft-text.ts';

// Both tests on one Estúdio, one after the other: a server's start costs more than the shorter test.
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });
const frameOf = (page: Page, label: 'Celular' | 'Computador') =>
  page.frameLocator(`iframe[title="Prévia da página: ${label}"]`);
const heroTitle = (page: Page, label: 'Celular' | 'Computador' = 'Celular') =>
  frameOf(page, label).locator('fillgas-block h1');

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
}

/** A screenshot kept with the test's output and under .tmp/ (to look at). */
async function shot(page: Page, name: string, take: (file: string) => Promise<unknown>) {
  const file = test.info().outputPath(name);
  await take(file);
  const dir = path.join(ROOT, '.tmp', 'inline-edit');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

/**
 * The editor's whole text, as the Estúdio keeps it in the browser while it differs from what is
 * saved (null when it is the saved text): the source view only shows the lines on screen.
 */
const unsaved = (page: Page, file: string) => draftSource(page, file);

const BASE_TITLE = 'Seu cilindro de CO2 cheio, sem sair de casa.';

test('typing on the hero title writes that scalar only; Enter keeps, Esc puts back', async ({ page }) => {
  test.setTimeout(180_000);
  const file = path.join(studio.pagesDir, 'sodastream-t.yaml');
  const original = await readFile(file, 'utf8');
  await openPage(page, 'pages/sodastream-t.yaml');

  const title = heroTitle(page);
  await expect(title).toHaveAttribute('data-estudio-text', '');
  await title.click();
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  await expect(title).toBeFocused();

  // Slowly, so that renders arrive between keystrokes: each swaps the block in, and the caret
  // stays where the author is typing (at the end, then at the start).
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' agora', { delay: 120 });
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Já! ', { delay: 120 });
  const typed = `Já! ${BASE_TITLE} agora`;
  await expect(title).toHaveText(typed);
  await expect(heroTitle(page, 'Computador')).toHaveText(typed);
  await expect(title).toBeFocused();
  const saved = original.replace(`    title: ${BASE_TITLE}\n`, `    title: ${typed}\n`);
  expect(saved).not.toBe(original);
  await expect.poll(() => unsaved(page, 'pages/sodastream-t.yaml')).toBe(saved);

  // The editing state, to look at: the Estúdio at 1280 px, and the phone's page at 375 px.
  await shot(page, 'editando-estudio-1280.png', (path) => page.screenshot({ path }));
  await shot(page, 'editando-celular-375.png', (path) =>
    page.locator('iframe[title="Prévia da página: Celular"]').screenshot({ path }),
  );

  await page.keyboard.press('Enter');
  await expect(title).not.toHaveAttribute('contenteditable');
  await expect(frameOf(page, 'Celular').locator('.estudio-text-hint')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toBe(saved);

  // Esc: what was typed goes, the title is as it was when editing started.
  await title.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' XYZ');
  await expect(title).toHaveText(`${typed} XYZ`);
  await expect.poll(() => unsaved(page, 'pages/sodastream-t.yaml')).toContain(`title: ${typed} XYZ\n`);
  await page.keyboard.press('Escape');
  await expect(title).not.toHaveAttribute('contenteditable');
  await expect(title).toHaveText(typed);
  await expect.poll(() => unsaved(page, 'pages/sodastream-t.yaml')).toBeNull();
  await expect(page.getByText(/Salvo às/)).toBeVisible();

  // axe on the page in its frame while a text is being edited. (One frame: the other shows the
  // same page, whose landmarks axe would count twice. Its run opens a page of its own, which
  // takes the focus away: editing ends there, keeping the text.)
  await title.click();
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  const axe = await new AxeBuilder({ page }).include('iframe[title="Prévia da página: Celular"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The desktop's page (shown scaled down), editing the hero's button label, to look at.
  await page.getByRole('button', { name: 'Computador', exact: true }).click();
  const label = frameOf(page, 'Computador')
    .locator('fillgas-block:has(h1) [data-estudio-text]')
    .filter({ hasText: 'Agendar recarga' })
    .first();
  // (Playwright's pointer misses in a frame scaled by a transform: the click event itself.)
  await label.dispatchEvent('click');
  await expect(label).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.type(' já');
  // (Its text for screen readers, "(abre em nova aba)", is not part of the label.)
  await expect
    .poll(() => unsaved(page, 'pages/sodastream-t.yaml'))
    .toBe(
      saved.replace(
        "grátis.'\n    cta:\n      label: Agendar recarga\n",
        "grátis.'\n    cta:\n      label: Agendar recarga já\n",
      ),
    );
  await shot(page, 'editando-computador-1280.png', (path) =>
    page.locator('iframe[title="Prévia da página: Computador"]').screenshot({ path }),
  );
  await page.keyboard.press('Escape');
  await expect(label).not.toContainText('já');
  await expect.poll(() => unsaved(page, 'pages/sodastream-t.yaml')).toBeNull();
  expect(await readFile(file, 'utf8')).toBe(saved);
});

test('in a variant, typing on the inherited hero title writes its change: entry; Ctrl+Z undoes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const file = path.join(studio.pagesDir, 'recarrega-site.yaml');
  const original = await readFile(file, 'utf8');
  // The base's title as saved now (the test above may have saved its own).
  const base = await readFile(path.join(studio.pagesDir, 'sodastream-t.yaml'), 'utf8');
  const baseTitle = /^ {4}title: (.*)$/m.exec(base)![1]!;
  await openPage(page, 'pages/recarrega-site.yaml');

  const title = heroTitle(page);
  await title.click();
  await expect(title).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Recarga com desconto');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Recarga com desconto');
  const withTitle = original.replace(
    '  hero:\n    cta:\n      track: CTASectionC\n',
    '  hero:\n    cta:\n      track: CTASectionC\n    title: Recarga com desconto\n',
  );
  await expect.poll(() => unsaved(page, 'pages/recarrega-site.yaml')).toBe(withTitle);
  // The choice of block follows the click, and the form (the keyboard's path) edits the same entry.
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });
  await expect(form.getByRole('textbox', { name: /Título principal da página/ })).toHaveValue(
    'Recarga com desconto',
  );
  await page.getByRole('tab', { name: 'Código' }).click();

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toBe(withTitle);

  // Ctrl+Z in the source: the page's edit is one step of the source's history.
  // (Typing is joined into one step as in the source, split where the typing paused for half a
  // second, which a loaded machine can make happen: Ctrl+Z until the text is back.)
  await editorOf(page).click();
  await expect(async () => {
    await page.keyboard.press('Control+z');
    expect(await unsaved(page, 'pages/recarrega-site.yaml')).toBe(original);
  }).toPass({ intervals: [300] });
  await expect(title).toHaveText(baseTitle);

  // Ctrl+Z in the page undoes in the same history.
  await title.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' hoje');
  await expect
    .poll(() => unsaved(page, 'pages/recarrega-site.yaml'))
    .toBe(withTitle.replace('title: Recarga com desconto', `title: ${baseTitle} hoje`));
  await page.keyboard.press('Control+z');
  await expect.poll(() => unsaved(page, 'pages/recarrega-site.yaml')).toBe(original);
  await expect(title).toHaveText(baseTitle);
  await expect(title).not.toHaveAttribute('contenteditable');
});

test('a text typed under the sticky call to action is scrolled clear of it', async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page, 'pages/agendamento.yaml');
  const frame = frameOf(page, 'Celular');
  // The bar fixed at the bottom of the phone's screen, and how far the title reaches under it
  // (both in the frame's own coordinates).
  const underBar = (el: Element) => {
    const bar = [...document.querySelectorAll('body *')].find((candidate) => {
      const box = candidate.getBoundingClientRect();
      return (
        getComputedStyle(candidate).position === 'fixed' &&
        box.height > 30 &&
        box.bottom >= innerHeight - 1 &&
        box.width > innerWidth / 2
      );
    });
    if (!bar) return undefined;
    return el.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  };
  const title = frame.locator('[data-estudio-leaf]').filter({ hasText: 'Agende pelo WhatsApp' }).first();
  await title.scrollIntoViewIfNeeded();
  await expect.poll(() => title.evaluate(underBar), { timeout: 30_000 }).not.toBeUndefined();
  // The step's title with its last few pixels under the bar (the page settles as it scrolls).
  await expect
    .poll(
      async () => {
        const under = (await title.evaluate(underBar))!;
        if (under < 4 || under > 16)
          await title.evaluate((_, by) => scrollBy({ top: by, behavior: 'instant' }), under - 10);
        return title.evaluate(underBar);
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(4);
  await title.click({ position: { x: 4, y: 4 } });
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  // The text's end (End alone is its line's end: where the title wraps, the middle of it), and
  // the element being edited, which the typed words no longer match (`title` would move on to the
  // next text that shows "Agende pelo WhatsApp").
  const edited = frame.locator('[data-estudio-editing]');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' já');
  await expect(edited).toHaveText('Passo 1: Agende pelo WhatsApp já');
  expect(await edited.evaluate(underBar)).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
});

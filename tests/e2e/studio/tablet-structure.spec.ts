/**
 * Touch and the small frictions of issue 37 (points 3 and 4) in the editor's panels:
 * - on a tablet (820 × 1180) with touch alone, Estrutura moves blocks with its ↑/↓ buttons, in a
 *   page and in a variant (a `move:` saved), the buttons finger-sized; axe clean;
 * - the selected "Celular" button keeps white on navy in every state (selected, hovered, focused,
 *   both, and after a tap on a touch screen), at least 4.5:1;
 * - "Mudar este bloco nesta variante" chosen while Estrutura is open shows what it did: the
 *   block's form, and Estrutura then marks the block as changed in this variant.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startStudio, type RunningStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

// All of this file's tests on one Estúdio, one after the other: split between the two workers,
// each would start its own (about 5 s of CPU on a 2-core machine that the suite keeps busy).
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
const VARIANT = 'pages/agendamento-tablet.yaml';
test.beforeAll(async () => {
  studio = await startStudio();
  await writeFile(path.join(studio.dir, VARIANT), 'extends: agendamento\n');
});
test.afterAll(async () => {
  await studio?.stop();
});

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
}

const list = (page: Page) => page.getByRole('list', { name: 'Blocos da página' });
const names = (rows: Locator) =>
  rows.locator(':scope > li').evaluateAll((items) => items.map((r) => r.getAttribute('data-name') ?? ''));

async function axe(page: Page) {
  const results = await axeOutsideFrames(page, { disableRules: ['scrollable-region-focusable'] });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** WCAG contrast ratio of two CSS rgb()/rgba() colours (the second assumed opaque). */
function contrast(a: string, b: string): number {
  const channels = (c: string) =>
    c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
  const luminance = (c: string) => {
    const [r, g, bl] = channels(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The button's text against its own background, as painted now. */
async function textContrast(button: Locator): Promise<number> {
  // Transitions finished: the colours read are the ones on screen.
  await button.page().waitForTimeout(50);
  const { color, background } = await button.evaluate((b) => {
    const style = getComputedStyle(b);
    return { color: style.color, background: style.backgroundColor };
  });
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  return contrast(color, background);
}

test.describe('on a tablet, 820 × 1180, by touch', () => {
  test.use({ viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('Estrutura moves blocks with ↑/↓ taps, in a page and in a variant', async ({ page }) => {
    test.setTimeout(180_000);
    await openPage(page, 'pages/recarga.yaml');
    await page.getByRole('tab', { name: 'Estrutura' }).tap();
    const rows = list(page);
    await expect(rows.locator(':scope > li').nth(2)).toContainText('Números e selos de confiança');
    const down = page.getByRole('button', { name: /^Descer Números e selos de confiança/ });
    // Finger-sized (44 px) on a touch screen.
    const box = (await down.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    await axe(page);
    await down.tap();
    await expect(page.locator('[data-structure-announcement]')).toContainText('movido para a posição 4 de 7');
    expect(await names(rows)).toEqual([
      'navbar',
      'hero',
      'beneficios',
      'numeros',
      'como-funciona',
      'depoimentos',
      'footer',
    ]);
    await page.getByRole('button', { name: /^Subir Números e selos de confiança/ }).tap();
    await expect(rows.locator(':scope > li').nth(2)).toHaveAttribute('data-name', 'numeros');

    // A variant: an inherited block moved by taps is a `move:` entry, saved by a tap.
    await openPage(page, VARIANT);
    await page.getByRole('tab', { name: 'Estrutura' }).tap();
    const before = await names(rows);
    const second = before[2]!;
    await rows
      .locator(':scope > li')
      .nth(2)
      .getByRole('button', { name: /^Subir / })
      .tap();
    await expect(rows.locator(':scope > li').nth(1)).toHaveAttribute('data-name', second);
    await page.getByRole('button', { name: 'Salvar', exact: true }).tap();
    await expect
      .poll(() => readFile(path.join(studio.dir, VARIANT), 'utf8'))
      .toMatch(new RegExp(`move:\\n\\s+${second}:`));
  });

  test('the selected "Celular" keeps its contrast after a tap', async ({ page }) => {
    test.setTimeout(120_000);
    await openPage(page, 'pages/recarga.yaml');
    const computer = page.getByRole('button', { name: 'Computador', exact: true });
    const phone = page.getByRole('button', { name: 'Celular', exact: true });
    await computer.tap();
    await phone.tap();
    await expect(phone).toHaveAttribute('aria-pressed', 'true');
    // A tap leaves the button focused (and, where hover is emulated, hovered).
    expect(await textContrast(phone)).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(computer)).toBeGreaterThanOrEqual(4.5);
  });
});

test.describe('at 1280 px', () => {
  test('the selected "Celular" is white on navy selected, hovered, focused and both', async ({ page }) => {
    test.setTimeout(120_000);
    await openPage(page, 'pages/recarga.yaml');
    const phone = page.getByRole('button', { name: 'Celular', exact: true });
    const computer = page.getByRole('button', { name: 'Computador', exact: true });
    await phone.click();
    await expect(phone).toHaveAttribute('aria-pressed', 'true');
    // Selected + hovered + focused (the click leaves all three).
    expect(await textContrast(phone)).toBeGreaterThanOrEqual(4.5);
    // Selected + focused from the keyboard, the mouse elsewhere.
    await page.mouse.move(1, 1);
    await computer.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(phone).toBeFocused();
    expect(await textContrast(phone)).toBeGreaterThanOrEqual(4.5);
    // Selected only.
    await phone.evaluate((b) => b.blur());
    expect(await textContrast(phone)).toBeGreaterThanOrEqual(4.5);
    // Selected + hovered, not focused.
    await phone.hover();
    expect(await textContrast(phone)).toBeGreaterThanOrEqual(4.5);
    // Not selected, hovered and focused.
    await computer.hover();
    await computer.focus();
    expect(await textContrast(computer)).toBeGreaterThanOrEqual(4.5);
  });

  test('"Mudar este bloco nesta variante" from Estrutura shows the block changed', async ({ page }) => {
    test.setTimeout(120_000);
    await openPage(page, VARIANT);
    await page.getByRole('tab', { name: 'Estrutura' }).click();
    const hero = list(page).locator(':scope > li[data-name="hero"]');
    await expect(hero).toContainText('herdado de agendamento');
    await expect(hero).not.toContainText('com mudanças nesta variante');
    // The hero chosen in the preview, on its padding (its texts are edited in place).
    const block = page
      .frameLocator('iframe[title="Prévia da página: Celular"]')
      .locator('fillgas-block:has(h1) > :visible')
      .first();
    const box = (await block.boundingBox())!;
    await block.click({ position: { x: box.width - 6, y: Math.min(box.height - 6, 120) }, force: true });
    await page.getByRole('button', { name: 'Mudar este bloco nesta variante' }).click();
    // What happened is on screen: the block's change form, saying where it writes.
    await expect(page.getByRole('tab', { name: 'Formulário do bloco' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('region', { name: 'Formulário do bloco' })).toContainText(
      'Herdado de pages/agendamento.yaml',
    );
    // And Estrutura says the block is now changed in this variant.
    await page.getByRole('tab', { name: 'Estrutura' }).click();
    await expect(hero).toContainText('herdado de agendamento, com mudanças nesta variante');
    await axe(page);
  });
});

/**
 * Histórico while its history loads, when it cannot load, and the one way back to Páginas (session
 * 30). The history's answer is held with `page.route`, as a slow server (a long history read from
 * git on a busy machine) holds it: the screen is drawn at once, with its title, the page's file
 * and "Carregando o histórico…" in a placeholder that the list replaces without moving the header;
 * the title is the page's address from the first paint to the end. A failed answer says so with
 * "Tentar de novo"; an Estúdio on a folder that is no git repository says why, with the file named
 * once. Histórico, Pessoas and Agendamentos go back to Páginas by the same link, which Enter
 * follows. Real Chromium, the Estúdio as `npm run studio` runs it, at 375 px (touch) and 1280 px.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { spawnStudio, startStudio, type RunningStudio } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

test.describe.configure({ mode: 'default' });

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;

test.beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'agendamento.yaml'] });
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
});
test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

const FILE = 'pages/agendamento.yaml';
const TITLE = 'Histórico de /agendamento';
const isHistory = (url: URL) => url.pathname === '/api/history';
const shot = (p: Page, name: string) => p.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The Estúdio's address (it sets the session cookie), then `hash`. */
async function open(p: Page, base: string, hash: string) {
  await p.goto(base);
  await expect(p.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible({ timeout: 30_000 });
  await p.evaluate((h) => (location.hash = h), hash);
}
const historyHash = `#/historico/${encodeURIComponent(FILE)}`;

async function axe(p: Page) {
  const results = await axeWholePage(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Where a box is, to the pixel (a layout shift moves it). */
const box = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
};

for (const [width, height, touch] of [
  [375, 812, true],
  [1280, 800, false],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });

    test('while the history loads: the frame, one title, "Carregando o histórico…"; the list replaces it in place', async ({
      page: p,
    }) => {
      test.setTimeout(90_000);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await p.route(isHistory, async (route) => {
        await held;
        await route.continue();
      });
      await open(p, studio!.url, historyHash);

      const title = p.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(TITLE);
      const region = p.getByRole('region', { name: 'Versões da página' });
      await expect(region).toHaveAttribute('aria-busy', 'true');
      const waiting = region.getByRole('status');
      await expect(waiting).toHaveText('Carregando o histórico…');
      await expect(waiting).toBeVisible();
      // The frame is drawn: the way back and the file are there while the history is on its way.
      await expect(p.getByRole('link', { name: '← Páginas' })).toBeVisible();
      await expect(p.getByText(FILE, { exact: true })).toBeVisible();
      await p.waitForTimeout(300);
      await expect(title).toHaveText(TITLE);
      const header = p.locator('main > header');
      const headerBefore = await box(header);
      const regionBefore = await box(region);
      await shot(p, `carregando-${width}`);
      await axe(p);

      // Every title the heading shows from now on, to see that it never changes.
      await title.evaluate((h) => {
        const seen: string[] = ((window as unknown as { titles: string[] }).titles = []);
        new MutationObserver(() => seen.push(h.textContent ?? '')).observe(h, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      release();
      const versions = p.getByRole('navigation', { name: 'Versões publicadas' });
      await expect(versions.getByRole('button')).toHaveCount(1);
      await expect(region).toHaveAttribute('aria-busy', 'false');
      await expect(waiting).toHaveCount(0);
      await expect(title).toHaveText(TITLE);
      expect(await p.evaluate(() => (window as unknown as { titles: string[] }).titles)).toEqual([]);
      // Nothing above the list moved: the header kept its size ("Abrir no editor" held its place)
      // and the list starts where the placeholder started.
      await expect(p.getByRole('button', { name: 'Abrir no editor' })).toBeVisible();
      expect(await box(header)).toEqual(headerBefore);
      expect((await box(region)).y).toBe(regionBefore.y);
      expect((await box(versions)).y).toBe(regionBefore.y);
      await expect(p).toHaveTitle(`${TITLE} · Estúdio Fillgás`);
      await shot(p, `carregado-${width}`);
    });

    test('a history that fails to load says so, and "Tentar de novo" loads it', async ({ page: p }) => {
      test.setTimeout(90_000);
      let failures = 1;
      await p.route(isHistory, async (route) => {
        if (failures-- > 0)
          await route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'O git não respondeu.' }),
          });
        else await route.continue();
      });
      await open(p, studio!.url, historyHash);
      const alert = p.getByRole('alert');
      await expect(alert).toHaveText('O histórico desta página não pôde ser carregado. O git não respondeu.');
      const region = p.getByRole('region', { name: 'Versões da página' });
      await expect(region).toHaveAttribute('aria-busy', 'false');
      await expect(p.getByRole('heading', { level: 1 })).toHaveText(TITLE);
      await shot(p, `erro-${width}`);
      await axe(p);
      const again = p.getByRole('button', { name: 'Tentar de novo' });
      await again.focus();
      await p.keyboard.press('Enter');
      const versions = p.getByRole('navigation', { name: 'Versões publicadas' });
      await expect(versions.getByRole('button')).toHaveCount(1);
      await expect(alert).toHaveCount(0);
      // The keyboard is not thrown back to the top of the page: the versions' region has the focus.
      await expect(region).toBeFocused();
    });

    test('Histórico, Pessoas and Agendamentos go back to Páginas by the same link, Enter included', async ({
      page: p,
    }) => {
      test.setTimeout(90_000);
      const look = (el: Element) => {
        const s = getComputedStyle(el);
        return [
          el.tagName,
          s.borderTopStyle,
          s.borderTopWidth,
          s.borderRadius,
          s.minHeight,
          s.fontFamily,
          s.fontSize,
          s.fontWeight,
          s.color,
          s.textDecorationLine,
          s.backgroundColor,
        ].join(' ');
      };
      const looks: string[] = [];
      for (const [hash, heading] of [
        [historyHash, TITLE],
        ['#/pessoas', 'Pessoas'],
        ['#/agendamentos', 'Agendamentos'],
      ] as const) {
        await open(p, studio!.url, hash);
        await expect(p.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 20_000 });
        const back = p.getByRole('link', { name: '← Páginas', exact: true });
        await expect(back).toHaveCount(1);
        await expect(back).toHaveAttribute('href', '#/');
        await expect(p.getByRole('button', { name: '← Páginas' })).toHaveCount(0);
        looks.push(await back.evaluate(look));
        // The first thing the keyboard reaches, and Enter follows it.
        await p.locator('body').focus();
        await p.keyboard.press('Tab');
        await expect(back).toBeFocused();
        await p.keyboard.press('Enter');
        await expect(p.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible();
        expect(await p.evaluate(() => location.hash)).toBe('#/');
      }
      expect(looks[1], 'Pessoas').toBe(looks[0]);
      expect(looks[2], 'Agendamentos').toBe(looks[0]);
      expect(looks[0]).toMatch(/^A /);
      // And it looks as the editor's "← Páginas" (a button in the editor's bar, which is not this work's).
      await open(p, studio!.url, `#/editar/${encodeURIComponent(FILE)}`);
      const editorBack = p.getByRole('button', { name: '← Páginas' });
      await expect(editorBack).toBeVisible({ timeout: 30_000 });
      expect((await editorBack.evaluate(look)).replace(/^BUTTON /, '')).toBe(looks[0]!.replace(/^A /, ''));
    });
  });
}

test('without git: the history says why, the file is named once, the editor is a click away', async ({
  page: p,
}) => {
  test.setTimeout(90_000);
  let plain: RunningStudio | undefined;
  try {
    plain = await startStudio();
    await open(p, plain.url, historyHash);
    await expect(p.getByRole('alert')).toContainText(
      'Esta pasta não está num repositório git: o Estúdio salva as páginas, mas não tem onde publicá-las.',
    );
    await expect(
      p.getByText('Peça a quem cuida do site para abrir o Estúdio dentro da cópia do repositório'),
    ).toBeVisible();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    // The file's name once (beside the title), not in the title too.
    const text = await p.locator('main').innerText();
    expect(text.split(FILE).length - 1).toBe(1);
    // Trying again cannot make the folder a repository: no button that promises it.
    await expect(p.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0);
    await shot(p, 'sem-git');
    await axe(p);
    await p.getByRole('button', { name: 'Abrir no editor' }).click();
    await expect(p).toHaveURL(new RegExp(`#/editar/${encodeURIComponent(FILE)}$`));
  } finally {
    await plain?.stop();
  }
});

/**
 * Issue 37, "a variant with no YAML at all": for every landing page of the site, a marketer makes a
 * variant from Páginas and, never opening the code, types into one text of each block type on the
 * page, inside a list wherever the block has one (a question, a step, a testimonial, a table's
 * cell), inherited from the base. The saved file is the smallest change (one scalar under
 * `change:` per text typed), `npm run check` accepts it, the real loader makes of it exactly the
 * base page with those texts changed, and the base file is byte-identical. The same for
 * /agendamento at 390 × 844 with touch alone, and at 820 × 1180.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { ROOT, startStudio, TSX, type RunningStudio } from './studio-server.ts';
import { firstTextOnTop } from './text-on-top.ts';

const run = promisify(execFile);

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

type Leaf = { path: (string | number)[]; text: string };
type Block = { type: string; id?: string; file: string; texts: Leaf[] };
type Edit = { index: number; type: string; path: (string | number)[]; text: string };

const frame = (page: Page) => page.frameLocator('iframe[title="Prévia da página: Celular"]');

/** The site's landing pages: not a variant, not a legal text, not the 404. */
async function landingPages(): Promise<string[]> {
  const names = (await readdir(studio.pagesDir)).filter((n) => n.endsWith('.yaml') && !n.startsWith('_'));
  const out: string[] = [];
  for (const name of names.sort()) {
    const source = await readFile(path.join(studio.pagesDir, name), 'utf8');
    if (/^extends:/m.test(source) || /^\s*- type: (legal|notFound)\b/m.test(source)) continue;
    out.push(name.replace(/\.yaml$/, ''));
  }
  return out;
}

/** The texts to try for a block: those deepest in a list first. */
const byDepth = (block: Block) =>
  block.texts
    .map((leaf, n) => ({ n, depth: leaf.path.filter((p) => typeof p === 'number').length }))
    .sort((a, b) => b.depth - a.depth || a.n - b.n)
    .map(({ n }) => n);

/**
 * Páginas → Nova variante → Criar e abrir, by click or by touch; the variant's blocks and their
 * texts as the Estúdio's first preview of it gives them.
 */
async function createVariant(page: Page, base: string, name: string, how: 'click' | 'tap'): Promise<Block[]> {
  const file = `pages/${name}.yaml`;
  const answer = page.waitForResponse(
    async (r) => {
      if (!r.url().endsWith('/api/preview')) return false;
      if ((JSON.parse(r.request().postData() ?? '{}') as { file?: string }).file !== file) return false;
      return ((await r.json().catch(() => ({ ok: false }))) as { ok: boolean }).ok;
    },
    { timeout: 60_000 },
  );
  if (page.url().startsWith(studio.origin)) {
    // The next page from the one open, as a marketer goes on: back to Páginas in the same app (a
    // whole new load of the Estúdio per page cost about 0.5 s of CPU and showed nothing more).
    await page.getByRole('button', { name: '← Páginas', exact: true }).click();
  } else {
    await page.goto(studio.url);
    // The phone's preview alone (the Estúdio's own "Celular", remembered): the texts are typed
    // there, and a second frame running every render and animation of the page only cost CPU.
    await page.evaluate(() => localStorage.setItem('estudio:largura-da-previa', 'phone'));
  }
  const route = base === 'index' ? '/' : `/${base}`;
  await page.getByRole('button', { name: `Nova variante de ${route}`, exact: true })[how]();
  const dialog = page.getByRole('dialog', { name: `Nova variante de ${route}` });
  await dialog.getByLabel('Endereço da nova página').fill(name);
  await dialog.getByRole('button', { name: 'Criar e abrir' })[how]();
  await expect(page.getByRole('heading', { name: `/${name}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Página' })).toHaveAttribute('aria-selected', 'true');
  const blocks = ((await (await answer).json()) as { blocks: Block[] }).blocks;
  // The frame shows the render once its page script has run on it: its texts marked.
  await expect(frame(page).locator('fillgas-block')).toHaveCount(blocks.length, { timeout: 30_000 });
  await expect(frame(page).locator('[data-estudio-text]').first()).toBeAttached({ timeout: 30_000 });
  // The loading overlay leaves by itself once its count reaches 100%: a text of it found on top
  // just before it fades could never be clicked (under load the click once waited out the
  // test's 15 minutes, the frame repainting all along).
  await expect(frame(page).locator('[data-loading-overlay]:not([hidden])')).toHaveCount(0, {
    timeout: 30_000,
  });
  return blocks;
}

/** The first of a block's texts (deepest in a list first) shown whole on the phone frame, on top. */
const textToType = (page: Page, index: number, block: Block) =>
  firstTextOnTop(frame(page), index, byDepth(block));

/** One text of each block type typed into on the page; the edits made. */
async function typeIntoEachBlockType(page: Page, blocks: Block[], how: 'click' | 'tap'): Promise<Edit[]> {
  const edits: Edit[] = [];
  const done = new Set<string>();
  for (const [index, block] of blocks.entries()) {
    if (done.has(block.type) || block.texts.length === 0) continue;
    const estado = page.getByLabel('Estado').first();
    if (block.type === 'popup') {
      await estado.selectOption('popup');
      await expect(frame(page).locator('[role="dialog"]')).toBeVisible();
    }
    const found = await textToType(page, index, block);
    if (found) {
      done.add(block.type);
      const leaf = block.texts[found.n]!;
      const multiline = leaf.text.trim().includes('\n');
      await found.el[how]();
      await expect(found.el).toHaveAttribute('contenteditable', 'plaintext-only');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('End');
      // The words arrive at once, as a phone's keyboard or a paste gives them: what is checked is the
      // YAML saved (one keystroke at a time through the server's renders is inline-edit.spec's).
      await page.keyboard.insertText(' Zq');
      await page.keyboard.press(multiline ? 'Control+Enter' : 'Enter');
      await expect(found.el).not.toHaveAttribute('contenteditable');
      edits.push({ index, type: block.type, path: leaf.path, text: leaf.text });
    }
    if (block.type === 'popup') await estado.selectOption('pagina');
  }
  return edits;
}

/** The loader's blocks for page files of the Estúdio's copy of pages/. */
async function models(...files: string[]): Promise<Record<string, Record<string, unknown>[]>> {
  const { stdout } = await run(
    process.execPath,
    [...TSX, path.join(ROOT, 'tests/e2e/studio/print-models.ts'), studio.pagesDir, ...files],
    { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, Record<string, unknown>[]>;
}

/** Scalars under a YAML value (what `change:` writes). */
const scalars = (value: unknown): number =>
  value !== null && typeof value === 'object'
    ? Object.values(value as Record<string, unknown>).reduce<number>((sum, v) => sum + scalars(v), 0)
    : 1;

const typed = (old: string) => (/\n$/.test(old) ? `${old.replace(/\n$/, '')} Zq\n` : `${old} Zq`);

type Variant = { base: string; name: string; edits: Edit[] };

/** The variant saved and checked: the base file byte-identical, one scalar under `change:` per text typed. */
async function expectSmallestChange({ base, name, edits }: Variant, baseBefore: string) {
  const baseFile = `pages/${base}.yaml`;
  const file = `pages/${name}.yaml`;
  expect(await readFile(path.join(studio.dir, baseFile), 'utf8')).toBe(baseBefore);
  const saved = parse(await readFile(path.join(studio.dir, file), 'utf8')) as {
    extends: string;
    change?: Record<string, unknown>;
  };
  expect(saved.extends).toBe(base);
  // One scalar per text typed: no list, no block, written whole.
  expect(scalars(saved.change ?? {})).toBe(edits.length);
}

/**
 * Each variant resolved by the real loader: its base page with exactly the texts typed. One
 * loader process for all of them (a process per page cost about 1.2 s of CPU each).
 */
async function expectResolved(variants: Variant[]) {
  const files = variants.flatMap(({ base, name }) => [`pages/${base}.yaml`, `pages/${name}.yaml`]);
  const got = await models(...new Set(files));
  for (const { base, name, edits } of variants) {
    const expected = structuredClone(got[`pages/${base}.yaml`]!);
    for (const edit of edits) {
      let at = expected[edit.index] as Record<string | number, unknown>;
      for (const key of edit.path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
      at[edit.path[edit.path.length - 1]!] = typed(edit.text);
    }
    expect(got[`pages/${name}.yaml`], `pages/${name}.yaml`).toEqual(expected);
  }
}

async function checkPasses() {
  const cli = path.join(ROOT, 'runtime/cli.ts');
  const env = { ...process.env, NODE_ENV: 'production' };
  const { stdout } = await run(process.execPath, [...TSX, cli, 'check', '--pages', studio.pagesDir], {
    cwd: ROOT,
    env,
  });
  expect(stdout).toMatch(/\d+ páginas válidas/);
}

test.describe('at 1280 px, with a mouse', () => {
  // With reduced motion (the operating system's setting, which the site honours): no section fades
  // in as it is scrolled to, so each text is reached without its transition's frames (a fifth of
  // this test's CPU). What is typed, saved and checked is the same; typing into sections
  // as they reveal themselves stays covered by the phone and tablet tests below, with motion.
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('a variant of every landing page, one text in a list of each block type typed on the page', async ({
    page,
  }) => {
    test.setTimeout(900_000);
    const pages = await landingPages();
    expect(pages.length).toBeGreaterThanOrEqual(6);
    const types = new Set<string>();
    const variants: Variant[] = [];
    for (const base of pages) {
      const baseBefore = await readFile(path.join(studio.pagesDir, `${base}.yaml`), 'utf8');
      const blocks = await createVariant(page, base, `${base}-v`, 'click');
      const edits = await typeIntoEachBlockType(page, blocks, 'click');
      for (const e of edits) types.add(e.type);
      // Every block type of the page with a visible text was typed into, a list item where it has one.
      expect(edits.length).toBeGreaterThanOrEqual(new Set(blocks.map((b) => b.type)).size - 2);
      await page.keyboard.press('Control+s');
      await expect(page.getByText(/Salvo às/)).toBeVisible();
      const variant = { base, name: `${base}-v`, edits };
      await expectSmallestChange(variant, baseBefore);
      variants.push(variant);
    }
    await expectResolved(variants);
    expect(types.size).toBeGreaterThanOrEqual(15);
    await checkPasses();
  });
});

for (const [label, viewport] of [
  ['a phone, 390 × 844', { width: 390, height: 844 }],
  ['a tablet, 820 × 1180', { width: 820, height: 1180 }],
] as const) {
  test.describe(`on ${label}, by touch alone`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    test('a variant of /agendamento, one text in a list of each block type typed on the page', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const name = `agendamento-${viewport.width}`;
      const baseBefore = await readFile(path.join(studio.pagesDir, 'agendamento.yaml'), 'utf8');
      const blocks = await createVariant(page, 'agendamento', name, 'tap');
      const edits = await typeIntoEachBlockType(page, blocks, 'tap');
      expect(edits.length).toBeGreaterThanOrEqual(new Set(blocks.map((b) => b.type)).size - 2);
      expect(edits.filter((e) => e.path.some((p) => typeof p === 'number')).length).toBeGreaterThanOrEqual(4);
      await page.getByRole('button', { name: 'Salvar', exact: true }).tap();
      await expect(page.getByText(/Salvo às/)).toBeVisible();
      const variant = { base: 'agendamento', name, edits };
      await expectSmallestChange(variant, baseBefore);
      await expectResolved([variant]);
      await checkPasses();
    });
  });
}

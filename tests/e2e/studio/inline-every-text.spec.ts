/**
 * Issue 37.1, "every text a visitor sees is editable on the page": on every page of the site, in
 * the Estúdio's preview, every text leaf of every block (renderDraft's list: titles, list items at
 * any depth, answers of several paragraphs, the slider's testimonials, the popup's texts) is marked
 * for editing in place, on the element that shows it. Then, on one text of each block type
 * (a list item when the block has one), typing in the page changes exactly that YAML node.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { splitRender } from '../../../runtime/dev/render-parts.ts';
import { openMark } from '../../../runtime/dev/text-props.ts';
import { startStudio, type RunningStudio } from './studio-server.ts';
import { draftSource } from './draft-text.ts';

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

type Leaf = { path: (string | number)[]; text: string };
type Block = { type: string; id?: string; file: string; path: (string | number)[]; texts: Leaf[] };

const frameOf = (page: Page, label: 'Celular' | 'Computador' = 'Computador') =>
  page.frameLocator(`iframe[title="Prévia da página: ${label}"]`);

type Answer = {
  blocks: Block[];
  html?: string;
  delta?: { names: { blocks: string[] }; markup: Record<string, string> };
};

/**
 * Opens a page in the editor; its blocks and texts as the first whole preview answer gives them,
 * with each block's markup (its texts between their marks).
 */
async function openPage(
  page: Page,
  file: string,
  shown: 'phone' | 'desktop',
): Promise<(Block & { markup: string })[]> {
  const answer = page.waitForResponse(
    async (r) => {
      if (!r.url().endsWith('/api/preview')) return false;
      if ((JSON.parse(r.request().postData() ?? '{}') as { file?: string }).file !== file) return false;
      return ((await r.json().catch(() => ({ ok: false }))) as { ok: boolean }).ok;
    },
    { timeout: 60_000 },
  );
  if (!page.url().startsWith(studio.origin)) {
    await page.goto(studio.url);
    // The one preview the test reads (the Estúdio's own choice of width, remembered, read as each
    // editor opens): a second frame running every render and animation of the page only cost CPU.
    await page.evaluate((mode) => localStorage.setItem('estudio:largura-da-previa', mode), shown);
  }
  // Each page opened in the same app, by its address (a whole new load of the Estúdio per page,
  // twice, cost about 1 s of CPU each and showed nothing more): the editor is made afresh per file.
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  const got = (await (await answer).json()) as Answer;
  // (The answer came to the new editor: the count below is its own, not the last page's.)
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  const markup = got.html
    ? splitRender(got.html).blocks
    : got.delta!.names.blocks.map((name) => got.delta!.markup[name] ?? '');
  return got.blocks.map((b, i) => ({ ...b, markup: markup[i] ?? '' }));
}

/**
 * Per block, the texts a sighted visitor is shown: those whose mark is in a text of the block's
 * markup that is seen (not in an attribute such as aria-label, nor in a visually hidden element).
 */
function shownLeaves(page: Page, blocks: { markup: string; texts: Leaf[] }[]): Promise<number[][]> {
  const marks = blocks.map((b) => b.texts.map((_, n) => openMark(n)));
  return frameOf(page)
    .locator('body')
    .evaluate(
      (_, { markups, marks }) =>
        markups.map((markup, i) => {
          const template = document.createElement('template');
          template.innerHTML = markup;
          const texts: Text[] = [];
          const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const unseen = node.parentElement?.closest(
              '.visually-hidden, [aria-hidden="true"], svg, script, style, template, noscript',
            );
            if (!unseen) texts.push(node as Text);
          }
          return marks[i]!.flatMap((mark, n) => (texts.some((t) => t.data.includes(mark)) ? [n] : []));
        }),
      { markups: blocks.map((b) => b.markup), marks },
    );
}

/** Per block index, the numbers of its texts marked in the frame. */
const markedIn = (page: Page) =>
  frameOf(page)
    .locator('body')
    .evaluate(() => {
      const out: Record<number, number[]> = {};
      for (const el of document.querySelectorAll('[data-estudio-text]')) {
        const index = Number(el.closest('fillgas-block')?.getAttribute('data-index'));
        const leaf = el.getAttribute('data-estudio-leaf');
        if (leaf !== null) (out[index] ??= []).push(Number(leaf));
        for (const part of (el.getAttribute('data-estudio-parts') ?? '').split(' ').filter(Boolean))
          (out[index] ??= []).push(Number(part.split(':')[0]));
        // A text shown inside another one (a title's highlight) is edited with it.
        if (leaf !== null || el.hasAttribute('data-estudio-parts'))
          for (const inner of el.querySelectorAll('[data-estudio-inner]'))
            (out[index] ??= []).push(Number(inner.getAttribute('data-estudio-inner')));
      }
      return out;
    });

const unsaved = (page: Page, file: string) => draftSource(page, file);

async function pageFiles(): Promise<string[]> {
  const names = await readdir(studio.pagesDir);
  return names.filter((n) => n.endsWith('.yaml') && !n.startsWith('_')).sort();
}

async function chooseState(page: Page, state: string, shown: 'Celular' | 'Computador' = 'Computador') {
  await page.getByLabel('Estado').first().selectOption(state);
  // The popup opens once the shown frame has loaded the islands' code (the agent's part, fetched
  // when an island is first due): read its texts once the author can see it.
  if (state === 'popup') await expect(frameOf(page, shown).getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(400);
}

test('every text leaf of every block of every page is marked in the preview', async ({ page }) => {
  test.setTimeout(600_000);
  const missing: string[] = [];
  let counted = 0;
  for (const name of await pageFiles()) {
    const file = `pages/${name}`;
    const blocks = await openPage(page, file, 'desktop');
    // The frame shows the render once its page script has run on it.
    await expect(frameOf(page).locator('[data-estudio-text]').first()).toBeAttached({ timeout: 30_000 });
    const marked: Record<number, number[]> = await markedIn(page);
    const shown = await shownLeaves(page, blocks);
    // The popup's texts are in the page once it opens (its state): looked for there.
    const popups = blocks.flatMap((b, i) => (b.type === 'popup' ? [i] : []));
    if (popups.length > 0) {
      await chooseState(page, 'popup');
      const open = await markedIn(page);
      const marks = blocks.map((b) => b.texts.map((_, n) => openMark(n)));
      const live = await frameOf(page)
        .locator('body')
        .evaluate((_, marks) => {
          const out: Record<number, number[]> = {};
          for (const wrapper of document.querySelectorAll('fillgas-block')) {
            const i = Number(wrapper.getAttribute('data-index'));
            const walker = document.createTreeWalker(wrapper, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.parentElement?.closest('.visually-hidden, [aria-hidden="true"]')) continue;
              marks[i]!.forEach((mark, n) => {
                if ((node as Text).data.includes(mark)) (out[i] ??= []).push(n);
              });
            }
          }
          return out;
        }, marks);
      for (const i of popups) {
        marked[i] = [...(marked[i] ?? []), ...(open[i] ?? [])];
        shown[i] = [...shown[i]!, ...(live[i] ?? [])];
      }
      await chooseState(page, 'pagina');
    }
    blocks.forEach((block, i) =>
      block.texts.forEach((leaf, n) => {
        // Not shown: a default the block's layout leaves out, an aria-label, a hidden label.
        if (!shown[i]!.includes(n)) return;
        counted++;
        if (!marked[i]?.includes(n))
          missing.push(
            `${file} #${i} ${block.type} ${JSON.stringify(leaf.path)} ${JSON.stringify(leaf.text)}`,
          );
      }),
    );
  }
  expect(counted).toBeGreaterThan(250);
  expect(missing).toEqual([]);
});

type Schema = { properties?: Record<string, Schema>; items?: Schema; default?: unknown };
const pageSchema = JSON.parse(
  readFileSync(new URL('../../../schema/page.schema.json', import.meta.url), 'utf8'),
) as {
  properties: { blocks: { items: { oneOf: (Schema & { properties: { type: { const: string } } })[] } } };
};

/** A block type's default at a path (a list the page leaves to the block). */
function defaultOf(type: string, at: (string | number)[]): unknown {
  let schema: Schema | undefined = pageSchema.properties.blocks.items.oneOf.find(
    (s) => s.properties.type.const === type,
  );
  for (const key of at) schema = typeof key === 'number' ? schema?.items : schema?.properties?.[key];
  return schema?.default;
}

/** The texts to try typing into for a block: the deepest in a list first. */
function leavesToEdit(block: Block): number[] {
  return block.texts
    .map((leaf, n) => ({ n, depth: leaf.path.filter((p) => typeof p === 'number').length }))
    .sort((a, b) => b.depth - a.depth || a.n - b.n)
    .map(({ n }) => n);
}

test('typing into one text of each block type changes exactly that YAML node', async ({ page }) => {
  test.setTimeout(600_000);
  const done = new Set<string>();
  for (const name of await pageFiles()) {
    const file = `pages/${name}`;
    const source = await readFile(path.join(studio.pagesDir, name), 'utf8');
    if (/^extends:/m.test(source)) continue;
    // Every block type the file writes already typed into on an earlier page: nothing to try here.
    if ([...source.matchAll(/^\s*- type: (\w+)/gm)].every((m) => done.has(m[1]!))) continue;
    const blocks = await openPage(page, file, 'phone');
    for (const [index, block] of blocks.entries()) {
      if (done.has(block.type) || block.texts.length === 0 || block.file !== file) continue;
      // The popup's texts and the loading overlay's are on screen in their states only (the
      // overlay also shows for a moment as the frame arrives: a text of it found then could be
      // gone before the click, which then waited out the test). Back to the loaded page after.
      const state =
        block.type === 'popup' ? 'popup' : block.type === 'loadingOverlay' ? 'carregamento' : undefined;
      if (state) await chooseState(page, state, 'Celular');
      // The first of its texts (deepest first) shown whole on the phone's screen and on top there.
      let n = -1;
      let visible;
      for (const candidate of leavesToEdit(block)) {
        const all = frameOf(page, 'Celular').locator(
          `fillgas-block[data-index="${index}"] [data-estudio-leaf="${candidate}"]`,
        );
        for (let k = 0; k < (await all.count()) && !visible; k++) {
          const el = all.nth(k);
          if (!(await el.isVisible())) continue;
          await el.scrollIntoViewIfNeeded();
          const onTop = await el.evaluate((e) => {
            const box = e.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return box.width > 0 && hit !== null && e.contains(hit);
          });
          if (!onTop) continue;
          n = candidate;
          visible = el;
        }
        if (visible) break;
      }
      if (!visible) {
        if (state) await chooseState(page, 'pagina', 'Celular');
        continue;
      }
      done.add(block.type);
      const before = (await unsaved(page, file)) ?? source;
      await visible.click();
      await expect(visible).toHaveAttribute('contenteditable', 'plaintext-only');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('End');
      // The words arrive at once, as a phone's keyboard or a paste gives them: what is checked is the
      // YAML node changed (one keystroke at a time through the server's renders is inline-edit.spec's).
      await page.keyboard.insertText(' Zq');
      await page.keyboard.press(block.texts[n]!.text.trim().includes('\n') ? 'Control+Enter' : 'Enter');
      await expect(visible).not.toHaveAttribute('contenteditable');
      const leaf = block.texts[n]!;
      const expected = parse(before) as Record<string, unknown>;
      let at = expected as Record<string | number, unknown>;
      const full = [...block.path, ...leaf.path];
      // (A default the file does not write is written where the form would write it: a list whole.)
      for (const [i, key] of full.slice(0, -1).entries()) {
        if (at[key] === undefined)
          at[key] =
            typeof full[i + 1] === 'number'
              ? structuredClone(defaultOf(block.type, full.slice(block.path.length, i + 1)))
              : {};
        at = at[key] as Record<string | number, unknown>;
      }
      const old = leaf.text;
      at[full[full.length - 1]!] = /\n$/.test(old) ? `${old.replace(/\n$/, '')} Zq\n` : `${old} Zq`;
      await expect
        .poll(async () => parse((await unsaved(page, file)) ?? source) as unknown, { timeout: 10_000 })
        .toEqual(expected);
      if (state) await chooseState(page, 'pagina', 'Celular');
    }
  }
  // The side chat button's label folds away a few seconds after arrival (its block's behaviour):
  // the one text no visitor sees at rest, so not looked for here.
  done.add('sideChat');
  expect([...done].sort()).toEqual(
    [
      ...new Set(
        (
          await Promise.all(
            (await pageFiles()).map(async (n) => readFile(path.join(studio.pagesDir, n), 'utf8')),
          )
        ).flatMap((s) => [...s.matchAll(/^\s*- type: (\w+)/gm)].map((m) => m[1]!)),
      ),
    ].sort(),
  );
});

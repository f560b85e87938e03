/**
 * The Estúdio's YAML editor in a real browser: yaml-language-server runs in its Web Worker through
 * Vite (dev server in middleware mode, then `vite build`), schema problems are underlined in
 * Portuguese as you type, completion offers the hero block's props, hover shows descriptions.
 *
 * Self-contained (it starts its own servers), so it needs none of playwright.config.ts's web servers:
 *   npx playwright test tests/e2e/studio
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../../../scripts/chromium.ts';
import { buildHarness, serveBuiltHarness, startDevHarness, type RunningHarness } from './editor-harness.ts';

test.skip(!existsSync(CHROMIUM_PATH), `no Chromium at ${CHROMIUM_PATH}`);
// One harness server per describe block, shared by its tests; the build takes a while.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Opens the harness and waits for the editor and for the worker's first answer. */
async function openEditor(page: Page, url: string): Promise<void> {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  await expect(page.locator('.cm-content')).toBeVisible();
  await page.waitForFunction(() => window.harness !== undefined);
  await page.evaluate(() => window.harness!.client.validate(window.harness!.view.state.doc.toString()));
  expect(failures).toEqual([]);
}

/** Selects the first `text` in the document (or puts the cursor after it), and focuses the editor. */
async function select(page: Page, text: string, cursorAtEnd = false): Promise<void> {
  await page.evaluate(
    ([wanted, atEnd]) => {
      const { view } = window.harness!;
      const from = view.state.doc.toString().indexOf(wanted as string);
      if (from < 0) throw new Error(`not in the document: ${String(wanted)}`);
      const to = from + (wanted as string).length;
      view.dispatch({ selection: atEnd ? { anchor: to } : { anchor: from, head: to }, scrollIntoView: true });
      view.focus();
    },
    [text, cursorAtEnd] as const,
  );
}

async function expectMisspeltPropUnderlined(page: Page): Promise<void> {
  await select(page, 'highlight');
  await page.keyboard.type('higlight');
  const underline = page.locator('.cm-lintRange-error');
  await expect(underline).toHaveCount(1);
  await expect(underline).toHaveText('higlight');
  await underline.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText(
    '"higlight" não é uma propriedade aceita aqui. Você quis dizer "highlight"?',
  );
}

test.describe('through the Vite dev server in middleware mode', () => {
  let harness: RunningHarness;
  test.beforeAll(async () => {
    harness = await startDevHarness();
  });
  test.afterAll(async () => {
    await harness?.close();
  });

  test('underlines a misspelt prop with the Portuguese message, and clears it when fixed', async ({
    page,
  }) => {
    await openEditor(page, harness.url);
    await expect(page.locator('.cm-lintRange')).toHaveCount(0);
    await expectMisspeltPropUnderlined(page);
    await select(page, 'higlight');
    await page.keyboard.type('highlight');
    await expect(page.locator('.cm-lintRange')).toHaveCount(0);
  });

  test('completes the hero block’s props, then the chosen prop’s values', async ({ page }) => {
    await openEditor(page, harness.url);
    await select(page, '    title: Sodastream Refil fácil e rápido.', true);
    await page.keyboard.press('Enter');
    const line = await page.evaluate(() => {
      const { state } = window.harness!.view;
      return state.doc.lineAt(state.selection.main.head).text;
    });
    expect(line).toBe('    ');
    await page.keyboard.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete li .cm-completionLabel');
    await expect(options.first()).toBeVisible();
    const labels = await options.allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['entrance', 'floating', 'noteIcon', 'tone']));
    expect(labels).not.toContain('items');
    expect(labels).not.toContain('heading');
    await page.keyboard.type('entr');
    await expect(options.first()).toHaveText('entrance');
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    // Accepting a prop writes `entrance: ` and opens its values.
    await expect(options).toHaveText(['none', 'staged']);
    // CodeMirror ignores Enter for its first 75 ms on a new list (interactionDelay): a newline then.
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    const written = await page.evaluate(() => {
      const { state } = window.harness!.view;
      return state.doc.lineAt(state.selection.main.head).text;
    });
    expect(written).toBe('    entrance: none');

    // A list of objects comes as a YAML skeleton indented under the prop, fields as tab stops.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('floa');
    await expect(options.first()).toHaveText('floating');
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    const inserted = await page.evaluate(() => {
      const { state } = window.harness!.view;
      const cursor = state.selection.main.head;
      const start = state.doc.lineAt(cursor).number - 1;
      const lines = Array.from({ length: 6 }, (_, i) => state.doc.line(start + i).text);
      return { lines, column: cursor - state.doc.lineAt(cursor).from };
    });
    expect(inserted.lines).toEqual([
      '    floating:',
      '      - src: ',
      '        width: ',
      '        height: ',
      '        top: ',
      '        left: ',
    ]);
    expect(inserted.column).toBe('      - src: '.length);
  });

  test('shows a prop’s Portuguese description on hover', async ({ page }) => {
    await openEditor(page, harness.url);
    const point = await page.evaluate(async () => {
      const { view } = window.harness!;
      const pos = view.state.doc.toString().indexOf('    subtitle:') + 6;
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const coords = view.coordsAtPos(pos)!;
      return { x: coords.left + 2, y: (coords.top + coords.bottom) / 2 };
    });
    await page.mouse.move(point.x, point.y);
    await expect(page.locator('.cm-tooltip-hover')).toContainText('Uma ou duas frases sob o título.');
  });

  test('validates the 300-line page in the worker in a few tens of milliseconds', async ({
    page,
  }, testInfo) => {
    await openEditor(page, harness.url);
    const timings = await page.evaluate(async () => {
      const { client, view } = window.harness!;
      const text = view.state.doc.toString();
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) {
        // A different text each time, as when typing: nothing cached.
        const found = await client.validate(`${text}\n# ${i}\n`);
        if (found.length) throw new Error(found[0]!.message);
        runs.push(client.timings.validate!);
      }
      return runs;
    });
    const median = [...timings].sort((a, b) => a - b)[3]!;
    testInfo.annotations.push({
      type: 'validação no worker (ms)',
      description: timings.map((t) => t.toFixed(1)).join(', '),
    });
    console.log(
      `validation of agendamento.yaml in the worker: median ${median.toFixed(1)} ms (${timings.map((t) => t.toFixed(1)).join(', ')})`,
    );
    expect(median).toBeLessThan(500);
  });
});

test.describe('after vite build', () => {
  let outDir: string;
  let harness: RunningHarness;
  test.beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'estudio-editor-build-'));
    await buildHarness(outDir);
    harness = await serveBuiltHarness(outDir);
  });
  test.afterAll(async () => {
    await harness?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  test('bundles the worker as its own chunk, without the Node-only dependencies', async () => {
    const testInfo = test.info();
    const assets = join(outDir, 'assets');
    const workers = readdirSync(assets).filter((name) => /^yaml-worker-.*\.js$/.test(name));
    expect(workers).toHaveLength(1);
    const code = readFileSync(join(assets, workers[0]!));
    const gzipped = gzipSync(code).length;
    testInfo.annotations.push({ type: 'worker (gzip)', description: `${(gzipped / 1024).toFixed(1)} KiB` });
    console.log(
      `worker chunk ${workers[0]}: ${(code.length / 1024).toFixed(1)} KiB, ${(gzipped / 1024).toFixed(1)} KiB gzipped`,
    );
    const text = code.toString('utf8');
    // Ajv's code generation, Prettier and the JSON-RPC connection stay out.
    expect(text).not.toContain('new Function');
    expect(text).not.toMatch(/prettier\/standalone|printDocToString/);
    expect(text).not.toContain('createMessageConnection');
  });

  test('underlines a misspelt prop with the Portuguese message', async ({ page }) => {
    await openEditor(page, harness.url);
    await expectMisspeltPropUnderlined(page);
  });
});

/**
 * `npm run bench:studio`: what an author waits for in the Estúdio (a copy of pages/ in a
 * temporary folder), in Chromium: opening a page until its preview shows, keystroke → updated
 * preview (median and p95 of many single keystrokes) on /agendamento (13 blocks) and on the same
 * page grown to 50 and 200 blocks, keystroke → schema problem underlined, and the gzipped size of
 * the Estúdio's own JavaScript (the app's production build, which npm run studio serves).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseDocument } from 'yaml';
import { cachedAppDir } from '../studio/server/app-cache.ts';
import { createStudioServer } from '../studio/server/server.ts';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { longPage } from './long-page.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
// As npm run studio runs: the app's production build, previews rendered by React's production
// build (package.json sets NODE_ENV). BENCH_DEV_APP=1: as `npm run studio -- --dev`.
if (process.env.BENCH_DEV_APP) process.env.NODE_ENV = 'development';
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Sizes of page measured: /agendamento itself, then the same page grown to this many blocks. */
const LONG_PAGES = [50, 200];
/** Keystrokes typed right after the page opened, also left out of one p95. */
const WARM_UP = 5;

interface Measured {
  blocks: number;
  open: number;
  preview: number[];
  diagnostics: number[];
}

async function latencies(appDir: string | undefined): Promise<Measured[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'estudio-bench-'));
  await cp(path.join(ROOT, 'pages'), path.join(dir, 'pages'), { recursive: true });
  const base = await readFile(path.join(dir, 'pages/agendamento.yaml'), 'utf8');
  for (const count of LONG_PAGES)
    await writeFile(path.join(dir, `pages/longa-${count}.yaml`), longPage(base, count));
  const server = await createStudioServer({
    root: ROOT,
    pagesDir: path.join(dir, 'pages'),
    port: 0,
    ...(appDir ? { appDir } : {}),
  });
  const browser = await launchChromium();
  try {
    const results: Measured[] = [];
    for (const [file, blocks] of [
      ['pages/agendamento.yaml', parseDocument(base).toJS().blocks.length as number],
      ...LONG_PAGES.map((n) => [`pages/longa-${n}.yaml`, n] as const),
    ] as const)
      results.push({
        blocks,
        ...(await onePage(
          server.url,
          browser,
          file,
          blocks === LONG_PAGES.at(-1) ? 30 : KEYSTROKES,
          file === 'pages/agendamento.yaml',
        )),
      });
    return results;
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function onePage(
  url: string,
  browser: Browser,
  file: string,
  keystrokes: number,
  lint: boolean,
): Promise<{ open: number; preview: number[]; diagnostics: number[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const opened = Date.now();
    await page.goto(`${new URL(url).origin}/#/editar/${encodeURIComponent(file)}`);
    const renders = () =>
      page.evaluate(() =>
        Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders),
      );
    await page.waitForFunction(
      () => Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > 0,
      undefined,
      { timeout: 60_000 },
    );
    const open = Date.now() - opened;
    // Timestamps taken in the page: the keydown, the preview's next render, the next lint update.
    await page.evaluate(() => {
      const w = window as unknown as { bench: { down: number; render: number[]; lint: number[] } };
      w.bench = { down: 0, render: [], lint: [] };
      document.addEventListener('keydown', () => (w.bench.down = performance.now()), true);
      const root = document.querySelector('[data-preview-renders]')!;
      new MutationObserver(() => w.bench.render.push(performance.now() - w.bench.down)).observe(root, {
        attributes: true,
        attributeFilter: ['data-preview-renders'],
      });
      new MutationObserver(() => {
        if (document.querySelector('.cm-lintRange-error'))
          w.bench.lint.push(performance.now() - w.bench.down);
      }).observe(document.querySelector('.cm-content')!, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    // Keystroke → preview: a letter typed at the end of the page's title, then erased (so the
    // title never outgrows its limit and every render is a valid page).
    // The editor opens on the page (page first): the code is one tab away.
    await page.getByRole('tab', { name: 'Código' }).click();
    await page.getByText('title: Recarga de Cilindro CO2 em Casa').first().click();
    await page.keyboard.press('End');
    for (let i = 0; i < keystrokes; i++) {
      const before = await renders();
      await page.keyboard.press(i % 2 === 0 ? 'KeyA' : 'Backspace');
      await page.waitForFunction(
        (n) =>
          Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > n,
        before,
      );
    }
    // Keystroke → problem underlined: a misspelt key (robots → robotsx) made and undone.
    if (!lint) {
      const render = await page.evaluate(
        () => (window as unknown as { bench: { render: number[] } }).bench.render,
      );
      return { open, preview: render.slice(0, keystrokes), diagnostics: [] };
    }
    await page.getByText('robots: index, follow').first().click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < Math.min(keystrokes, 20); i++) {
      await page.keyboard.press('KeyX');
      await page.waitForSelector('.cm-lintRange-error', { timeout: 10_000 });
      await page.keyboard.press('Backspace');
      await page.waitForSelector('.cm-lintRange-error', { state: 'detached', timeout: 10_000 });
    }
    const bench = await page.evaluate(
      () => (window as unknown as { bench: { render: number[]; lint: number[] } }).bench,
    );
    return { open, preview: bench.render.slice(0, keystrokes), diagnostics: bench.lint };
  } finally {
    await page.close();
  }
}

/** The gzipped size of the app's production build's scripts (as npm run studio serves them). */
async function appSize(dir: string): Promise<{ files: number; gzip: number; raw: number }> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.js$/.test(f));
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const bytes = await readFile(path.join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, gzip, raw };
}

const builtApp = await cachedAppDir(ROOT);
const size = await appSize(builtApp);
const measured = await latencies(process.env.BENCH_DEV_APP ? undefined : builtApp);
console.log(
  `Estúdio (${os.cpus().length} CPU, Node ${process.version}); /agendamento e a mesma página com mais blocos`,
);
// The first keystrokes come while the page just opened still settles (its first validation, its
// entrance animations, islands starting): shown apart as well.
console.log(
  `| página | abrir até a prévia | tecla → prévia: mediana | p95 | p95 depois das ${WARM_UP} primeiras | teclas |`,
);
console.log(`| --- | --- | --- | --- | --- | --- |`);
for (const m of measured)
  console.log(
    `| ${m.blocks} blocos | ${ms(m.open)} | ${ms(quantile(m.preview, 0.5))} | ${ms(quantile(m.preview, 0.95))} | ${ms(quantile(m.preview.slice(WARM_UP), 0.95))} | ${m.preview.length} |`,
  );
// BENCH_RAW=1: every keystroke's time, in order (a slow start tells from a slow page).
if (process.env.BENCH_RAW)
  for (const m of measured) console.log(`${m.blocks} blocos:`, m.preview.map((t) => Math.round(t)).join(' '));
const { diagnostics } = measured[0]!;
if (diagnostics.length > 0)
  console.log(
    `| tecla → problema do schema sublinhado | ${ms(quantile(diagnostics, 0.5))} | ${ms(quantile(diagnostics, 0.95))} |`,
  );
else console.log('| tecla → problema do schema sublinhado | (nenhum sublinhado medido) | |');
console.log(
  `JavaScript do Estúdio: ${size.files} arquivos, ${(size.gzip / 1024).toFixed(0)} KB gzip (${(size.raw / 1024).toFixed(0)} KB sem compressão)`,
);

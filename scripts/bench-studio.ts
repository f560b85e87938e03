/**
 * `npm run bench:studio`: what an author waits for in the Estúdio, on /agendamento (a copy of
 * pages/ in a temporary folder): keystroke → updated preview and keystroke → schema problems
 * underlined, each the median and p95 of many single keystrokes in Chromium, and the gzipped
 * size of the Estúdio's own JavaScript (a production build of the app).
 */
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { appViteConfig } from '../studio/app/vite-config.ts';
import { createStudioServer } from '../studio/server/server.ts';
import { launchChromium } from './chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function latencies(): Promise<{ preview: number[]; diagnostics: number[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'estudio-bench-'));
  await cp(path.join(ROOT, 'pages'), path.join(dir, 'pages'), { recursive: true });
  const server = await createStudioServer({ root: ROOT, pagesDir: path.join(dir, 'pages'), port: 0 });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    await page.goto(`${new URL(server.url).origin}/#/editar/${encodeURIComponent('pages/agendamento.yaml')}`);
    const renders = () =>
      page.evaluate(() =>
        Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders),
      );
    await page.waitForFunction(
      () => Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > 0,
      undefined,
      { timeout: 60_000 },
    );
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
    await page.getByText('title: Recarga de Cilindro CO2 em Casa').first().click();
    await page.keyboard.press('End');
    for (let i = 0; i < KEYSTROKES; i++) {
      const before = await renders();
      await page.keyboard.press(i % 2 === 0 ? 'KeyA' : 'Backspace');
      await page.waitForFunction(
        (n) =>
          Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > n,
        before,
      );
    }
    // Keystroke → problem underlined: a misspelt key (robots → robotsx) made and undone.
    await page.getByText('robots: index, follow').first().click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < Math.min(KEYSTROKES, 20); i++) {
      await page.keyboard.press('KeyX');
      await page.waitForSelector('.cm-lintRange-error', { timeout: 10_000 });
      await page.keyboard.press('Backspace');
      await page.waitForSelector('.cm-lintRange-error', { state: 'detached', timeout: 10_000 });
    }
    const bench = await page.evaluate(
      () => (window as unknown as { bench: { render: number[]; lint: number[] } }).bench,
    );
    return { preview: bench.render.slice(0, KEYSTROKES), diagnostics: bench.lint };
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function appSize(): Promise<{ files: number; gzip: number; raw: number }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'estudio-app-'));
  try {
    await build({
      ...appViteConfig(),
      root: ROOT,
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      build: {
        outDir,
        emptyOutDir: true,
        rollupOptions: { input: path.join(ROOT, 'studio/app/index.html') },
      },
    });
    const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.js$/.test(f));
    let gzip = 0;
    let raw = 0;
    for (const f of files) {
      const bytes = await readFile(path.join(outDir, f));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { files: files.length, gzip, raw };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

// The size first: the Estúdio's dev server sets NODE_ENV=development, which a later build would
// inherit (React's development bundle).
const size = await appSize();
const { preview, diagnostics } = await latencies();
console.log(
  `Estúdio, /agendamento (${preview.length} teclas; ${os.cpus().length} CPU, Node ${process.version})`,
);
console.log(`| medida | mediana | p95 |`);
console.log(`| --- | --- | --- |`);
console.log(`| tecla → prévia atualizada | ${ms(quantile(preview, 0.5))} | ${ms(quantile(preview, 0.95))} |`);
if (diagnostics.length > 0)
  console.log(
    `| tecla → problema do schema sublinhado | ${ms(quantile(diagnostics, 0.5))} | ${ms(quantile(diagnostics, 0.95))} |`,
  );
else console.log('| tecla → problema do schema sublinhado | (nenhum sublinhado medido) | |');
console.log(
  `JavaScript do Estúdio: ${size.files} arquivos, ${(size.gzip / 1024).toFixed(0)} KB gzip (${(size.raw / 1024).toFixed(0)} KB sem compressão)`,
);

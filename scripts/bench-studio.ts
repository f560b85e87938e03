/**
 * `npm run bench:studio`: what an author waits for in the Estúdio (a copy of pages/ in a
 * temporary folder), in Chromium, as an author edits (issue 40): a letter typed at the end of a
 * block's text, then erased, again and again — the hero's title near the top, the heading of a
 * block near the bottom, an FAQ answer — in the code, in the block's form and on the page itself,
 * on /agendamento (13 blocks) and the same page grown to 50 and 200 blocks. Each keystroke is
 * timed from the key pressed until the new text is in the preview frame's DOM and until the frame
 * painted after it; the first keystrokes after opening apart; where the time goes (the Estúdio
 * before the request, the server's render, the frame's swap, the paint). Also keystroke → schema
 * problem underlined, the scripts an opening fetched (bytes on the wire and decoded, from the
 * browser's resource timing; then those the first Código fetched, then typing in the code), and
 * the size of the whole build's JavaScript, every chunk, most of which an opening never loads.
 * BENCH_CPU=1 adds each keystroke's CPU (the Estúdio, the preview frames, the server), from a
 * Chrome trace: what the first keystrokes do that later ones do not, which wall time on a busy
 * machine hides.
 * Narrowing a run: BENCH_PAGES=200, BENCH_HOW=código, BENCH_WHERE=fim (the targets whose place
 * has that in it), BENCH_KEYSTROKES=10; BENCH_OPENINGS=n measures each target on n openings (the
 * first keystroke is one sample per opening: "≤ 500 ms in N of M"). Reading one: BENCH_TRACE=file
 * keeps the last opening's trace with the timeline's events (BENCH_SAMPLES=1 adds JavaScript
 * samples), BENCH_APP_DIR serves another build of the app (one not minified, to read the names).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseDocument } from 'yaml';
import { cachedAppDir } from '../studio/server/app-cache.ts';
import { createStudioServer } from '../studio/server/server.ts';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { longPage } from './long-page.ts';
import type { TraceEvent } from './main-thread.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
// As npm run studio runs: the app's production build, previews rendered by React's production
// build (package.json sets NODE_ENV). BENCH_DEV_APP=1: as `npm run studio -- --dev`.
if (process.env.BENCH_DEV_APP) process.env.NODE_ENV = 'development';
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 30);
/**
 * BENCH_OPENINGS=n: each kind of edit measured on n openings of the page (a first keystroke is
 * one sample per opening; its figures are then listed together, "≤ 500 ms in N of M").
 */
const OPENINGS = Math.max(1, Number(process.env.BENCH_OPENINGS ?? 1));

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Sizes of page measured: /agendamento itself, then the same page grown to this many blocks. */
const LONG_PAGES = [50, 200];
/** Keystrokes typed right after the page opened, reported apart (and left out of the rest). */
const FIRST = 5;

/** The heading of the block near the bottom that the bench types into (unique on the page). */
const BOTTOM_HEADING = 'Quem já recarregou conosco';

/** A page's source with its block near the bottom (the last before the footer) named uniquely. */
function withBottomBlock(source: string): string {
  const doc = parseDocument(source);
  const blocks = (doc.toJS() as { blocks: { type: string; heading?: string }[] }).blocks;
  const footer = blocks.findIndex((b) => b.type === 'footer');
  const at = blocks.slice(0, footer).findLastIndex((b) => typeof b.heading === 'string');
  doc.setIn(['blocks', at, 'heading'], BOTTOM_HEADING);
  return doc.toString({ lineWidth: 0 });
}

/** What an author types into, and how: in the code, in the block's form, or on the page. */
interface Target {
  how: 'código' | 'formulário' | 'página';
  /** Said in the table. */
  where: string;
  /** The text at whose end the keystrokes go (its line in the code, its field, its element). */
  text: string;
  /** The block it is in (its data-index in the preview). */
  block: (types: string[]) => number;
}

const hero = (types: string[]) => types.indexOf('hero');
const faq = (types: string[]) => types.indexOf('faq');
const bottom = (types: string[]) => types.indexOf('footer') - 1;
const ANSWER =
  'Você agenda pelo WhatsApp e, no dia combinado, a nossa equipe vai até você: recolhe o cilindro vazio e entrega um cilindro cheio na mesma visita. Você não precisa sair de casa nem esperar a recarga.';
const TARGETS: Target[] = [
  { how: 'código', where: 'título do hero (topo)', text: 'Sodastream Refil fácil e rápido.', block: hero },
  { how: 'código', where: 'título de um bloco perto do fim', text: BOTTOM_HEADING, block: bottom },
  { how: 'código', where: 'resposta do FAQ', text: ANSWER, block: faq },
  { how: 'formulário', where: 'título do hero', text: 'Sodastream Refil fácil e rápido.', block: hero },
  { how: 'página', where: 'título do hero', text: 'Sodastream Refil fácil e rápido.', block: hero },
  { how: 'página', where: 'título de um bloco perto do fim', text: BOTTOM_HEADING, block: bottom },
];

/** One keystroke, in epoch milliseconds (performance.timeOrigin + now, comparable across frames). */
interface Stroke {
  down: number;
  /** The preview request's start and end (the Estúdio's server rendering the page). */
  request?: number;
  response?: number;
  /** The render message arriving in the preview frame. */
  message?: number;
  /** The new text in the preview frame's DOM, and the frame painted after it. */
  dom: number;
  paint: number;
  /** On the page: the Estúdio's render of the typed text arriving in the frame (all in step). */
  synced?: number;
}

interface Measured {
  blocks: number;
  target: Target;
  open: number;
  strokes: Stroke[];
  /** BENCH_CPU=1: each keystroke's CPU, from the key to the paint (cpuOfStrokes). */
  cpu?: StrokeCpu[];
}

/**
 * The CPU a keystroke cost, from the key to the frame painted: the Estúdio's main thread, the
 * preview frames' main thread (Chromium's thread time of the tasks that ran in that span, from
 * a trace) and the bench's own Node process (the Estúdio's server renders there; Playwright's
 * client too, a few milliseconds). Wall time on a busy machine says little; this says what work
 * the first keystrokes do that later ones do not.
 */
interface StrokeCpu {
  app: number;
  frame: number;
  server: number;
}

/**
 * Per keystroke, the thread time of the renderers' main-thread tasks between the keystroke's
 * `bench-key` mark and its `bench-paint` mark (a task cut by either counts for its share). The
 * frames are the renderer that painted; the Estúdio, every other renderer's main thread.
 */
function cpuOfStrokes(trace: { traceEvents: TraceEvent[] }, server: number[]): StrokeCpu[] {
  const events = trace.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const marks = (name: string) =>
    events.filter((e) => e.name === name && e.cat?.includes('blink.user_timing')).sort((a, b) => a.ts - b.ts);
  const keys = marks('bench-key');
  const paints = marks('bench-paint');
  const framePid = paints[0]?.pid;
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur && mains.has(`${e.pid}:${e.tid}`),
  );
  return keys.flatMap((key, i) => {
    const paint = paints.find((p) => p.ts > key.ts && (i + 1 >= keys.length || p.ts < keys[i + 1]!.ts));
    if (!paint) return [];
    let app = 0;
    let frame = 0;
    for (const t of tasks) {
      const share = Math.min(paint.ts, t.ts + t.dur!) - Math.max(key.ts, t.ts);
      if (share <= 0) continue;
      const cpu = ((t.tdur ?? 0) * share) / t.dur! / 1000;
      if (t.pid === framePid) frame += cpu;
      else app += cpu;
    }
    return [{ app, frame, server: server[i] ?? 0 }];
  });
}

async function latencies(appDir: string | undefined): Promise<{ measured: Measured[]; lint: number[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'estudio-bench-'));
  await cp(path.join(ROOT, 'pages'), path.join(dir, 'pages'), { recursive: true });
  const base = await readFile(path.join(dir, 'pages/agendamento.yaml'), 'utf8');
  await writeFile(path.join(dir, 'pages/agendamento.yaml'), withBottomBlock(base));
  for (const count of LONG_PAGES)
    await writeFile(path.join(dir, `pages/longa-${count}.yaml`), withBottomBlock(longPage(base, count)));
  const server = await createStudioServer({
    root: ROOT,
    pagesDir: path.join(dir, 'pages'),
    port: 0,
    ...(appDir ? { appDir } : {}),
  });
  const browser = await launchChromium();
  try {
    const measured: Measured[] = [];
    // BENCH_PAGES=200: only the page of that many blocks (13 is /agendamento).
    const only = process.env.BENCH_PAGES?.split(',').map(Number);
    const files = [13, ...LONG_PAGES]
      .filter((n) => !only || only.includes(n))
      .map((n) => (n === 13 ? 'pages/agendamento.yaml' : `pages/longa-${n}.yaml`));
    for (const file of files) {
      const types = (
        parseDocument(await readFile(path.join(dir, file), 'utf8')).toJS() as { blocks: { type: string }[] }
      ).blocks.map((b) => b.type);
      // BENCH_HOW=código,formulário: only those kinds of edit; BENCH_WHERE=fim: only the targets
      // whose place (as the table says it) has that in it.
      const kinds = process.env.BENCH_HOW?.split(',');
      const where = process.env.BENCH_WHERE;
      const chosen = TARGETS.filter(
        (t) => (!kinds || kinds.includes(t.how)) && (!where || t.where.includes(where)),
      );
      for (let opening = 0; opening < OPENINGS; opening++)
        for (const target of chosen) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          try {
            measured.push({
              blocks: types.length,
              target,
              ...(await typeInto(page, server.url, file, types, target)),
            });
          } finally {
            await page.close();
          }
        }
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      return { measured, lint: await lintUnderline(page, server.url) };
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const previewFrame = (page: Page) => page.locator('iframe[title="Prévia da página: Celular"]');

/**
 * Each time an author shows the code for the first time in an opening: from the click on the
 * Código tab to the code's text painted (the view's chunk is loaded then, decision 0054).
 */
const codeShown: number[] = [];

/**
 * A script the Estúdio's page fetched, from the browser's resource timing: bytes on the wire
 * (`transferSize`: the compressed body and the response's headers, as the Estúdio serves them,
 * brotli or gzip), and decoded (`decodedBodySize`: what the browser parses). The preview frames'
 * own documents (the page's scripts) are not counted: these are the editor's.
 */
interface Script {
  name: string;
  wire: number;
  decoded: number;
}

/** Every script this document has fetched so far (module scripts, their preloads, later imports). */
const scriptsOf = (page: Page): Promise<Script[]> =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.m?js$/.test(new URL(e.name).pathname))
      .map((e) => ({ name: new URL(e.name).pathname, wire: e.transferSize, decoded: e.decodedBodySize })),
  );

/** The scripts each opening fetched until its preview showed (the first document's too). */
const openingScripts: Script[][] = [];
/** The scripts each first Código of an opening fetched, from the click to the code painted. */
const codeScripts: Script[][] = [];
/** The scripts typing in the code fetched after that (the YAML checker's worker, at the first pause). */
const typingScripts: Script[][] = [];

/** Clicks Código and waits until the code is painted; records how long that took. */
async function showCode(page: Page): Promise<void> {
  const before = new Set((await scriptsOf(page)).map((s) => s.name));
  const clicked = Date.now();
  await page.getByRole('tab', { name: 'Código' }).click();
  await page.locator('.cm-content .cm-line').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  codeShown.push(Date.now() - clicked);
  codeScripts.push((await scriptsOf(page)).filter((s) => !before.has(s.name)));
}

/** Opens a page in the editor; the time until its preview shows. */
async function open(page: Page, url: string, file: string): Promise<number> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // Páginas' own scripts: kept here in case the editor's address is a new document.
  const first = await scriptsOf(page);
  const opened = Date.now();
  await page.goto(`${new URL(url).origin}/#/editar/${encodeURIComponent(file)}`);
  await page.waitForFunction(
    () => Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > 0,
    undefined,
    { timeout: 60_000 },
  );
  const took = Date.now() - opened;
  // By name, the fetch that crossed the wire (a new document would find the rest in its cache).
  const fetched = new Map<string, Script>();
  for (const script of [...first, ...(await scriptsOf(page))]) {
    const known = fetched.get(script.name);
    if (!known || script.wire > known.wire) fetched.set(script.name, script);
  }
  openingScripts.push([...fetched.values()]);
  return took;
}

type BenchWindow = {
  bench: {
    downs: number[];
    watch?: { selector: string; text: string; present: boolean; done: boolean };
    hits: { dom: number; paint: number }[];
    messages: number[];
    markKeys?: boolean;
  };
};

/**
 * In the preview frame: when the watched text appears (or goes), and the paint after it. (A
 * string: tsx's names for inner functions do not exist in the page.)
 */
const WATCH_FRAME = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const bench = (window.bench = { downs: [], hits: [], messages: [] });
  // The events' own times: the agent's listeners come first (and in-place editing stops the keys).
  addEventListener('message', (e) => bench.messages.push(performance.timeOrigin + e.timeStamp), true);
  addEventListener('beforeinput', (e) => {
    bench.downs.push(performance.timeOrigin + e.timeStamp);
    if (bench.markKeys) performance.mark('bench-key');
  }, true);
  const check = () => {
    const watch = bench.watch;
    if (!watch || watch.done) return;
    const text = document.querySelector(watch.selector)?.textContent ?? '';
    if (text.includes(watch.text) !== watch.present) return;
    watch.done = true;
    const dom = now();
    // The frame after the one that draws the change: the change has been painted.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      bench.hits.push({ dom, paint: now() });
      performance.mark('bench-paint');
    }));
  };
  new MutationObserver(check).observe(document.documentElement, {
    subtree: true, childList: true, characterData: true,
  });
})()`;

async function typeInto(
  page: Page,
  url: string,
  file: string,
  types: string[],
  target: Target,
): Promise<{ open: number; strokes: Stroke[]; cpu?: StrokeCpu[] }> {
  const opened = await open(page, url, file);
  const frame = (await (await previewFrame(page).elementHandle())!.contentFrame())!;
  const index = target.block(types);
  const selector = `fillgas-block[data-index="${index}"]`;
  await frame.waitForSelector(`${selector} [data-estudio-text]`, { state: 'attached', timeout: 60_000 });
  await frame.evaluate(WATCH_FRAME);
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.bench = { downs: [], hits: [], messages: [] };
    document.addEventListener(
      'keydown',
      () => {
        w.bench.downs.push(performance.timeOrigin + performance.now());
        performance.mark('bench-key');
      },
      true,
    );
  });
  // On the page the keys go to the frame: its own keystroke marks.
  if (target.how === 'página')
    await frame.evaluate(() => ((window as unknown as BenchWindow).bench.markKeys = true));

  // Where the keystrokes go: the end of the text, in the code, the form or the page.
  if (target.how === 'código') {
    await showCode(page);
    // The line may be far down: the caret put at its end through the editor's own view.
    await page.evaluate((text) => {
      const content = document.querySelector('.cm-content') as HTMLElement & {
        cmTile?: {
          root?: {
            view?: {
              state: { doc: { toString(): string } };
              dispatch(spec: unknown): void;
              focus(): void;
            };
          };
        };
      };
      const view = content.cmTile?.root?.view;
      if (!view) throw new Error('bench:studio: o editor de código mudou (sem cmTile.root.view)');
      const at = view.state.doc.toString().indexOf(text);
      if (at < 0) throw new Error(`bench:studio: "${text}" não está no código`);
      view.dispatch({ selection: { anchor: at + text.length }, scrollIntoView: true });
      view.focus();
    }, target.text);
  } else if (target.how === 'formulário') {
    const block = frame.locator(`${selector} > :visible`).first();
    const box = (await block.boundingBox())!;
    await block.click({ position: { x: box.width - 6, y: Math.min(box.height - 6, 40) }, force: true });
    const field = page
      .getByRole('region', { name: 'Formulário do bloco' })
      .getByRole('textbox', { name: /Título principal da página/ });
    await field.click();
    await field.press('End');
  } else {
    const text = frame.locator(`${selector} [data-estudio-text]`).filter({ hasText: target.text }).first();
    await text.scrollIntoViewIfNeeded();
    await text.click();
    await frame.waitForSelector(`${selector} [contenteditable]`);
    // (End would go to the end of the line the text wraps on: the end of the text.)
    await page.keyboard.press('Control+End');
  }

  const inFrame = target.how === 'página';
  const strokes: Stroke[] = [];
  const server: number[] = [];
  const count = FIRST + KEYSTROKES;
  // BENCH_CPU=1: a trace of the renderers' tasks (no samples: little overhead) for each stroke's CPU.
  const tracing = Boolean(process.env.BENCH_CPU);
  if (tracing)
    await page
      .context()
      .browser()!
      .startTracing(page, {
        categories: process.env.BENCH_TRACE
          ? [
              'toplevel',
              'blink.user_timing',
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              // BENCH_SAMPLES=1: with the JavaScript's samples (slower: for reading, not timing).
              ...(process.env.BENCH_SAMPLES ? ['disabled-by-default-v8.cpu_profiler'] : []),
            ]
          : ['toplevel', 'blink.user_timing'],
      });
  for (let i = 0; i < count; i++) {
    const typing = i % 2 === 0;
    await frame.evaluate(
      (watch) => ((window as unknown as BenchWindow).bench.watch = { ...watch, done: false }),
      { selector, text: `${target.text}a`, present: typing },
    );
    const renders = inFrame
      ? await page.evaluate(() =>
          Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders),
        )
      : 0;
    const cpu = process.cpuUsage();
    await page.keyboard.press(typing ? 'KeyA' : 'Backspace');
    await frame
      .waitForFunction((n) => (window as unknown as BenchWindow).bench.hits.length > n, i, {
        timeout: 30_000,
      })
      .catch((error: unknown) => {
        throw new Error(`bench:studio: o texto não mudou na prévia (${target.how}: ${target.where})`, {
          cause: error,
        });
      });
    // On the page the text is typed where it is shown: what follows is the Estúdio catching up
    // (the YAML written, the page rendered again), timed to the render shown in the frame.
    if (inFrame)
      await page.waitForFunction(
        (n) =>
          Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > n,
        renders,
        { timeout: 30_000 },
      );
    const used = process.cpuUsage(cpu);
    server.push((used.user + used.system) / 1000);
    const [inApp, inside] = await Promise.all([
      page.evaluate(() => (window as unknown as BenchWindow).bench),
      frame.evaluate(() => (window as unknown as BenchWindow).bench),
    ]);
    const down = (inFrame ? inside.downs : inApp.downs).at(-1)!;
    const hit = inside.hits[i]!;
    const request = await page.evaluate((after) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => e.name.endsWith('/api/preview') && performance.timeOrigin + e.startTime >= after);
      return (
        entry && {
          start: performance.timeOrigin + entry.startTime,
          end: performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd,
        }
      );
    }, down);
    const message = inside.messages.find((t) => t >= (request?.end ?? down));
    strokes.push({
      down,
      dom: hit.dom,
      paint: hit.paint,
      ...(request ? { request: request.start, response: request.end } : {}),
      ...(message !== undefined ? { message } : {}),
      ...(inFrame ? { synced: inside.messages.filter((t) => t >= down).at(-1) } : {}),
    });
    // The resource timing buffer holds 250 entries: cleared as it goes.
    await page.evaluate(() => performance.clearResourceTimings());
  }
  if (!tracing) return { open: opened, strokes };
  const trace = await page.context().browser()!.stopTracing();
  // BENCH_TRACE=file.json: the trace kept (its tasks read apart; the last opening's).
  if (process.env.BENCH_TRACE) await writeFile(process.env.BENCH_TRACE, trace);
  return { open: opened, strokes, cpu: cpuOfStrokes(JSON.parse(trace.toString('utf8')), server) };
}

/** Keystroke → schema problem underlined: a misspelt key (robots → robotsx) made and undone. */
async function lintUnderline(page: Page, url: string): Promise<number[]> {
  await open(page, url, 'pages/agendamento.yaml');
  await showCode(page);
  await page.evaluate(() => {
    const w = window as unknown as { lint: { down: number; times: number[] } };
    w.lint = { down: 0, times: [] };
    document.addEventListener('keydown', () => (w.lint.down = performance.now()), true);
    new MutationObserver(() => {
      if (document.querySelector('.cm-lintRange-error')) w.lint.times.push(performance.now() - w.lint.down);
    }).observe(document.querySelector('.cm-content')!, { subtree: true, childList: true, attributes: true });
  });
  await page.getByText('robots: index, follow').first().click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('KeyX');
    await page.waitForSelector('.cm-lintRange-error', { timeout: 10_000 });
    times.push(
      await page.evaluate(() => (window as unknown as { lint: { times: number[] } }).lint.times[0]!),
    );
    await page.evaluate(() => ((window as unknown as { lint: { times: number[] } }).lint.times = []));
    await page.keyboard.press('Backspace');
    await page.waitForSelector('.cm-lintRange-error', { state: 'detached', timeout: 10_000 });
  }
  // This opening's scripts so far, less those of its opening and of its first Código.
  const seen = new Set([...(openingScripts.at(-1) ?? []), ...(codeScripts.at(-1) ?? [])].map((s) => s.name));
  typingScripts.push((await scriptsOf(page)).filter((s) => !seen.has(s.name)));
  return times;
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

// BENCH_APP_DIR: another build of the app (one built without minifying, to read a trace's names).
const builtApp = process.env.BENCH_APP_DIR ?? (await cachedAppDir(ROOT));
const size = await appSize(builtApp);
const { measured, lint } = await latencies(process.env.BENCH_DEV_APP ? undefined : builtApp);
const median = (values: number[]) => quantile(values, 0.5);
console.log(
  `Estúdio (${os.cpus().length} CPU, Node ${process.version}), 1280 × 800, a prévia do celular: /agendamento e a mesma página com mais blocos.`,
);
console.log(
  'Cada tecla (uma letra no fim do texto, depois apagada) é medida da tecla apertada até o texto novo estar no DOM da prévia e até a prévia pintada depois dele.',
);
console.log(
  `| página | onde | abrir até a prévia | tecla → texto na prévia: mediana | p95 | → pintado: mediana | p95 | ${FIRST} primeiras teclas: a 1ª | a pior | teclas |`,
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const m of measured) {
  const first = m.strokes.slice(0, FIRST);
  const rest = m.strokes.slice(FIRST);
  const dom = rest.map((s) => s.dom - s.down);
  const paint = rest.map((s) => s.paint - s.down);
  console.log(
    `| ${m.blocks} blocos | ${m.target.how}: ${m.target.where} | ${ms(m.open)} | ${ms(median(dom))} | ${ms(quantile(dom, 0.95))} | ${ms(median(paint))} | ${ms(quantile(paint, 0.95))} | ${ms(first[0]!.paint - first[0]!.down)} | ${ms(Math.max(...first.map((s) => s.paint - s.down)))} | ${rest.length} |`,
  );
}
// On the page the text is typed where it is shown; then the Estúdio catches up.
console.log('');
console.log(
  'Na página (edição no lugar): o texto aparece onde se digita; depois o Estúdio escreve o YAML e a prévia recebe a página renderizada de novo.',
);
console.log('| página | onde | tecla → Estúdio em dia: mediana | p95 |');
console.log('| --- | --- | --- | --- |');
for (const m of measured) {
  if (m.target.how !== 'página') continue;
  const synced = m.strokes.slice(FIRST).flatMap((s) => (s.synced ? [s.synced - s.down] : []));
  if (synced.length > 0)
    console.log(
      `| ${m.blocks} blocos | ${m.target.where} | ${ms(median(synced))} | ${ms(quantile(synced, 0.95))} |`,
    );
}
// Where the time goes, for the edits that go through a render (medians per stage).
console.log('');
console.log(
  'Onde vai o tempo (medianas, depois das primeiras teclas): tecla → pedido de prévia (o Estúdio) | o servidor renderiza e responde | resposta → mensagem na prévia | mensagem → texto no DOM (troca do bloco) | DOM → pintado (layout e pintura)',
);
console.log('| página | onde | até o pedido | servidor | até a prévia | troca | pintura |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const m of measured) {
  if (m.target.how === 'página') continue;
  const rest = m.strokes.slice(FIRST).filter((s) => s.request && s.response && s.message);
  if (rest.length === 0) continue;
  const stage = (f: (s: Stroke) => number) => ms(median(rest.map(f)));
  console.log(
    `| ${m.blocks} blocos | ${m.target.how}: ${m.target.where} | ${stage((s) => s.request! - s.down)} | ${stage((s) => s.response! - s.request!)} | ${stage((s) => s.message! - s.response!)} | ${stage((s) => s.dom - s.message!)} | ${stage((s) => s.paint - s.dom)} |`,
  );
}
// The same stages for the first keystroke after opening (medians over the openings): what it
// waits for that later keystrokes do not, without a trace.
{
  const firsts = new Map<string, Stroke[]>();
  for (const m of measured) {
    const s = m.strokes[0];
    if (m.target.how === 'página' || !s?.request || !s.response || !s.message) continue;
    const key = `| ${m.blocks} blocos | ${m.target.how}: ${m.target.where} |`;
    firsts.set(key, [...(firsts.get(key) ?? []), s]);
  }
  if (firsts.size > 0) {
    console.log('');
    console.log('A 1ª tecla depois de abrir, as mesmas etapas (medianas das aberturas):');
    console.log('| página | onde | aberturas | até o pedido | servidor | até a prévia | troca | pintura |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [key, list] of firsts) {
      const stage = (f: (s: Stroke) => number) => ms(median(list.map(f)));
      console.log(
        `${key} ${list.length} | ${stage((s) => s.request! - s.down)} | ${stage((s) => s.response! - s.request!)} | ${stage((s) => s.message! - s.response!)} | ${stage((s) => s.dom - s.message!)} | ${stage((s) => s.paint - s.dom)} |`,
      );
    }
  }
}
if (measured.some((m) => m.cpu)) {
  console.log('');
  console.log(
    `CPU de cada tecla, da tecla à prévia pintada (BENCH_CPU=1): o Estúdio (thread principal) / as prévias (thread principal) / o processo do servidor (Node). A 1ª tecla, a pior das ${FIRST} primeiras (pela soma), e a mediana das seguintes.`,
  );
  console.log('| página | onde | 1ª tecla | pior das primeiras | mediana das seguintes |');
  console.log('| --- | --- | --- | --- | --- |');
  const fmt = (c: StrokeCpu) => `${c.app.toFixed(0)} / ${c.frame.toFixed(0)} / ${c.server.toFixed(0)} ms`;
  const sum = (c: StrokeCpu) => c.app + c.frame + c.server;
  for (const m of measured) {
    if (!m.cpu || m.cpu.length <= FIRST) continue;
    const first = m.cpu.slice(0, FIRST);
    const rest = m.cpu.slice(FIRST);
    const worst = first.reduce((a, b) => (sum(b) > sum(a) ? b : a));
    const mid = {
      app: median(rest.map((c) => c.app)),
      frame: median(rest.map((c) => c.frame)),
      server: median(rest.map((c) => c.server)),
    };
    console.log(
      `| ${m.blocks} blocos | ${m.target.how}: ${m.target.where} | ${fmt(first[0]!)} | ${fmt(worst)} | ${fmt(mid)} |`,
    );
  }
}
if (OPENINGS > 1) {
  console.log('');
  console.log(
    `A 1ª tecla depois de abrir, em cada uma das ${OPENINGS} aberturas: tecla → texto na prévia (→ pintado); com BENCH_CPU=1, a CPU do Estúdio / das prévias / do servidor.`,
  );
  console.log('| página | onde | ≤ 500 ms (texto) | ≤ 500 ms (pintado) | cada abertura |');
  console.log('| --- | --- | --- | --- | --- |');
  const rows = new Map<string, Measured[]>();
  for (const m of measured) {
    const key = `| ${m.blocks} blocos | ${m.target.how}: ${m.target.where} |`;
    rows.set(key, [...(rows.get(key) ?? []), m]);
  }
  for (const [key, list] of rows) {
    const firsts = list.map((m) => m.strokes[0]!);
    const within = (f: (s: Stroke) => number) =>
      `${firsts.filter((s) => f(s) <= 500).length} de ${firsts.length}`;
    const each = list
      .map((m) => {
        const s = m.strokes[0]!;
        const cpu = m.cpu?.[0];
        return `${ms(s.dom - s.down)} (${ms(s.paint - s.down)})${cpu ? ` ${cpu.app.toFixed(0)}/${cpu.frame.toFixed(0)}/${cpu.server.toFixed(0)}` : ''}`;
      })
      .join('; ');
    console.log(`${key} ${within((s) => s.dom - s.down)} | ${within((s) => s.paint - s.down)} | ${each} |`);
  }
}
if (process.env.BENCH_RAW)
  for (const m of measured)
    console.log(
      `${m.blocks} ${m.target.how} ${m.target.where}:`,
      // key → painted (key → request, response, message in the frame, text in the DOM)
      m.strokes
        .map((s) => {
          const at = (t?: number) => (t === undefined ? '-' : Math.round(t - s.down));
          return `${at(s.paint)} (${[s.request, s.response, s.message, s.dom].map(at).join('/')})`;
        })
        .join(' '),
    );
console.log('');
console.log(
  `| Código clicado → código pintado (a 1ª vez em cada abertura: ${codeShown.length}) | ${ms(median(codeShown))} | p95 ${ms(quantile(codeShown, 0.95))} | pior ${ms(Math.max(...codeShown))} |`,
);
console.log(
  `| tecla → problema do schema sublinhado no código | ${ms(median(lint))} | p95 ${ms(quantile(lint, 0.95))} |`,
);
{
  // What an author's browser fetched: an opening (Páginas, then the editor until its preview
  // shows) and the first Código after it. Every opening of a run fetches the same files; the
  // table says so when one did not.
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const row = (label: string, lists: Script[][]) => {
    if (lists.length === 0) return;
    const sum = (list: Script[], f: (s: Script) => number) => list.reduce((a, s) => a + f(s), 0);
    const wire = lists.map((l) => sum(l, (s) => s.wire));
    const decoded = lists.map((l) => sum(l, (s) => s.decoded));
    const files = lists.map((l) => l.length);
    const same = Math.min(...decoded) === Math.max(...decoded) && Math.min(...files) === Math.max(...files);
    console.log(
      `| ${label} | ${lists.length} | ${same ? files[0] : `${Math.min(...files)}–${Math.max(...files)}`} | ${kb(median(wire))} | ${same ? kb(decoded[0]!) : `${kb(Math.min(...decoded))}–${kb(Math.max(...decoded))}`} |`,
    );
  };
  console.log('');
  console.log(
    'Scripts que o navegador buscou (resource timing da página do Estúdio; as prévias não contam): na rede = corpo comprimido (brotli ou gzip, como o Estúdio serve) + cabeçalhos, mediana das aberturas; decodificados = o que o navegador lê e compila.',
  );
  console.log('| quando | aberturas | arquivos | na rede | decodificados |');
  console.log('| --- | --- | --- | --- | --- |');
  row('abrir o Estúdio e uma página no editor (até a prévia)', openingScripts);
  row('depois, a 1ª vez em Código (do clique ao código pintado)', codeScripts);
  row(
    'depois, digitando no código (o verificador do YAML, que vem na 1ª pausa; medido na abertura do sublinhado)',
    typingScripts,
  );
  if (process.env.BENCH_RAW)
    for (const [label, lists] of [
      ['abrir', openingScripts],
      ['Código', codeScripts],
      ['digitando', typingScripts],
    ] as const)
      console.log(
        `${label}:`,
        (lists[0] ?? []).map((s) => `${s.name} ${kb(s.wire)}/${kb(s.decoded)}`).join(', '),
      );
}
console.log(
  `O build inteiro do Estúdio (todos os pedaços, o que o servidor guarda; uma abertura busca só parte): ${size.files} arquivos de JavaScript, ${(size.gzip / 1024).toFixed(0)} KB gzip -9 (${(size.raw / 1024).toFixed(0)} KB sem compressão)`,
);

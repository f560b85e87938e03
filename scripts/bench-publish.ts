/**
 * `npm run bench:publish`: what an author waits for on Publicar (issue 40, decision 0041), from
 * the click to the answer on screen, split by step, as an author does it in the browser: the
 * Estúdio as `npm run studio` runs it (its own process, the app's production build) on a clone
 * of a local bare repository seeded with pages/ and public/ (the remote, what a host would
 * watch); Chromium opens a page in the editor, types a letter at the end of the hero's title on
 * the page itself (the next run replaces it by another: each run publishes a site never built
 * nor photographed before), presses Publicar, waits for the review
 * ("Páginas que esta publicação muda": the whole site built with the change, then the pictures
 * before and after at 375 and 1280 px) and presses Publicar in the dialog, until "Publicado:"
 * shows. The first run is printed apart: it also builds the published site and starts the
 * pictures' Chromium and the build process; the next runs find the published site's build and
 * its pictures kept from the run before.
 *
 * Each step is timed in the author's page (the click's own time stamp, the step's answer in the
 * DOM and the frame painted after it) and its request from the page's resource timing; what the
 * Estúdio spent inside a request is what it already says in its answers (the review's and the
 * pictures' `ms`, shown as the elements' data-ms). The Estúdio's CPU per step is its whole process
 * tree's (builds, git, the pictures' Chromium), read from /proc when each step ends. Nothing is
 * asserted: it is a measurement.
 *
 * BENCH_RUNS=n runs after the first (default 5); BENCH_PAGE=pages/x.yaml the page edited (default
 * /recarga; a base page with variants reviews and photographs them too); BENCH_PORT the Estúdio's
 * port (default 4370); BENCH_GIT=1 puts a wrapper before git on the Estúdio's PATH and prints, per
 * step, the git processes it ran and how long each took (the wrapper costs a shell per process).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { Page } from 'playwright-core';
import { makeGitSite } from '../tests/studio/git-site.ts';
import { launchChromium } from './chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** At most 25 after the first: each run's title ends in its own letter, a tree never built before. */
const RUNS = Math.min(25, Math.max(1, Number(process.env.BENCH_RUNS ?? 5)));
const FILE = process.env.BENCH_PAGE ?? 'pages/recarga.yaml';
const PORT = Number(process.env.BENCH_PORT ?? 4370);
const GIT_LOG = Boolean(process.env.BENCH_GIT);
/** How long a step may take before the bench gives up (a busy machine: minutes). */
const TIMEOUT = Number(process.env.BENCH_TIMEOUT ?? 300_000);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const median = (values: number[]) => quantile(values, 0.5);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** CPU seconds of a process tree: the live processes' own and that of every child they reaped. */
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
function treeCpu(root: number): number {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // state ppid … utime(11) stime(12) cutime(13) cstime(14), after the name.
      procs.set(Number(name), { ppid: Number(f[1]), ticks: +f[11]! + +f[12]! + +f[13]! + +f[14]! });
    } catch {
      // Gone meanwhile: its time is in its parent's now.
    }
  }
  let ticks = 0;
  const walk = (pid: number) => {
    ticks += procs.get(pid)?.ticks ?? 0;
    for (const [child, p] of procs) if (p.ppid === pid) walk(child);
  };
  walk(root);
  return ticks / TICK;
}

/** The Estúdio as `npm run studio` starts it, its address read from what it prints. */
/** `work` the clone the Estúdio edits, in `tmp` (removed when the bench ends). */
async function startStudio(
  { work, tmp }: { work: string; tmp: string },
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'studio/server/main.ts',
      '--port',
      String(PORT),
      '--pages',
      path.join(work, 'pages'),
      '--public',
      path.join(work, 'public'),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  // Its own process group (its builds and Chromium with it): ended with the bench, whenever the
  // bench ends (Ctrl+C included, and while the Estúdio is still starting; `aborting` below).
  process.once('exit', () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already stopped.
    }
    rmSync(tmp, { recursive: true, force: true });
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`O Estúdio não respondeu em 180 s:\n${output}`)),
      180_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => /^http:\/\/127\.0\.0\.1:\d+\/\?token=/.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`O Estúdio saiu (${code}):\n${output}`));
    });
  });
  return { child, url };
}

/** Stops the Estúdio's process group; killed if it has not closed in 20 s (a connection kept open). */
async function stopStudio(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Ctrl+C: the author's browser closed first (the Estúdio's close waits for its connections),
 * then the Estúdio stopped, then the bench ends (its exit removes the folders).
 */
let aborting: () => Promise<void> = async () => {};
let aborted = false;
// `on`, not `once`: the signal often comes twice (the terminal's group, and tsx passing it on),
// and a second with no listener would end the bench at once, the Estúdio left running.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (aborted) return;
    aborted = true;
    void aborting().finally(() => process.exit(130));
  });

/**
 * In the Estúdio's page: the buttons' clicks (their own time stamps) and the first moment each
 * step's answer is in the DOM, then the frame painted after it (two animation frames). A string:
 * tsx's names for inner functions do not exist in the page.
 */
const RECORDER = `(() => {
  const rec = (window.benchPublish = { clicks: [], marks: {}, painted: {} });
  const mark = (name) => {
    if (rec.marks[name] !== undefined) return;
    rec.marks[name] = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => (rec.painted[name] = performance.now())));
  };
  document.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button) rec.clicks.push({
      text: button.textContent.trim(),
      dialog: Boolean(button.closest('dialog, [role="dialog"]')),
      at: e.timeStamp,
    });
  }, true);
  const check = () => {
    const dialog = document.querySelector('dialog[open], [role="dialog"]');
    if (!dialog) return;
    if (dialog.querySelector('input[type="checkbox"]')) mark('list');
    const review = dialog.querySelector('[data-review]');
    if (review && review.hasAttribute('data-ms')) {
      mark('review');
      rec.reviewMs = Number(review.dataset.ms);
      rec.routes = [...review.querySelectorAll('details[data-route]')].map((d) => d.dataset.route);
      rec.refused = review.textContent.includes('Publicar vai recusá-la');
    }
    for (const pictures of dialog.querySelectorAll('[data-pictures]')) {
      const route = pictures.dataset.pictures;
      mark('pictures ' + route);
      (rec.picturesMs ??= {})[route] = Number(pictures.dataset.ms);
      const images = [...pictures.querySelectorAll('img')];
      if (images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0)) mark('images ' + route);
    }
    for (const status of dialog.querySelectorAll('[role="status"]'))
      if (status.textContent.includes('Publicado:')) mark('published');
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  // An image's load is no mutation: caught as it happens (load does not bubble; capture does).
  document.addEventListener('load', check, true);
})()`;

interface Recorded {
  clicks: { text: string; dialog: boolean; at: number }[];
  marks: Record<string, number>;
  painted: Record<string, number>;
  reviewMs?: number;
  routes?: string[];
  refused?: boolean;
  picturesMs?: Record<string, number>;
}

/** A request of the Estúdio's API the page made, from its resource timing. */
interface Request {
  path: string;
  start: number;
  end: number;
}

/** One git process the Estúdio ran (BENCH_GIT=1): its subcommand, start and end (epoch ms). */
interface GitRun {
  what: string;
  start: number;
  end: number;
}

/** One publish, every time in the page's clock (ms since its time origin) but the CPU. */
interface Run {
  clickPublicar: number;
  list: number;
  review: number;
  reviewPainted: number;
  reviewMs: number;
  routes: string[];
  /** Per route photographed at once: pictures' answer painted, its images loaded, the server's ms. */
  pictures: { route: string; shown: number; images: number; ms: number }[];
  clickDialog: number;
  published: number;
  publishedPainted: number;
  requests: Request[];
  /** The Estúdio's tree's CPU seconds: to the review shown, to the pictures loaded, the publish. */
  cpu: { review: number; pictures: number; publish: number };
  git: { review: GitRun[]; pictures: GitRun[]; publish: GitRun[] };
}

const site = await makeGitSite();
const gitLog = path.join(site.tmp, 'git.log');
const env: NodeJS.ProcessEnv = { ...process.env };
if (GIT_LOG) {
  // A git before the real one on PATH: logs each process's subcommand, start and end.
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = path.join(site.tmp, 'bin');
  await mkdir(bin);
  await writeFile(
    path.join(bin, 'git'),
    [
      '#!/bin/sh',
      'start=$(date +%s%3N)',
      `${real} "$@"`,
      'code=$?',
      // The subcommand: the first word that is not an option (nor the value of -C, -c, --git-dir).
      'sub=; skip=',
      'for a in "$@"; do',
      '  if [ -n "$skip" ]; then skip=; continue; fi',
      '  case "$a" in -C|-c|--git-dir|--work-tree) skip=1 ;; -*) ;; *) sub=$a; break ;; esac',
      'done',
      `echo "$start $(date +%s%3N) $sub" >> '${gitLog}'`,
      'exit $code',
      '',
    ].join('\n'),
  );
  await chmod(path.join(bin, 'git'), 0o755);
  env.PATH = `${bin}:${env.PATH}`;
}
const file = path.join(site.work, FILE);
const types = (
  parseDocument(await readFile(file, 'utf8')).toJS() as { blocks: { type: string; title?: string }[] }
).blocks;
const heroIndex = types.findIndex((b) => b.type === 'hero');
const heroTitle = types[heroIndex]?.title;
if (heroIndex < 0 || !heroTitle) throw new Error(`bench:publish: ${FILE} não tem um hero com título`);

const started = await startStudio(site, env);
const studioPid = started.child.pid!;
const browser = await launchChromium();
aborting = async () => {
  await browser.close().catch(() => undefined);
  await stopStudio(started.child);
};
const runs: Run[] = [];
const load: string[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(started.url);
  await page.waitForLoadState('networkidle');
  await page.goto(`${new URL(started.url).origin}/#/editar/${encodeURIComponent(FILE)}`);
  for (let run = 0; run <= RUNS; run++) {
    load.push(readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '));
    runs.push(await publishOnce(page, run));
    process.stderr.write(
      `bench:publish: ${run === 0 ? 'a 1ª publicação' : `publicação ${run} de ${RUNS}`} feita\n`,
    );
  }
} finally {
  await browser.close();
  await stopStudio(started.child);
  await rm(site.tmp, { recursive: true, force: true });
}

/** The git processes logged between two epoch times (BENCH_GIT=1). */
async function gitBetween(from: number, to: number): Promise<GitRun[]> {
  if (!GIT_LOG) return [];
  const text = await readFile(gitLog, 'utf8').catch(() => '');
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, end, what] = line.split(' ');
      return { start: Number(start), end: Number(end), what: what ?? '' };
    })
    .filter((g) => g.start >= from && g.start < to);
}

/**
 * One publish: the title's last letter replaced by this run's own (a, b, c…: every run a site
 * never built nor photographed before, as an author's new change is), then Publicar.
 */
async function publishOnce(page: Page, run: number): Promise<Run> {
  // The editor open on the page, its preview shown.
  await page.waitForFunction(
    () => Number(document.querySelector<HTMLElement>('[data-preview-renders]')?.dataset.previewRenders) > 0,
    undefined,
    { timeout: 120_000 },
  );
  const frame = page.frameLocator('iframe[title="Prévia da página: Celular"]');
  const text = frame
    .locator(`fillgas-block[data-index="${heroIndex}"] [data-estudio-text]`)
    .filter({ hasText: heroTitle! })
    .first();
  await text.scrollIntoViewIfNeeded();
  await text.click();
  await frame.locator(`fillgas-block[data-index="${heroIndex}"] [contenteditable]`).first().waitFor();
  await page.keyboard.press('Control+End');
  if (run > 0) await page.keyboard.press('Backspace');
  await page.keyboard.press(`Key${String.fromCharCode(65 + run)}`);
  // The editor has the change (Salvar enabled): Publicar saves it first, as for an author.
  await page.getByRole('button', { name: 'Salvar', exact: true }).and(page.locator(':enabled')).waitFor();

  await page.evaluate(() => performance.clearResourceTimings());
  await page.evaluate(RECORDER);
  const read = () => page.evaluate(() => (window as unknown as { benchPublish: Recorded }).benchPublish);
  const cpu0 = treeCpu(studioPid);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publicar no site' });
  await page
    .waitForFunction(
      () => (window as unknown as { benchPublish: Recorded }).benchPublish.painted.review !== undefined,
      undefined,
      { timeout: TIMEOUT },
    )
    .catch(async (error: unknown) => {
      const shown = await page
        .locator('dialog[open], [role="dialog"]')
        .innerText({ timeout: 1000 })
        .catch(() => '(sem diálogo)');
      if (process.env.BENCH_SHOT) await page.screenshot({ path: process.env.BENCH_SHOT });
      throw new Error(`bench:publish: a revisão não apareceu. Na tela:\n${shown}`, { cause: error });
    });
  const cpu1 = treeCpu(studioPid);
  const t1 = Date.now();
  const reviewed = await read();
  if (reviewed.refused)
    throw new Error('bench:publish: a revisão recusou a mudança (o site não passa na verificação)');
  // The routes whose pictures open at once (changed-pages.tsx: the first two).
  const shown = (reviewed.routes ?? []).slice(0, 2);
  await page.waitForFunction(
    (routes) => {
      const rec = (window as unknown as { benchPublish: Recorded }).benchPublish;
      return routes.every((r) => rec.marks[`images ${r}`] !== undefined);
    },
    shown,
    { timeout: TIMEOUT },
  );
  const cpu2 = treeCpu(studioPid);
  const t2 = Date.now();
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  await page.waitForFunction(
    () => (window as unknown as { benchPublish: Recorded }).benchPublish.painted.published !== undefined,
    undefined,
    { timeout: TIMEOUT },
  );
  const cpu3 = treeCpu(studioPid);
  const t3 = Date.now();
  const rec = await read();
  const requests = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
  );
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await dialog.waitFor({ state: 'detached' });

  const clickOf = (dialogButton: boolean) =>
    rec.clicks.find((c) => c.text === 'Publicar' && c.dialog === dialogButton)!.at;
  return {
    clickPublicar: clickOf(false),
    list: rec.painted.list!,
    review: rec.marks.review!,
    reviewPainted: rec.painted.review!,
    reviewMs: rec.reviewMs ?? NaN,
    routes: rec.routes ?? [],
    pictures: shown.map((route) => ({
      route,
      shown: rec.painted[`pictures ${route}`]!,
      images: rec.painted[`images ${route}`] ?? rec.marks[`images ${route}`]!,
      ms: rec.picturesMs?.[route] ?? NaN,
    })),
    clickDialog: clickOf(true),
    published: rec.marks.published!,
    publishedPainted: rec.painted.published!,
    requests,
    cpu: { review: cpu1 - cpu0, pictures: cpu2 - cpu1, publish: cpu3 - cpu2 },
    git: {
      review: await gitBetween(t0, t1),
      pictures: await gitBetween(t1, t2),
      publish: await gitBetween(t2, t3),
    },
  };
}

/** A request's time, the first to that path that began after `after`. */
const took = (run: Run, pathname: string, after = -Infinity) => {
  const r = run.requests.find((q) => q.path === pathname && q.start >= after);
  return r ? r.end - r.start : NaN;
};

/** What each figure measures, and how to read it off a run. */
const FIGURES: { label: string; what: string; of: (r: Run) => number; seconds?: boolean }[] = [
  {
    label: 'Publicar → a lista',
    what: 'do clique em Publicar (no editor) à lista do que mudou pintada no diálogo: a página salva (PUT) e GET /api/changes',
    of: (r) => r.list - r.clickPublicar,
  },
  {
    label: 'Publicar → páginas que mudam',
    what: 'do mesmo clique à revisão pintada ("Páginas que esta publicação muda"): a lista e POST /api/review (a 1ª pergunta do diálogo sai sem pausa desde a sessão 37)',
    of: (r) => r.reviewPainted - r.clickPublicar,
  },
  {
    label: '  POST /api/review',
    what: 'o pedido da revisão, no navegador: a árvore com a mudança, o site inteiro montado com ela (a verificação de Publicar) e, se não estiver guardado, o site publicado; as rotas que mudam',
    of: (r) => took(r, '/api/review', r.clickPublicar),
  },
  {
    label: '  montagens (Estúdio)',
    what: 'o que o Estúdio diz que as montagens levaram nessa resposta (o ms da resposta, data-ms)',
    of: (r) => r.reviewMs,
  },
  {
    label: 'páginas que mudam → fotos',
    what: 'da revisão pintada às fotos da 1ª rota pintadas (antes e depois, 375 e 1280 px, as regiões marcadas): GET /api/review/pictures',
    of: (r) => r.pictures[0]!.shown - r.reviewPainted,
  },
  {
    label: '  GET /api/review/pictures',
    what: 'o pedido das fotos da 1ª rota, no navegador',
    of: (r) => took(r, '/api/review/pictures', r.review),
  },
  {
    label: '  fotos (Estúdio)',
    what: 'o que o Estúdio diz que as fotos da 1ª rota levaram (Chromium, 4 fotos da página inteira, comparação; data-ms)',
    of: (r) => r.pictures[0]!.ms,
  },
  {
    label: 'fotos → imagens carregadas',
    what: 'das fotos pintadas às imagens de todas as rotas abertas carregadas (os PNG, GET /api/review/picture)',
    of: (r) => Math.max(...r.pictures.map((p) => p.images)) - r.pictures[0]!.shown,
  },
  {
    label: 'Publicar → revisão completa',
    what: 'do clique em Publicar (no editor) às imagens carregadas: o que o autor espera para ver o antes e depois',
    of: (r) => Math.max(...r.pictures.map((p) => p.images)) - r.clickPublicar,
  },
  {
    label: 'Publicar (diálogo) → Publicado',
    what: 'do clique em Publicar no diálogo a "Publicado:" pintado: POST /api/publish (a verificação é a montagem da revisão, reaproveitada), o commit e o envio ao remoto',
    of: (r) => r.publishedPainted - r.clickDialog,
  },
  {
    label: '  POST /api/publish',
    what: 'o pedido, no navegador: a árvore, a verificação reaproveitada, commit, a branch movida, push ao remoto (repositório bare local)',
    of: (r) => took(r, '/api/publish', r.clickDialog),
  },
  {
    label: 'espera total',
    what: 'Publicar → revisão completa + Publicar (diálogo) → Publicado: o tempo do autor esperando, sem o tempo olhando as fotos',
    of: (r) =>
      Math.max(...r.pictures.map((p) => p.images)) - r.clickPublicar + r.publishedPainted - r.clickDialog,
  },
  {
    label: 'CPU do Estúdio: revisão',
    what: 'CPU de toda a árvore de processos do Estúdio (/proc: os vivos e os filhos que terminaram), do clique à revisão pintada',
    of: (r) => r.cpu.review * 1000,
  },
  {
    label: 'CPU do Estúdio: fotos',
    what: 'idem, da revisão às imagens carregadas (o Chromium das fotos é filho do Estúdio)',
    of: (r) => r.cpu.pictures * 1000,
  },
  {
    label: 'CPU do Estúdio: publicar',
    what: 'idem, do clique em Publicar no diálogo a "Publicado:"',
    of: (r) => r.cpu.publish * 1000,
  },
];

const first = runs[0]!;
const rest = runs.slice(1);
const changed = first.routes.join(', ');
console.log(
  `Publicar no Estúdio (${os.cpus().length} CPU, Node ${process.version}), 1280 × 800: ${FILE} (${changed}), uma letra no fim do título do hero, na página (outra a cada publicação); ${rest.length} publicações depois da 1ª. Carga (loadavg 1/5/15 min) no início de cada uma: ${load.join(' · ')}.`,
);
console.log(
  'Tempos no relógio da página do autor (o clique, a resposta no DOM e a pintura depois dela); os pedidos pelo resource timing; "(Estúdio)" é o que o próprio Estúdio diz na resposta.',
);
console.log('| etapa | 1ª publicação | mediana das seguintes | pior das seguintes | o que mede |');
console.log('| --- | --- | --- | --- | --- |');
for (const f of FIGURES) {
  const values = rest.map(f.of).filter((v) => Number.isFinite(v));
  const one = f.of(first);
  console.log(
    `| ${f.label} | ${Number.isFinite(one) ? s(one) : '-'} | ${values.length ? s(median(values)) : '-'} | ${values.length ? s(Math.max(...values)) : '-'} | ${f.what} |`,
  );
}
console.log('');
console.log(
  'Cada publicação (s): lista / páginas que mudam / fotos / imagens / Publicado, cada uma desde o seu clique; CPU do Estúdio.',
);
for (const [i, r] of runs.entries()) {
  const images = Math.max(...r.pictures.map((p) => p.images));
  console.log(
    `${i === 0 ? '1ª' : `${i}`}: ${[r.list, r.reviewPainted, r.pictures[0]!.shown, images].map((t) => s(t - r.clickPublicar)).join(' / ')} / ${s(r.publishedPainted - r.clickDialog)}; CPU ${r.cpu.review.toFixed(2)} + ${r.cpu.pictures.toFixed(2)} + ${r.cpu.publish.toFixed(2)} s`,
  );
}
if (GIT_LOG) {
  console.log('');
  console.log('Processos git do Estúdio por etapa (BENCH_GIT=1; subcomando e duração, ms):');
  for (const [i, r] of runs.entries())
    for (const step of ['review', 'pictures', 'publish'] as const)
      console.log(
        `${i === 0 ? '1ª' : i} ${step}: ${r.git[step].length} — ${r.git[step].map((g) => `${g.what} ${g.end - g.start}`).join(', ')}`,
      );
}

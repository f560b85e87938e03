/**
 * Each screen's code comes when the screen is opened (decision 0052): Páginas, where the Estúdio
 * opens (often on a marketer's phone), downloads a fraction of the app — not the editor, CodeMirror,
 * the experiments' charts or Publicar's merge view — and the editor and Experimentos then bring
 * their own code in the same tab, under the app's strict policy (no script refused), every file
 * with a script's type and kept by the browser for good (hashed names).
 */
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { startStudio, type RunningStudio } from './studio-server.ts';

let studio: RunningStudio;
test.beforeAll(async () => {
  // (The Estúdio starts slowly on a busy machine.)
  test.setTimeout(120_000);
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

/** CodeMirror's view (its own chunk, with the language, search and completion): its theme's class names. */
const isCodeView = (body: string) => body.includes('cm-content');

/** Páginas' scripts, uncompressed. The whole app was 1,300 KB in one file before; now about 310 KB. */
const PAGINAS_SCRIPT_BUDGET = 450 * 1024;

/** The app's scripts this tab has received, with their sizes, and the policy's refusals. */
function watch(page: Page) {
  const scripts = new Map<string, Promise<number>>();
  const bodies = new Map<string, Promise<string>>();
  const responses: Response[] = [];
  const refused: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/app/') || !pathname.endsWith('.js')) return;
    responses.push(response);
    const body = response.body();
    scripts.set(
      pathname,
      body.then((b) => b.length),
    );
    bodies.set(
      pathname,
      body.then((b) => b.toString('utf8')),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  // The app's scripts on their way. (Not the page's network going idle: the editor's frames and its
  // presence keep requests coming, and a wait for 'networkidle' there once ran out the test's 2 minutes.)
  const onTheirWay = new Set<Request>();
  let lastMove = Date.now();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/app/') || !pathname.endsWith('.js')) return;
    onTheirWay.add(request);
    lastMove = Date.now();
  });
  const arrived = (request: Request) => {
    if (onTheirWay.delete(request)) lastMove = Date.now();
  };
  page.on('requestfinished', arrived);
  page.on('requestfailed', arrived);
  /** Until no script of the app is on its way, and none has started or ended for a second. */
  const settled = () =>
    expect
      .poll(() => onTheirWay.size === 0 && Date.now() - lastMove >= 1000, {
        timeout: 60_000,
        intervals: [250],
      })
      .toBe(true);
  const total = async () => (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
  /** Whether a script received so far holds CodeMirror's view. */
  const codeView = async () => (await Promise.all(bodies.values())).some(isCodeView);
  return { scripts, responses, refused, total, codeView, settled };
}

/** The editor of /agendamento opened in `page`, its preview shown and the app's scripts settled. */
async function openEditorSettled(page: Page) {
  const seen = watch(page);
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent('pages/agendamento.yaml')}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  await seen.settled();
}

test('Páginas downloads a fraction of the app; the editor and Experimentos bring theirs when opened', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seen = watch(page);
  await page.goto(studio.url);
  await expect(page.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible();
  await expect(page.getByText('Carregando as páginas…')).toBeHidden();
  await page.waitForLoadState('networkidle');
  const atPaginas = await seen.total();
  expect(atPaginas).toBeLessThan(PAGINAS_SCRIPT_BUDGET);
  const paginasFiles = new Set(seen.scripts.keys());

  // The editor, by a link followed inside the tab (no reload): its code comes now, and it works.
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent('pages/agendamento.yaml')}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  // The editor opens on the page: CodeMirror's view comes only with the code (most openings never
  // show it), and the page is edited meanwhile.
  await seen.settled();
  expect(await seen.codeView()).toBe(false);
  await page.getByRole('tab', { name: 'Código' }).click();
  await expect(page.getByRole('textbox', { name: 'Código YAML da página' })).toContainText('title:');
  expect(await seen.codeView()).toBe(true);
  const editorFiles = [...seen.scripts.keys()].filter((file) => !paginasFiles.has(file));
  expect(editorFiles.length).toBeGreaterThan(0);
  const atEditor = await seen.total();
  // CodeMirror and the block schemas: the bulk of the app, which Páginas did not download.
  expect(atEditor - atPaginas).toBeGreaterThan(atPaginas);

  // Experimentos: its own chunk again.
  const before = seen.scripts.size;
  await page.goto(`${studio.origin}/#/experimentos`);
  await expect(page.getByRole('heading', { name: 'Experimentos', level: 1 })).toBeVisible();
  expect(seen.scripts.size).toBeGreaterThan(before);

  expect(seen.refused).toEqual([]);
  for (const response of seen.responses) {
    expect(response.status(), response.url()).toBe(200);
    expect(response.headers()['content-type'], response.url()).toMatch(/^text\/javascript/);
    expect(response.headers()['cache-control'], response.url()).toBe('private, max-age=31536000, immutable');
  }
});

test('a screen whose code does not arrive says so, and Recarregar opens it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(studio.url);
  await expect(page.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // From here no script of the app arrives (a dropped connection; an Estúdio updated meanwhile).
  await page.route('**/app/*.js', (route) => route.abort());
  await page.goto(`${studio.origin}/#/agendamentos`);
  await expect(page.getByRole('alert')).toHaveText(
    'Esta tela não pôde ser aberta: a conexão com o Estúdio caiu, ou ele foi atualizado. Recarregue para abri-la de novo.',
  );
  // The rest of the Estúdio still works: Páginas one step back, then the same message again.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('alert')).toContainText('Esta tela não pôde ser aberta');
  await page.unroute('**/app/*.js');
  await page.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
});

test("the code's pane, while its view comes: a quiet placeholder of its size; if it does not come, a way to reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEditorSettled(page);
  // From here the app's scripts wait until the test lets them through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/app/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('tab', { name: 'Código' }).click();
  const panel = page.locator('#painel-codigo');
  const placeholder = panel.getByRole('status', { name: 'Abrindo o código da página…' });
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveAttribute('aria-busy', 'true');
  const waiting = { panel: await panel.boundingBox(), placeholder: await placeholder.boundingBox() };
  release();
  const code = page.getByRole('textbox', { name: 'Código YAML da página' });
  await expect(code).toContainText('title:');
  // The code took the placeholder's place, at its size: nothing around it moved.
  expect(await panel.boundingBox()).toEqual(waiting.panel);
  expect(await panel.locator('.cm-editor').boundingBox()).toEqual(waiting.placeholder);
  await page.unroute('**/app/*.js');

  // A new tab whose code view does not arrive (a dropped connection, an Estúdio updated meanwhile):
  // the pane says so, and Recarregar opens the code.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await context.newPage();
  await openEditorSettled(other);
  await other.route('**/app/*.js', (route) => route.abort());
  await other.getByRole('tab', { name: 'Código' }).click();
  await expect(other.locator('#painel-codigo')).toContainText('O código não pôde ser aberto');
  await other.unroute('**/app/*.js');
  await other.getByRole('button', { name: 'Recarregar' }).click();
  // (The code was the tab chosen last: the editor opens with it.)
  await expect(other.getByRole('textbox', { name: 'Código YAML da página' })).toContainText('title:', {
    timeout: 60_000,
  });
  await context.close();
});

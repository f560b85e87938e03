/**
 * Compartilhar prévia (issue 39, decision 0050) in a real browser, against the hosted Estúdio
 * started as a host starts it, over a clone with a bare remote: an Editor shares /recarga's saved
 * change from the editor's bar; a reader with no account opens the link at 1280 and 375 px (the
 * page as a visitor gets it, its page script working, the banner, no policy violation, nothing wider
 * than the phone) and leaves a comment; the author reads it in Prévias compartilhadas and revokes
 * the link, which stops at once; a comment with markup on the other link reaches the author as
 * text (after the pictures, which show only the plain comment). axe on every screen. The hosted
 * Estúdio is hosted-team.ts's. Pictures go to .tmp/shots-h8/ (and to docs/estudio/ with
 * ESTUDIO_DOC_SHOTS=1).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { git } from '../../studio/git-site.ts';
import { ANA, expectAxeClean as axe, hostedTeam, wholeHeight } from './hosted-team.ts';
import { ROOT } from './studio-server.ts';

const NEW_TITLE = 'Recarga de CO2 na sua porta, hoje.';
/** The title of /recarga in the scheduled change (the last test). */
const XMAS_TITLE = 'Recarga de Natal.';
/** What a reader writes: this one is in the docs' pictures. */
const COMMENT = 'O preço do cilindro está certo? Achei que era R$ 99.';
/** What a hostile reader writes: shown as text, never photographed. */
const HOSTILE = 'Pode trocar "hoje" por <b>amanhã</b>? <script>alert(1)</script>';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const team = hostedTeam({
  pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'],
  people: [ANA],
  // A saved change not yet on the site.
  async prepare(site) {
    const file = path.join(site.work, 'pages/recarga.yaml');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('title: Recarga de CO2 sem sair de casa.', `title: ${NEW_TITLE}`));
  },
});
/** The links made in the editor, by the width they were made at. */
const links: Record<number, string> = {};

async function picture(p: Page, name: string, width: number, whole = false, docs = true) {
  if (width === 375)
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (whole) {
    await p.setViewportSize({ width, height: Math.min(await wholeHeight(p), 3000) });
  }
  await p.waitForTimeout(400);
  const file = test.info().outputPath(`${name}-${width}.png`);
  await p.screenshot({ path: file });
  for (const dir of ['.tmp/shots-h8', ...(docs && process.env.ESTUDIO_DOC_SHOTS ? ['docs/estudio'] : [])]) {
    await mkdir(path.join(ROOT, dir), { recursive: true });
    await copyFile(file, path.join(ROOT, dir, `${name}-${width}.png`));
  }
}

/** The editor bar's rows of controls (the full-width lines under them, who else edits and a
 * schedule's banner, apart). */
async function barLines(p: Page): Promise<number> {
  return p.getByRole('banner').evaluate((bar) => {
    const rows: number[] = [];
    for (const child of bar.children) {
      const box = child.getBoundingClientRect();
      if (box.height < 2 || child.matches('.others, [data-scheduled-banner]')) continue;
      const middle = box.top + box.height / 2;
      if (!rows.some((row) => Math.abs(row - middle) < 16)) rows.push(middle);
    }
    return rows.length;
  });
}

async function signIn(p: Page) {
  await team.signIn(p, ANA);
  await p.waitForURL(`${team.base}/`);
}

/** A reader's browser: no cookie of the Estúdio, its policy violations and errors collected. */
async function reader(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 740 : 800 },
    locale: 'pt-BR',
    ...(width === 375 ? { isMobile: true, hasTouch: true } : {}),
  });
  const p = await context.newPage();
  const problems: string[] = [];
  p.on('pageerror', (error) => problems.push(error.message));
  await p.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await p.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return { p, problems, close: () => context.close() };
}

test('an Editor shares a saved change from the editor’s bar; the link is shown once', async ({ page: p }) => {
  test.setTimeout(180_000);
  await signIn(p);
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await p.goto(`${team.base}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
    const bar = p.getByRole('banner');
    // An Editor's Publicar is a request, and says so (decision 0049).
    await expect(bar.getByRole('button', { name: 'Pedir publicação' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Publicar', exact: true })).toHaveCount(0);
    if (width === 375) {
      // A phone: Histórico and Compartilhar prévia behind "Mais", the bar in two lines.
      const more = bar.getByRole('button', { name: 'Mais' });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(bar.getByRole('link', { name: 'Histórico' })).toBeFocused();
      await p.keyboard.press('Escape');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(more).toBeFocused();
      await p.keyboard.press('Enter');
    }
    await expect(bar.getByRole('button', { name: 'Compartilhar prévia' })).toBeVisible();
    expect(await barLines(p)).toBeLessThanOrEqual(width === 375 ? 2 : 1);
    await axe(p);
    await picture(p, 'editor-barra', width, false, false);
    await bar.getByRole('button', { name: 'Compartilhar prévia' }).click();
    const dialog = p.getByRole('dialog', { name: 'Compartilhar prévia de /recarga' });
    await expect(dialog.getByRole('radio', { name: '7 dias' })).toBeChecked();
    await dialog.getByRole('radio', { name: '30 dias' }).check();
    await dialog.getByRole('radio', { name: '7 dias' }).check();
    await dialog.getByRole('button', { name: 'Criar link' }).click();
    const field = dialog.getByLabel('Link da prévia');
    await expect(field).toHaveValue(new RegExp(`^${team.base}/previa/[A-Za-z0-9_-]{43}$`));
    await expect(dialog).toContainText('o Estúdio não o mostra de novo');
    await axe(p);
    links[width] = await field.inputValue();
    // A token is never kept in a picture (nor in the repository): the field shows dots instead.
    await field.evaluate((el: HTMLInputElement) => (el.value = el.value.replace(/[^/]+$/, '•'.repeat(43))));
    await picture(p, 'compartilhar-previa', width);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    // The item that opened it went with the menu: focus is back on "Mais".
    if (width === 375) await expect(bar.getByRole('button', { name: 'Mais' })).toBeFocused();
  }
});

test('a reader with no account sees the page as a visitor would, at 1280 and 375 px, and comments', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const width of [1280, 375]) {
    const { p, problems, close } = await reader(browser, width);
    const answer = await p.goto(links[1280]!);
    expect(answer!.status()).toBe(200);
    expect(answer!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(answer!.headers()['cache-control']).toBe('private, no-store');
    await expect(p.getByRole('complementary', { name: 'Prévia' })).toHaveText(
      /Prévia: ainda não está no site/,
    );
    await expect(p.getByRole('heading', { level: 1 })).toContainText(NEW_TITLE);
    // The site's page script runs: a block further down is revealed as it scrolls into view.
    await expect(p.locator('html')).toHaveClass(/reveal-on/);
    const further = p.locator('[data-reveal]').last();
    await further.scrollIntoViewIfNeeded();
    await expect(further).toHaveClass(/active/);
    await p.evaluate(() => window.scrollTo(0, 0));
    expect(await p.evaluate(() => document.cookie)).toBe('');
    // axe as the site's own accessibility test reads it: without the reveal's fade (a11y.spec.ts).
    // Reduced motion does not shorten a fade already running, so the blocks just revealed finish
    // theirs first: caught halfway, the footer's links read as too faint. A block the scroll
    // revealed starts its fade when the observer's callback runs, a frame or two later: those
    // frames pass first (with reduced motion on, a fade starting later has no duration).
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await p.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      await Promise.allSettled(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished),
      );
    });
    await axe(p);
    await picture(p, 'previa-compartilhada', width);
    if (width === 375) {
      await p.getByRole('link', { name: 'Comentar' }).click();
      await p.getByLabel('Seu nome (opcional)').fill('Jurídico');
      await p.getByLabel('Comentário').fill(COMMENT);
      await p.getByRole('button', { name: 'Enviar comentário' }).click();
      await expect(p.getByRole('status')).toContainText('Comentário enviado');
      await axe(p);
      await p.locator('#comentar-previa').scrollIntoViewIfNeeded();
      await picture(p, 'previa-comentario', width, false, false);
    }
    expect(problems).toEqual([]);
    await close();
  }
});

test('the author reads the comment in Prévias compartilhadas and revokes the link: it stops at once', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(p);
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await p.goto(`${team.base}/#/`);
    await p.getByRole('link', { name: 'Prévias compartilhadas' }).click();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Prévias compartilhadas');
    const comments = p.getByRole('list', { name: 'Comentários da prévia de /recarga' });
    await expect(comments).toContainText(COMMENT);
    await expect(comments).toContainText('Jurídico');
    await axe(p);
    await picture(p, 'previas-compartilhadas', width, true);
  }
  await p.setViewportSize({ width: 1280, height: 800 });
  // The link the reader commented on (the other one, made at 375 px, stays active).
  await p
    .locator('[data-link]')
    .filter({ hasText: 'Jurídico' })
    .getByRole('button', { name: 'Revogar' })
    .click();
  await p.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
  await expect(p.getByText('Revogado por Ana Souza')).toBeVisible();
  const { p: r, close } = await reader(browser, 375);
  const answer = await r.goto(links[1280]!);
  expect(answer!.status()).toBe(410);
  await expect(r.getByRole('heading', { level: 1 })).toHaveText('Prévia indisponível');
  await close();
});

test('a comment with markup reaches the author as text, nothing made of it', async ({ page: p, browser }) => {
  test.setTimeout(180_000);
  // On the link made at 375 px, still active; after the pictures, so none of them shows it.
  const { p: r, problems, close } = await reader(browser, 375);
  const dialogs: string[] = [];
  r.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await r.goto(links[375]!);
  await r.getByRole('link', { name: 'Comentar' }).click();
  await r.getByLabel('Seu nome (opcional)').fill('Agência <i>X</i>');
  await r.getByLabel('Comentário').fill(HOSTILE);
  await r.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(r.getByRole('status')).toContainText('Comentário enviado');
  expect(problems).toEqual([]);
  await close();

  await signIn(p);
  p.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await p.goto(`${team.base}/#/previas`);
  const comments = p
    .locator('[data-link]')
    .filter({ hasText: 'Agência' })
    .getByRole('list', { name: 'Comentários da prévia de /recarga' });
  await expect(comments).toContainText(HOSTILE);
  await expect(comments).toContainText('Agência <i>X</i>');
  expect(await comments.locator('b, i, script').count()).toBe(0);
  await axe(p);
  expect(dialogs).toEqual([]);
});

test('a scheduled change is shared from Agendamentos and from the editor’s banner: the link shows it as it will be', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(180_000);
  // Scheduled by a Publicador before (as the unit test does: the schedule's folder committed).
  const year = new Date().getUTCFullYear() + 1;
  const folder = path.join(team.site.work, 'pages/_agendamentos/natal');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, '_agendamento.yaml'), `start: ${year}-12-20 00:00\nnote: Natal\n`);
  const published = git(team.site.work, 'show', 'HEAD:pages/recarga.yaml');
  await writeFile(
    path.join(folder, 'recarga.yaml'),
    published.replace('title: Recarga de CO2 sem sair de casa.', `title: ${XMAS_TITLE}`),
  );
  git(team.site.work, 'add', 'pages/_agendamentos');
  git(team.site.work, 'commit', '-qm', 'Agenda o Natal');

  await signIn(p);
  const scheduledLinks: string[] = [];
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await p.goto(`${team.base}/#/agendamentos`);
    const item = p.getByRole('region', { name: 'Próximos' }).locator('[data-schedule="natal"]');
    const share = item.getByRole('button', { name: 'Compartilhar prévia de /recarga no agendamento natal' });
    await expect(share).toBeVisible();
    await axe(p);
    await picture(p, 'agendamentos-compartilhar', width, true, false);
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await share.click();
    const dialog = p.getByRole('dialog', { name: 'Compartilhar prévia de /recarga' });
    await expect(dialog).toContainText('a mudança do agendamento natal');
    await dialog.getByRole('button', { name: 'Criar link' }).click();
    const field = dialog.getByLabel('Link da prévia');
    await expect(field).toHaveValue(new RegExp(`^${team.base}/previa/[A-Za-z0-9_-]{43}$`));
    await expect(dialog).toContainText('como ficou salva no agendamento natal');
    scheduledLinks.push(await field.inputValue());
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(share).toBeFocused();
  }

  // The editor's banner on the scheduled page: the same button, the same dialog.
  await p.setViewportSize({ width: 375, height: 740 });
  await p.goto(`${team.base}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
  const banner = p.locator('[data-scheduled-banner]');
  await expect(banner).toContainText(`Esta página muda em 20/12/${year} às 00:00 (agendamento natal).`);
  // An Editor asks for publication: the banner says it in those words.
  await expect(banner).toContainText('Pedir a publicação desta página agora não muda o agendamento');
  await banner.getByRole('button', { name: 'Compartilhar prévia de /recarga no agendamento natal' }).click();
  const dialog = p.getByRole('dialog', { name: 'Compartilhar prévia de /recarga' });
  await expect(dialog).toContainText('a mudança do agendamento natal');
  await axe(p);
  await picture(p, 'editor-aviso-compartilhar', 375, false, false);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect(await barLines(p)).toBeLessThanOrEqual(2);

  // The reader sees the page as the schedule will make it; Prévias lists the links with the schedule.
  const { p: r, problems, close } = await reader(browser, 375);
  const answer = await r.goto(scheduledLinks[0]!);
  expect(answer!.status()).toBe(200);
  await expect(r.getByRole('heading', { level: 1 })).toContainText(XMAS_TITLE);
  expect(problems).toEqual([]);
  await close();
  await p.goto(`${team.base}/#/previas`);
  await expect(p.locator('[data-link]').filter({ hasText: 'agendamento natal' })).toHaveCount(2);

  git(team.site.work, 'rm', '-rq', 'pages/_agendamentos');
  git(team.site.work, 'commit', '-qm', 'Cancela o Natal');
});

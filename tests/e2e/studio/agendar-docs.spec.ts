/**
 * The pictures of docs/autoria.md's "Agendar", in a Brazilian browser (pt-BR, São Paulo time: the
 * date and hour fields read 20/12 and 00:00, as a marketer here sees them), at 1280 and 375 px:
 * the publish dialog's Agendar filled in, Agendamentos listing a schedule already on the remote,
 * and the editor's banner on the page it changes. Nothing is published here (the whole flow,
 * publish and host included, is tests/e2e/studio/agendamentos.spec.ts); what the pictures show is
 * asserted in words first. Pictures go to .tmp/agendar/ (to docs/estudio/ with ESTUDIO_DOC_SHOTS=1).
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { CHROME_FLAGS } from '../../../scripts/chromium.ts';
import { ROOT, spawnStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

test.describe.configure({ mode: 'serial' });
// The date and hour fields are drawn in the browser's own language (its --lang and LANG, not the
// page's locale): a Brazilian Chrome shows 27/11/2027 and 00:00, and so must the pictures. Debian's
// Chromium has that language only with its chromium-l10n package (without it, 11/27/2027 and
// 12:00 AM: the test still passes, the words below the fields are the app's own).
test.use({
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  launchOptions: {
    executablePath: path.join(ROOT, 'tests/e2e/chromium.sh'),
    args: [...CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')), '--lang=pt-BR'],
    env: { ...process.env, LANG: 'pt_BR.UTF-8', LANGUAGE: 'pt_BR:pt', LC_ALL: 'pt_BR.UTF-8' },
  },
});

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;
const year = new Date().getUTCFullYear() + 1;

test.beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'] });
  // A schedule already published: /recarga's Christmas title from 20 to 26 December.
  const folder = path.join(site.work, 'pages/_agendamentos/natal');
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, '_agendamento.yaml'),
    `start: ${year}-12-20 00:00\nend: ${year}-12-26 00:00\nnote: Oferta de Natal\n`,
  );
  const recarga = await readFile(path.join(site.work, 'pages/recarga.yaml'), 'utf8');
  await writeFile(path.join(folder, 'recarga.yaml'), recarga.replace('title: ', 'title: Natal | '));
  git(site.work, 'add', 'pages');
  git(site.work, 'commit', '-qm', 'Agenda a oferta de Natal em /recarga');
  git(site.work, 'push', '-q', 'origin', 'main');
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

async function axe(p: Page) {
  const results = await axeOutsideFrames(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/**
 * `scene` played at 1280 and at 375 px (each from a fresh load, as a phone opens it), then the
 * screen photographed: whole, or the viewport with `scroll()` brought into view. Nothing is wider
 * than the phone.
 */
async function shots(
  p: Page,
  name: string,
  scene: () => Promise<Locator | undefined>,
  { whole = true }: { whole?: boolean } = {},
) {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    const scroll = await scene();
    if (width === 375)
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (whole) {
      const height = await p.evaluate(() => document.documentElement.scrollHeight);
      await p.setViewportSize({ width, height: Math.min(height, 3000) });
    }
    if (scroll) await scroll.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await p.waitForTimeout(400);
    const file = test.info().outputPath(`${name}-${width}.png`);
    await p.screenshot({ path: file });
    const dir = path.join(ROOT, process.env.ESTUDIO_DOC_SHOTS ? 'docs/estudio' : '.tmp/agendar');
    await mkdir(dir, { recursive: true });
    await copyFile(file, path.join(dir, `${name}-${width}.png`));
  }
  await p.setViewportSize({ width: 1280, height: 800 });
}

test('Agendamentos lists the schedule in words; the editor says when the page changes', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  const origin = () => new URL(studio!.url).origin;
  await p.goto(studio!.url);
  await shots(p, 'agendamentos', async () => {
    await p.goto(`${origin()}/#/`);
    await p
      .getByRole('navigation', { name: 'Outras telas' })
      .getByRole('link', { name: 'Agendamentos' })
      .click();
    const item = p.locator('[data-schedule="natal"]');
    await expect(item.getByRole('heading')).toHaveText('Oferta de Natal');
    await expect(item).toContainText(
      `A nova versão de /recarga entra no ar em 20/12/${year} às 00:00 e a anterior volta em 26/12/${year} às 00:00.`,
    );
    await axe(p);
    return undefined;
  });

  await shots(
    p,
    'agendar-aviso-editor',
    async () => {
      await p.goto(`${origin()}/#/`);
      await p.goto(`${origin()}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
      await expect(p.locator('[data-scheduled-banner]')).toContainText(
        `Esta página muda em 20/12/${year} às 00:00 até 26/12/${year} às 00:00`,
      );
      await expect(p.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
        timeout: 60_000,
      });
      return undefined;
    },
    { whole: false },
  );
});

test('Publicar → Agendar: the day and hour in São Paulo time, an end, a name, the choice in words', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  const file = path.join(site.work, 'pages/recarga.yaml');
  const published = await readFile(file, 'utf8');
  await writeFile(file, published.replace('title: ', 'title: Black Friday | '));
  try {
    await p.goto(studio!.url);
    await shots(
      p,
      'agendar',
      async () => {
        // A fresh load at this width (the dialog of the width before is gone with it).
        await p.goto(`${new URL(studio!.url).origin}/#/`);
        await p.reload();
        await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
        const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
        const when = dialog.getByRole('group', { name: 'Quando' });
        await when.getByRole('radio', { name: 'Agendar' }).check();
        await when.getByLabel('Entra no ar no dia').fill(`${year}-11-27`);
        await when
          .getByRole('group', { name: 'Entra no ar em' })
          .getByLabel('às (horário de São Paulo)')
          .fill('00:00');
        await when.getByRole('checkbox', { name: /^até…/ }).check();
        await when.getByLabel('Sai do ar no dia').fill(`${year}-11-27`);
        await when
          .getByRole('group', { name: 'Sai do ar em' })
          .getByLabel('às (horário de São Paulo)')
          .fill('23:59');
        await when.getByLabel('Nome do agendamento (para achá-lo depois)').fill('Black Friday');
        await expect(when.locator('[data-schedule-summary]')).toHaveText(
          `Entra no ar em 27/11/${year} às 00:00 e sai em 27/11/${year} às 23:59 (horário de São Paulo).`,
        );
        await axe(p);
        return when;
      },
      { whole: false },
    );
    // Nothing published: cancelled.
    const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    expect(git(site.remote, 'log', '--format=%s', '-1', 'main')).toBe('Agenda a oferta de Natal em /recarga');
  } finally {
    await writeFile(file, published);
  }
});

/**
 * The preview is pixel-true (issue 27): for every page, once loaded and with animations settled,
 * the Estúdio's preview frame at 375 and at 1280 px shows what the built site (npm run preview,
 * the suite's web server) shows in a window of the same size: at most 0.1% of the pixels differ
 * (pixelmatch's default colour threshold, antialiasing ignored as it is by default).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { fileToRoute, isRouteFile, NOT_FOUND_ROUTE } from '../../../runtime/load/routes.ts';
import { UNKNOWN_PATH } from '../routes.ts';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';

const MAX_DIFFERENT = 0.001;

/** Every page file and the address the built site answers it at (the 404 page: an unknown path). */
const PAGES = readdirSync(path.join(ROOT, 'pages'), { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter(isRouteFile)
  .sort()
  .map((file) => {
    const route = fileToRoute(file);
    return { file: `pages/${file}`, address: route === NOT_FOUND_ROUTE ? UNKNOWN_PATH : route };
  });

// All of this file's tests on one Estúdio, one after the other: split between the two workers,
// each would start its own (about 5 s of CPU on a 2-core machine that the suite keeps busy).
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

/** Fonts in, the below-the-fold layout done, the loading overlay gone, the reveal transitions run. */
async function settled(page: Page | Frame) {
  await page.waitForFunction(
    () =>
      // A page without a script (a legal page) is laid out whole from the start.
      (document.documentElement.classList.contains('laid-out') ||
        !document.querySelector('script[type="module"]:not([src$="preview-agent.js"])')) &&
      [...document.querySelectorAll<HTMLElement>('[data-loading-overlay]')].every((el) => el.hidden),
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames: the reveal's first report is in (its transitions are skipped by the screenshot).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The built page at `address` in a window of that size, settled. */
async function openBuilt(site: Page, address: string, width: number, height: number) {
  await site.setViewportSize({ width, height });
  await site.goto(address);
  await settled(site);
}

async function rgba(png: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(png).resize({ width, height, fit: 'cover', position: 'top' }).ensureAlpha().raw().toBuffer();
}

for (const device of [
  { width: 375, button: 'Celular', title: 'Prévia da página: Celular' },
  { width: 1280, button: 'Computador', title: 'Prévia da página: Computador' },
]) {
  test(`every page's preview at ${device.width} px is the built page`, async ({ page, browser }, info) => {
    test.setTimeout(300_000);
    // The source beside a preview at 100% (never scaled): a window wide enough for both.
    await page.setViewportSize({ width: device.width + 1400, height: 1040 });
    await page.goto(studio.url);
    // The width chosen once is kept for every page opened after it: each preview starts at its size.
    await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(PAGES.at(-1)!.file)}`);
    await page.getByRole('button', { name: device.button, exact: true }).click();
    const site = await browser.newPage();
    // The built page as a returning visitor sees it, as the preview shows it: the font files
    // cached. The faces are font-display: optional (decision 0028), and a cold first page whose
    // files miss its first paint keeps the fallback (8 of 40 cold loads here on a busy machine).
    await site.goto('/');
    await site.evaluate(() => document.fonts.ready.then(() => undefined));
    const failures: string[] = [];
    try {
      for (const { file, address } of PAGES) {
        await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
        await expect(page.getByRole('button', { name: device.button, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute(
          'data-preview-renders',
          '0',
          {
            timeout: 60_000,
          },
        );
        const frameEl = page.locator(`iframe[title="${device.title}"]`);
        let frame = (await (await frameEl.elementHandle())!.contentFrame())!;
        const [openedWidth, opened] = await frame.evaluate(() => [innerWidth, innerHeight]);
        // While the preview is watched for half a second and settles, the built page opens (and
        // settles) in a window of the preview's size.
        const watched = frame;
        await Promise.all([
          openBuilt(site, address, openedWidth!, opened!),
          page.waitForTimeout(500).then(() => settled(watched)),
        ]);
        if ((await frame.evaluate(() => innerHeight)) !== opened) {
          // A notice above the preview arrived after the page opened (someone else has it open):
          // the page is opened again at its final size, as a visitor's window is one size.
          await page.reload();
          await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute(
            'data-preview-renders',
            '0',
          );
          frame = (await (await frameEl.elementHandle())!.contentFrame())!;
          await settled(frame);
        }
        const [width, height] = await frame.evaluate(() => [innerWidth, innerHeight]);
        expect(width, 'the preview is not scaled').toBe(device.width);
        if (width !== openedWidth || height !== opened) await openBuilt(site, address, width!, height!);

        const [built, preview] = await Promise.all([
          site.screenshot({ animations: 'disabled' }).then((png) => rgba(png, width!, height!)),
          frameEl.screenshot({ animations: 'disabled' }).then((png) => rgba(png, width!, height!)),
        ]);
        const diff = Buffer.alloc(built.length);
        const different = pixelmatch(built, preview, diff, width!, height!, { threshold: 0.1 });
        const share = different / (width! * height!);
        if (share > MAX_DIFFERENT && process.env.PIXELS_DIR) {
          const raw = { raw: { width: width!, height: height!, channels: 4 as const } };
          await sharp(built, raw).png().toFile(`${process.env.PIXELS_DIR}/a.png`);
          await sharp(preview, raw).png().toFile(`${process.env.PIXELS_DIR}/b.png`);
          await sharp(diff, raw).png().toFile(`${process.env.PIXELS_DIR}/diff.png`);
        }
        if (share > MAX_DIFFERENT) {
          failures.push(`${file} (${address}): ${(share * 100).toFixed(3)}% dos pixels diferem`);
          await info.attach(`${path.basename(file)}-${device.width}-diferença.png`, {
            body: await sharp(diff, { raw: { width: width!, height: height!, channels: 4 } })
              .png()
              .toBuffer(),
            contentType: 'image/png',
          });
        }
      }
    } finally {
      await site.close();
    }
    expect(failures).toEqual([]);
  });
}

/**
 * Screenshots for a by-eye layout review (issue 21): every route of the built site, whole, at
 * 360 px (a phone, touch) and at 1280, 1440 and 1920 px, made into two sheets per route: the
 * phone page cut into columns, and the three desktop widths side by side at one scale. Entrance
 * animations are off (reduced motion) and the popup counts as closed, so the sheets show the
 * layout, not a moment of it. Fixed elements (the chat bubble, the sticky bar) appear where the
 * viewport was when Chromium stitched the page.
 *
 *   npm run build && npm run review:screenshots [-- --out pasta]   (default .tmp/revisao)
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { serveStatic } from '../runtime/dev/index.ts';
import { ALL_ROUTES } from '../tests/e2e/routes.ts';
import { CHROMIUM_PATH } from './chromium.ts';

const PHONE = 360;
const DESKTOPS = [1280, 1440, 1920];
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = path.resolve(outIndex >= 0 ? args[outIndex + 1]! : '.tmp/revisao');
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');

const server = await serveStatic(distDir, 0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
await mkdir(outDir, { recursive: true });

async function shoot(route: string, width: number): Promise<Buffer> {
  const phone = width === PHONE;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 740 : 900 },
    isMobile: phone,
    hasTouch: phone,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('hasClosedPopup', 'true'));
  await page.goto(base + route, { waitUntil: 'networkidle' });
  // Scroll through, so what lays out near the viewport (below-the-fold blocks, lazy images) has.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  const shot = await page.screenshot({ fullPage: true });
  await context.close();
  return shot;
}

const GAP = 10;
const GREY = { r: 136, g: 136, b: 136 };

async function sheet(tiles: Buffer[], file: string): Promise<void> {
  const parts = await Promise.all(tiles.map((t) => sharp(t).toBuffer({ resolveWithObject: true })));
  const width = parts.reduce((sum, p) => sum + p.info.width + GAP, -GAP);
  const height = Math.max(...parts.map((p) => p.info.height));
  let left = 0;
  await sharp({ create: { width, height, channels: 3, background: GREY } })
    .composite(
      parts.map((p) => {
        const at = { input: p.data, left, top: 0 };
        left += p.info.width + GAP;
        return at;
      }),
    )
    .webp({ quality: 60 })
    .toFile(path.join(outDir, file));
}

for (const route of ALL_ROUTES) {
  const name = route === '/' ? 'home' : route.slice(1);
  // The phone page in columns of 2,400 px, at 60%.
  const phone = await shoot(route, PHONE);
  const { height = 0 } = await sharp(phone).metadata();
  const columns: Buffer[] = [];
  for (let top = 0; top < height; top += 2400) {
    const part = sharp(phone).extract({ left: 0, top, width: PHONE, height: Math.min(2400, height - top) });
    columns.push(await part.resize({ width: Math.round(PHONE * 0.6) }).toBuffer());
  }
  await sheet(columns, `${name}-${PHONE}.webp`);
  // The desktop widths side by side, each 480 px wide.
  const desktops: Buffer[] = [];
  for (const width of DESKTOPS)
    desktops.push(
      await sharp(await shoot(route, width))
        .resize({ width: 480 })
        .toBuffer(),
    );
  await sheet(desktops, `${name}-${DESKTOPS.join('-')}.webp`);
  console.log(`${route}: ${name}-${PHONE}.webp, ${name}-${DESKTOPS.join('-')}.webp`);
}

await browser.close();
server.close();
console.log(`Folhas em ${path.relative(process.cwd(), outDir) || '.'}`);

/**
 * Measures the size-adjust of each fallback face (design/fonts.ts, decision 0028): the width the
 * site's own text takes in the web font over the width it takes in the local fallback (Liberation
 * Sans, Arial's metric twin, regular for Inter 400 and bold for Poppins 600 and 700), per face
 * and per case (uppercase text has its own fallback). Every text of every route of the built site
 * at 375 and 1280 px, as the browser lays it out: each text node in its computed family and
 * weight, upper-cased where the style says so, measured at one size so every character counts
 * the same. The vertical overrides are not measured: they follow from the font files
 * (design/font-tables.ts) and design/fonts.test.ts checks them.
 *
 *   npm run build && npx tsx scripts/fallback-metrics.ts
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveStatic } from '../runtime/dev/index.ts';
import { ALL_ROUTES } from '../tests/e2e/routes.ts';
import { CHROME_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const server = await serveStatic(path.resolve(process.env.DIST_DIR ?? 'dist'), 0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.slice(1) });

/** Face ("Poppins 700", "Poppins 700 caps") → [web font width, fallback width], in px at 100 px. */
const totals = new Map<string, [number, number]>();
for (const route of ALL_ROUTES) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(base + route);
    await page.evaluate(() => document.fonts.ready);
    const widths = await page.evaluate(() => {
      const out: [string, number, number][] = [];
      const ctx = document.createElement('canvas').getContext('2d')!;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const raw = node.textContent!.replace(/\s+/g, ' ').trim();
        if (!el || !raw || el.closest('script, style, noscript, svg')) continue;
        const style = getComputedStyle(el);
        const family = style.fontFamily
          .split(',')[0]!
          .trim()
          .replace(/^["']|["']$/g, '');
        if (family !== 'Inter' && family !== 'Poppins') continue;
        const caps = style.textTransform === 'uppercase';
        const text = caps ? raw.toUpperCase() : raw;
        // No named helper: the bundler would wrap it in a __name() the page does not have.
        const [web, local] = [`'${family}'`, "'Liberation Sans'"].map((fam) => {
          ctx.font = `${style.fontWeight} 100px ${fam}`;
          return ctx.measureText(text).width;
        });
        out.push([`${family} ${style.fontWeight}${caps ? ' caps' : ''}`, web!, local!]);
      }
      return out;
    });
    for (const [face, web, local] of widths) {
      const sum = totals.get(face) ?? [0, 0];
      totals.set(face, [sum[0] + web, sum[1] + local]);
    }
    await page.close();
  }
}
for (const [face, [web, local]] of [...totals].sort())
  console.log(
    `${face.padEnd(18)} size-adjust ${((100 * web) / local).toFixed(2)}%  (${Math.round(web / 100)} px of text at 1 px)`,
  );
await browser.close();
server.close();

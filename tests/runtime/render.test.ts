/**
 * Render tests over every page in pages/, through the real build (vite bundle + prerender),
 * shared with seo.test.ts and only read here (site-build.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { JS_CLASS_AND_FLAGS_SCRIPT, JS_CLASS_SCRIPT } from '../../runtime/render/document.ts';
import type { BuildReport } from '../../runtime/build/prerender.ts';
import { sharedSiteBuild } from './site-build.ts';

let report: BuildReport;
const html = (file: string) => readFileSync(path.join(report.outDir, file), 'utf8');
const origin = 'https://fillgas.example';

beforeAll(async () => {
  report = await sharedSiteBuild();
}, 120_000);

describe('every page of pages/', () => {
  it('is written to dist/<route>/index.html, the catch-all to dist/404.html', () => {
    const files = report.routes.map((r) => r.file).sort();
    expect(files).toContain('index.html');
    expect(files).toContain('404.html');
    for (const file of files) expect(existsSync(path.join(report.outDir, file)), file).toBe(true);
  });

  it('reads the session flags before the first paint only on pages whose blocks style them', () => {
    // /agendamento has the sticky chat bar and the side chat button (their dismissed states).
    const prePaint = (file: string) => /<script>([^<]*)<\/script>/.exec(html(file))?.[1];
    expect(prePaint('agendamento/index.html')).toBe(JS_CLASS_AND_FLAGS_SCRIPT);
    expect(html('agendamento/index.html')).toContain('.flag-stickyWhatsDismissed');
    for (const { file } of report.routes.filter((r) => r.route !== '/agendamento' && r.scripts.length)) {
      expect(prePaint(file), file).toBe(JS_CLASS_SCRIPT);
      expect(html(file), file).not.toContain('.flag-');
    }
  });

  it.each(['index.html', '404.html'])('%s is a complete pt-BR document with its head tags', (file) => {
    const doc = html(file);
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(doc).toContain('<html lang="pt-BR"');
    expect(doc).toMatch(/<title>[^<]+<\/title>/);
    expect(doc).toMatch(/<meta name="description" content="[^"]+">/);
    expect(doc).toMatch(/<meta name="robots" content="[^"]+">/);
    expect(doc).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(doc).toContain('<link rel="icon" href="/favicon.ico"');
    expect(doc).toMatch(/<style>@font-face/);
    expect(doc).not.toContain('<link rel="stylesheet"');
    for (const [, json] of doc.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
      expect(() => JSON.parse(json!)).not.toThrow();
    }
  });

  it('home: title, canonical, the two cards, no JavaScript at all', () => {
    const doc = html('index.html');
    expect(doc).toContain('<title>Fillgás | Recarga de Cilindros CO2</title>');
    expect(doc).toContain(`<link rel="canonical" href="${origin}/">`);
    expect(doc).toContain('<meta name="robots" content="index, follow">');
    expect(doc).toContain('Recarregue o seu cilindro');
    expect(doc).toMatch(/<a [^>]*href="\/sodastream-t"[^>]*>Agendar Recarga<\/a>/);
    expect(doc).toContain('Conheça a nossa máquina');
    expect(doc).toContain('Em breve');
    expect(doc).toContain('Lançamento 2025');
    expect(doc).not.toContain('<script type="module"');
    expect(doc).not.toContain('modulepreload');
    expect(report.routes.find((r) => r.route === '/')!.scripts).toEqual([]);
    const jsonLd = JSON.parse(doc.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Fillgás',
    });
  });

  it('404: the spec text, noindex, no canonical, and only the page script (it logs the path; no React)', () => {
    const doc = html('404.html');
    expect(doc).toContain('Oops! Page not found');
    expect(doc).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/);
    expect(doc).toContain('<meta name="robots" content="noindex, follow">');
    expect(doc).not.toContain('rel="canonical"');
    expect(doc).not.toContain('data-island=');
    expect(doc).toContain('data-log-missing-path');
    const scripts = report.routes.find((r) => r.route === '/404')!.scripts;
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/main-.*\.js$/);
    for (const s of scripts) expect(existsSync(path.join(report.outDir, s))).toBe(true);
  });

  it('puts all styles in <head>, none inline in the body', () => {
    for (const { file } of report.routes) {
      const body = html(file).split('<body>')[1]!;
      expect(body, file).not.toContain('<style');
    }
  });

  it('copies public files and self-hosted fonts', () => {
    expect(existsSync(path.join(report.outDir, 'favicon.ico'))).toBe(true);
    expect(existsSync(path.join(report.outDir, 'images/cilindro.svg'))).toBe(true);
    const fonts = html('index.html').match(/href="(\/assets\/fonts\/[^"]+\.woff2)"/g) ?? [];
    expect(fonts.length).toBe(3);
  });
});

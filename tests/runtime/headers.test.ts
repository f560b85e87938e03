import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JS_CLASS_AND_FLAGS_SCRIPT, JS_CLASS_SCRIPT } from '../../runtime/render/document.ts';
import {
  contentSecurityPolicy,
  headersFile,
  headersForPath,
  inlineScripts,
  parseHeadersFile,
  sha256,
  vercelJson,
  writeDeployFiles,
} from '../../runtime/build/headers.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { VERCEL_MIDDLEWARE_FILE, vercelMiddlewareFor } from '../../runtime/build/experiments.ts';
import { blockList } from '../../blocks/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-headers-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('Content-Security-Policy', () => {
  it('allows the two pre-paint scripts by the hash of the very strings pages embed, and no inline script otherwise', () => {
    const csp = contentSecurityPolicy({});
    const hashes = [JS_CLASS_SCRIPT, JS_CLASS_AND_FLAGS_SCRIPT].map(
      (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    );
    expect(directive(csp, 'script-src')).toEqual(["'self'", ...hashes]);
    expect(sha256(JS_CLASS_SCRIPT)).toBe(hashes[0]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:']);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('google');
  });

  it('adds exactly the Google hosts of gtag.js / GTM when an analytics id is set', () => {
    for (const analyticsId of ['G-ABC1234', 'GTM-ABC1234']) {
      const csp = contentSecurityPolicy({ analyticsId });
      expect(directive(csp, 'script-src')).toContain('https://www.googletagmanager.com');
      expect(directive(csp, 'script-src')!.filter((s) => s.startsWith('https:'))).toEqual([
        'https://www.googletagmanager.com',
      ]);
      expect(directive(csp, 'connect-src')).toEqual([
        "'self'",
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });
});

describe('_headers (Netlify, Cloudflare Pages) and the preview server that reads it', () => {
  const routes = ['/', '/agendamento', '/404'];
  const rules = parseHeadersFile(headersFile({}, routes));

  it('sends the security headers everywhere, immutable caching for hashed assets, revalidation for HTML', () => {
    const asset = headersForPath(rules, '/assets/main-abc123.js');
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(asset['Content-Security-Policy']).toBe(contentSecurityPolicy({}));
    for (const p of ['/', '/agendamento', '/agendamento/', '/agendamento/index.html', '/404.html'])
      expect(headersForPath(rules, p)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    const page = headersForPath(rules, '/agendamento');
    expect(page).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(page['Strict-Transport-Security']).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    expect(page['Permissions-Policy']).toContain('camera=()');
    // Nothing else matches two rules with the same header (hosts would join the values).
    expect(headersForPath(rules, '/favicon.svg')['Cache-Control']).toBeUndefined();
  });

  it('refuses a page whose inline script the policy would block, and ignores JSON data scripts', async () => {
    const ok = `<script type="application/ld+json">{"a":1}</script><script type="application/json" id="x">{}</script><script>${JS_CLASS_SCRIPT}</script><script type="module" src="/assets/m.js"></script>`;
    expect(inlineScripts(ok)).toEqual([JS_CLASS_SCRIPT]);
    await writeDeployFiles(tmp, {}, [{ route: '/', html: ok }]);
    expect(await readFile(path.join(tmp, '_headers'), 'utf8')).toContain('Content-Security-Policy');
    await expect(
      writeDeployFiles(tmp, {}, [{ route: '/x', html: `${ok}<script>alert(1)</script>` }]),
    ).rejects.toThrow(/\/x: script inline sem hash/);
  });
});

describe('middleware.ts (Vercel, experiments only)', () => {
  it('is current for pages/_site.yaml: absent while it declares no experiment', async () => {
    const project = await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
    const expected = vercelMiddlewareFor(project);
    const file = path.join(root, VERCEL_MIDDLEWARE_FILE);
    if (expected === undefined) expect(existsSync(file)).toBe(false);
    else expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});

describe('vercel.json', () => {
  it('is current for pages/_site.yaml (regenerate with `npx tsx runtime/build/headers.ts`)', async () => {
    const { site } = await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
    expect(readFileSync(path.join(root, 'vercel.json'), 'utf8')).toBe(vercelJson(site));
    const config = JSON.parse(vercelJson(site)) as {
      outputDirectory: string;
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(config.outputDirectory).toBe('dist');
    expect(config.headers[0]!.headers.find((h) => h.key === 'Content-Security-Policy')!.value).toBe(
      contentSecurityPolicy(site),
    );
  });
});

/**
 * Text an author writes stays text (issue 7): a real build of tests/fixtures/hostile/_texto-hostil,
 * whose brand, title, description, headings, FAQ (with FAQPage data), testimonials slider (an island), side
 * chat button and JSON-LD hold
 * `</script>`, `<script>`, HTML entities, event-handler markup, RTL overrides, U+2028, emoji and a
 * 5,000-character string. The built HTML is parsed by a real HTML parser (jsdom): every value
 * comes back exactly as written, in the body, the meta tags, the JSON-LD, the island's
 * data-props and the site data; and the only scripts are the ones the build itself writes.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_SCRIPTS } from '../../runtime/build/headers.ts';
import { buildSite } from '../../runtime/build/prerender.ts';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/fixtures/hostile/_texto-hostil');
const strings = JSON.parse(readFileSync(path.join(fixture, 'strings.json'), 'utf8')) as Record<
  'title' | 'description' | 'long' | 'question' | 'brand',
  string
>;
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-hostile-render-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

let doc: Document;
let html: string;
beforeAll(async () => {
  const outDir = path.join(tmp, 'dist');
  await buildSite({ root, pagesDir: path.join(fixture, 'pages'), outDir });
  html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  doc = new JSDOM(html).window.document;
}, 120_000);

describe('hostile text in a real build', () => {
  it('has the 5,000-character string and the special characters the test needs', () => {
    expect([...strings.long].length).toBe(5000);
    for (const s of ['</script>', '&amp;', '\u202E', '🧪']) expect(strings.long).toContain(s);
    expect(strings.description).toContain('\u2028');
  });

  it('contains no script but the ones the build writes, and no event-handler attribute', () => {
    const scripts = [...doc.querySelectorAll('script')].map((s) =>
      s.src ? `src:${s.type}` : s.type || `inline:${INLINE_SCRIPTS.includes(s.textContent ?? '')}`,
    );
    // Data blocks (JSON-LD, the islands' site data), the pre-paint script, the page script.
    expect(new Set(scripts)).toEqual(
      new Set(['application/json', 'application/ld+json', 'inline:true', 'src:module']),
    );
    expect(scripts.filter((s) => s === 'inline:true' || s === 'src:module')).toHaveLength(2);
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
    );
    expect(handlers).toEqual([]);
    expect(doc.querySelectorAll('img[src="x"], svg[onload]')).toHaveLength(0);
  });

  it('renders every value as the same text in the body', () => {
    expect(doc.querySelector('h1')!.textContent).toBe(strings.title);
    expect(doc.querySelector('#conteudo')!.textContent).toContain(strings.long);
    expect(doc.querySelector('#conteudo')!.textContent).toContain(strings.question);
    expect(doc.querySelector('#conteudo h2')!.textContent).toBe(strings.description);
    expect(doc.querySelector('footer')!.textContent).toContain(strings.title);
    expect(doc.querySelector('footer')!.textContent).toContain(strings.brand);
  });

  it('keeps the values intact in <title> and the meta tags', () => {
    expect(doc.title).toBe(strings.title);
    const meta = (sel: string) => doc.querySelector(`meta[${sel}]`)!.getAttribute('content');
    expect(meta('name="description"')).toBe(strings.description);
    expect(meta('property="og:title"')).toBe(strings.title);
    expect(meta('property="og:description"')).toBe(strings.description);
    expect(meta('property="og:site_name"')).toBe(strings.brand);
  });

  it('keeps them intact inside JSON-LD, which no value can close early', () => {
    const blocks = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent!),
    );
    const org = blocks.find((b) => b['@type'] === 'Organization');
    expect(org).toMatchObject({ name: strings.title, description: strings.long });
    const faq = blocks.find((b) => b['@type'] === 'FAQPage');
    expect(faq.mainEntity[0].name).toBe(strings.question);
    expect(faq.mainEntity[0].acceptedAnswer.text).toBe(strings.long);
    // In the raw HTML, "<" inside a data script is always written as \u003c.
    for (const m of html.matchAll(/<script type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g))
      expect(m[1]).not.toContain('<');
  });

  it("keeps them intact in the island's data-props and the site data the islands read", () => {
    const island = doc.querySelector('[data-island="testimonials"]')!;
    const props = JSON.parse(island.getAttribute('data-props')!);
    expect(props.heading).toBe(strings.title);
    expect(props.items[0].text).toBe(strings.question);
    expect(props.items[0].author).toBe(`<svg onload=alert(3)> "a" 'b' \u202E?`);
    expect(props.items[1].text).toBe('"><img src=x onerror=alert(2)> ]]> \u2028 ${x} 💥');
    expect(props.items[1].author).toBe('</b> &amp; &lt;b&gt; \u202Egnp\u202C 🎉');
    // The side chat button is static HTML (a plain-DOM behaviour): its text is in the body as written.
    const side = doc.querySelector('[data-behavior="sideChat"]')!;
    expect(side.textContent).toContain(`<svg onload=alert(3)> "a" 'b' \u202E?`);
    expect(side.textContent).toContain('"><img src=x onerror=alert(2)> ]]> \u2028 ${x} 💥');
    const site = JSON.parse(doc.querySelector('script[type="application/json"]')!.textContent!);
    expect(site.brand).toBe(strings.brand);
  });
});

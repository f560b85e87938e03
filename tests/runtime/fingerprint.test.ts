/**
 * Content-hashed image addresses (runtime/build/fingerprint.ts): which paths are rewritten, how a
 * photo's generated sizes are named, and that what an island derives in the browser from a
 * rewritten src is exactly what the build wrote.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srcSetOf } from '../../design/picture.tsx';
import {
  contentHash,
  fingerprintFiles,
  hashedUrl,
  planFingerprints,
  rewriteUrls,
} from '../../runtime/build/fingerprint.ts';

let tmp: string;
let publicDir: string;

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3"/></svg>';
const photo = Buffer.from('not really a jpeg, only its bytes are hashed');

const page = `<!doctype html><html><head>
<link rel="icon" href="/favicon.ico"><meta property="og:image" content="https://fillgas.example/images/a.svg">
<link rel="preload" as="image" imagesrcset="/images/foto-320w.avif 320w, /images/foto-480w.avif 480w, /images/foto-640w.avif 640w" imagesizes="100vw">
</head><body>
<img src="/images/a.svg" alt="">
<picture><source type="image/avif" srcset="/images/foto-320w.avif 320w, /images/foto-480w.avif 480w, /images/foto-640w.avif 640w"><img src="/images/foto-640w.jpg" alt=""></picture>
<div data-island="gallery" data-props='{"images":[{"src":"/images/foto.jpg","alt":"","width":640,"height":480}]}'></div>
<a href="/agendamento">Agendar</a><img src="/images/nao-existe.svg" alt="">
<div style="background:url(/images/a.svg)"></div>
</body></html>`;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-fingerprint-'));
  publicDir = path.join(tmp, 'public');
  await mkdir(path.join(publicDir, 'images'), { recursive: true });
  await writeFile(path.join(publicDir, 'favicon.ico'), 'ico');
  await writeFile(path.join(publicDir, 'images/a.svg'), svg);
  await writeFile(path.join(publicDir, 'images/foto.jpg'), photo);
});

afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('hashedUrl', () => {
  it('puts the hash before the extension, under /assets', () => {
    expect(hashedUrl('/images/galeria-1.svg', 'abcd1234')).toBe('/assets/images/galeria-1.abcd1234.svg');
    expect(hashedUrl('/docs/v1.2/LEIA', 'abcd1234')).toBe('/assets/docs/v1.2/LEIA.abcd1234');
  });
});

describe('planFingerprints', () => {
  it('hashes every public-subfolder file and generated size the page names, and nothing else', async () => {
    const plan = await planFingerprints(publicDir, [page]);
    const a = `/assets/images/a.${contentHash(Buffer.from(svg), 'a.svg')}.svg`;
    const foto = `/assets/images/foto.${contentHash(photo, 'foto.jpg')}`;
    expect(Object.fromEntries(plan)).toEqual({
      '/images/a.svg': a,
      '/images/foto.jpg': `${foto}.jpg`,
      '/images/foto-320w.avif': `${foto}-320w.avif`,
      '/images/foto-480w.avif': `${foto}-480w.avif`,
      '/images/foto-640w.avif': `${foto}-640w.avif`,
      '/images/foto-640w.jpg': `${foto}-640w.jpg`,
    });
  });

  it('gives a changed file a new address', async () => {
    const before = (await planFingerprints(publicDir, [page])).get('/images/a.svg');
    await writeFile(path.join(publicDir, 'images/a.svg'), svg.replace('height="3"', 'height="2"'));
    const after = (await planFingerprints(publicDir, [page])).get('/images/a.svg');
    await writeFile(path.join(publicDir, 'images/a.svg'), svg);
    expect(after).not.toBe(before);
  });
});

describe('rewriteUrls', () => {
  it('rewrites attributes, srcsets, island props and CSS, and leaves other paths alone', async () => {
    const plan = await planFingerprints(publicDir, [page]);
    const html = rewriteUrls(page, plan);
    expect(html).not.toMatch(/["' (,]\/images\/(a\.svg|foto)/);
    for (const kept of [
      'href="/favicon.ico"',
      'content="https://fillgas.example/images/a.svg"',
      'href="/agendamento"',
      'src="/images/nao-existe.svg"',
    ])
      expect(html).toContain(kept);
    expect(html).toContain(`url(${plan.get('/images/a.svg')})`);
  });

  it("names a photo's sizes the way an island derives them from its rewritten src", async () => {
    const plan = await planFingerprints(publicDir, [page]);
    const html = rewriteUrls(page, plan);
    const props = JSON.parse(/data-props='([^']*)'/.exec(html)![1]!) as {
      images: { src: string; width: number }[];
    };
    // What design/picture.tsx writes in the browser for the island's photo…
    const derived = srcSetOf(props.images[0]!, 'avif');
    // …is the srcset the build rewrote.
    expect(html).toContain(`srcset="${derived}"`);
  });
});

describe('fingerprintFiles', () => {
  it('copies public files and moves generated sizes to their hashed addresses', async () => {
    const out = path.join(tmp, 'dist');
    await mkdir(path.join(out, 'images'), { recursive: true });
    await writeFile(path.join(out, 'images/a.svg'), svg);
    await writeFile(path.join(out, 'images/foto.jpg'), photo);
    for (const size of ['foto-320w.avif', 'foto-480w.avif', 'foto-640w.avif', 'foto-640w.jpg'])
      await writeFile(path.join(out, 'images', size), size);
    const { pages, plan } = await fingerprintFiles(publicDir, out, [page]);
    expect(pages[0]).toBe(rewriteUrls(page, plan));
    expect(await readFile(path.join(out, plan.get('/images/a.svg')!), 'utf8')).toBe(svg);
    expect(await readFile(path.join(out, 'images/a.svg'), 'utf8')).toBe(svg);
    expect(await readFile(path.join(out, plan.get('/images/foto-640w.jpg')!), 'utf8')).toBe('foto-640w.jpg');
    await expect(readFile(path.join(out, 'images/foto-640w.jpg'))).rejects.toThrow();
  });
});

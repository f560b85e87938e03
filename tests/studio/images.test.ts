/**
 * Image upload in the Estúdio (studio/server/images.ts, studio/image-rules.ts): the checks on
 * their own, then POST /api/images through a real server over a copy of public/: every refusal
 * answers a clear Portuguese error and leaves public/images/ byte-identical; a good PNG and a good
 * SVG are written as sent, with their sizes, and logged; an uploaded photo is a source the build's
 * AVIF/WebP pipeline takes like any other.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import sharp from 'sharp';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Picture } from '../../design/picture.tsx';
import { sourceOf, variantUrlsIn, writeImageVariants } from '../../runtime/build/images.ts';
import type { ImagesAnswer, UploadedImage, UploadRefused } from '../../studio/api.ts';
import { applyChange, setValues } from '../../studio/yaml-edits.ts';
import { checkImageName, IMAGE_LIMITS, sizeToWrite, suggestImageName } from '../../studio/image-rules.ts';
import {
  checkRaster,
  checkSvg,
  cssProblem,
  freeName,
  inspectImage,
  nameTaken,
  sniffImageType,
  svgSize,
} from '../../studio/server/images.ts';
import { rawRequest, root, sha256, snapshot, startStudio, type Studio } from './helpers.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0b2545' } })
    .png()
    .toBuffer();

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="200">';
const svg = (inner: string, open = SVG_OPEN) => Buffer.from(`${open}${inner}</svg>`);

const GOOD_SVG = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<!-- Exportado por um editor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="300" height="200" viewBox="0 0 300 200" inkscape:export-filename="C:\\Users\\ana\\selo.png">
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#0b2545"/><stop offset="1" stop-color="#0ea5c6"/></linearGradient>
    <path id="p" d="M0 0h10v10z"/>
  </defs>
  <style><![CDATA[ .a { fill: url(#g); } ]]></style>
  <rect class="a" width="300" height="200" style="fill: url('#g'); opacity: .9"/>
  <use xlink:href="#p" href="#p" x="20" y="20"/>
  <text x="10" y="190" font-family="sans-serif">javascript: é só texto aqui</text>
  <animate attributeName="opacity" from="0" to="1" dur="1s"/>
</svg>
`);

describe('names', () => {
  it('accepts plain lowercase names with an accepted extension', () => {
    for (const name of ['foto-da-loja.png', 'a.jpg', 'selo-2024.jpeg', 'x1.webp', 'y.avif', 'cilindro.svg'])
      expect(checkImageName(name), name).toMatchObject({ ok: true, name });
    expect(checkImageName('foto.jpeg')).toMatchObject({ type: 'jpeg', ext: 'jpeg', base: 'foto' });
  });

  it('refuses a path, saying the image always goes to public/images/', () => {
    for (const name of ['../x.png', 'sub/x.png', '..\\x.png', '/etc/x.png', '..', 'a/../../x.png']) {
      const check = checkImageName(name);
      expect(check.ok, name).toBe(false);
      expect(!check.ok && check.error, name).toMatch(/tem um caminho de pastas.*public\/images\//);
    }
    expect(checkImageName('x.png\0.svg')).toMatchObject({ ok: false, error: /caracteres de controle/ });
    expect(checkImageName('.oculto.png')).toMatchObject({ ok: false, error: /começa com ponto/ });
    expect(checkImageName('')).toMatchObject({ ok: false, error: /Informe o nome/ });
    expect(checkImageName(null)).toMatchObject({ ok: false, error: /Informe o nome/ });
  });

  it('refuses capitals, accents and spaces with a suggestion, and other types by name', () => {
    expect(checkImageName('Foto da Promoção.JPG')).toEqual({
      ok: false,
      error: expect.stringMatching(/letras minúsculas sem acento.*Sugestão: foto-da-promocao\.jpg\./),
      suggestion: 'foto-da-promocao.jpg',
    });
    expect(checkImageName('animacao.gif')).toMatchObject({
      ok: false,
      error: /PNG, JPEG, WebP, AVIF ou SVG.*\(recebido: \.gif\)/,
    });
    expect(checkImageName('sem-extensao')).toMatchObject({ ok: false, error: /precisa terminar em \.png/ });
    expect(checkImageName(`${'a'.repeat(90)}.png`)).toMatchObject({ ok: false, error: /o limite é 80/ });
    // The build's own sizes are named so.
    expect(checkImageName('foto-640w.png')).toMatchObject({ ok: false, suggestion: 'foto-640.png' });
    expect(suggestImageName('C:\\Fotos\\Ação Rápida!! (1).PNG')).toBe('acao-rapida-1.png');
    expect(suggestImageName('relatorio.pdf')).toBeUndefined();
  });

  it('never reuses a name, nor a photo’s name with another raster extension (their sizes would clash)', () => {
    const taken = ['foto.jpg', 'foto-2.png', 'cilindro.svg'];
    expect(nameTaken('foto.jpg', taken)).toBe('foto.jpg');
    expect(nameTaken('foto.png', taken)).toBe('foto.jpg');
    expect(nameTaken('foto.svg', taken)).toBeUndefined();
    expect(nameTaken('cilindro.png', taken)).toBeUndefined();
    expect(freeName('foto.png', taken)).toBe('foto-3.png');
    expect(freeName('cilindro.svg', taken)).toBe('cilindro-2.svg');
  });
});

describe('what the bytes are', () => {
  it('knows PNG, JPEG, WebP and AVIF by their magic numbers, SVG by its markup, and names the rest', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
    expect(sniffImageType(await base.clone().png().toBuffer())).toEqual({ type: 'png' });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toEqual({ type: 'jpeg' });
    expect(sniffImageType(await base.clone().webp().toBuffer())).toEqual({ type: 'webp' });
    expect(sniffImageType(await base.clone().avif().toBuffer())).toEqual({ type: 'avif' });
    expect(sniffImageType(await base.clone().gif().toBuffer())).toEqual({ other: 'GIF' });
    expect(sniffImageType(Buffer.from('\uFEFF  <?xml version="1.0"?><svg/>'))).toEqual({ type: 'svg' });
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toEqual({ other: 'PDF' });
    expect(sniffImageType(Buffer.from('só texto'))).toBeUndefined();
  });

  it('refuses a file whose content is not the type its name says, saying what it really is', async () => {
    const bytes = await png(10, 10);
    await expect(inspectImage('svg', bytes)).rejects.toThrow(
      'O arquivo tem nome de SVG, mas o conteúdo é PNG. Renomeie-o para terminar em .png e envie de novo.',
    );
    await expect(inspectImage('jpeg', GOOD_SVG)).rejects.toThrow(/nome de JPEG, mas o conteúdo é SVG/);
    await expect(inspectImage('png', Buffer.from('GIF89a……'))).rejects.toThrow(/O arquivo é um GIF/);
    await expect(inspectImage('png', Buffer.alloc(0))).rejects.toThrow(/vazio/);
  });

  it('reads a photo’s size as the build shows it (EXIF rotation) and refuses one sharp cannot decode', async () => {
    expect(await checkRaster('png', await png(64, 48))).toEqual({ ok: true, width: 64, height: 48 });
    const turned = await sharp(await png(64, 48))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await checkRaster('jpeg', turned)).toEqual({ ok: true, width: 48, height: 64 });
    const avif = await sharp(await png(40, 30))
      .avif()
      .toBuffer();
    expect(await inspectImage('avif', avif)).toEqual({ type: 'avif', width: 40, height: 30 });
    // A PNG cut short: its header is fine, its pixels are missing.
    const whole = await sharp(Buffer.alloc(200 * 200 * 3, 7), {
      raw: { width: 200, height: 200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cut = await checkRaster('png', whole.subarray(0, whole.length / 2));
    expect(cut).toMatchObject({ ok: false, status: 422, reason: /corrompido ou incompleto/ });
    const garbage = Buffer.concat([whole.subarray(0, 8), Buffer.alloc(100, 1)]);
    await expect(inspectImage('png', garbage)).rejects.toThrow(/corrompido ou incompleto/);
  });

  it('refuses more pixels than the limit (a decompression bomb is small in bytes)', async () => {
    // A PNG whose header says 8000 × 8000 (64 megapixels): refused from the header, never decoded.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const frame = Buffer.alloc(body.length + 8);
      frame.writeUInt32BE(data.length, 0);
      body.copy(frame, 4);
      frame.writeUInt32BE(crc32(body), body.length + 4);
      return frame;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(8000, 0);
    header.writeUInt32BE(8000, 4);
    header.set([8, 0, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      (await png(1, 1)).subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(8001 * 64))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await checkRaster('png', bomb)).toMatchObject({
      ok: false,
      reason: /8000 × 8000 pixels \(64 megapixels\); o limite é 50/,
    });
  });
});

describe('SVG: inert drawings only', () => {
  it('accepts a drawing with gradients, same-file references, styles without addresses and editor metadata', async () => {
    expect(await checkSvg(GOOD_SVG)).toEqual({ ok: true, width: 300, height: 200 });
  });

  it('accepts every drawing the site already has, at the size the pages give them', async () => {
    const dir = path.join(root, 'public/images');
    const sizes: Record<string, unknown> = {};
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.svg'))) {
      const check = await checkSvg(await readFile(path.join(dir, file)));
      expect(check.ok, `${file}: ${JSON.stringify(check)}`).toBe(true);
      sizes[file] = check;
    }
    expect(sizes['troca-na-porta.svg']).toEqual({ ok: true, width: 560, height: 440 });
    expect(sizes['cilindro.svg']).toEqual({ ok: true, width: 240, height: 320 });
  });

  const refusals: [string, Buffer, RegExp][] = [
    ['<script>', svg('<script>alert(1)</script>'), /tem <script> \(código que roda no navegador\)/],
    [
      'a script in the XHTML namespace',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">x</h:script>'),
      /<script>/,
    ],
    [
      'onload=',
      svg('<rect/>', SVG_OPEN.replace('<svg ', '<svg onload="alert(1)" ')),
      /atributo de evento onload=/,
    ],
    ['OnClick= in capitals', svg('<g><rect OnClick="x()"/></g>'), /atributo de evento OnClick= em <rect>/],
    [
      'an external href',
      svg('<image href="https://exemplo.com/x.png" width="1" height="1"/>'),
      /outro endereço \(href="https:\/\/exemplo\.com\/x\.png" em <image>\)/,
    ],
    [
      'an external xlink:href',
      svg('<use xlink:href="outro.svg#a"/>'),
      /outro endereço \(xlink:href="outro\.svg#a" em <use>\)/,
    ],
    [
      'a data: image',
      svg('<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>'),
      /imagem embutida.*não consegue conferir/,
    ],
    [
      '<foreignObject>',
      svg(
        '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      ),
      /tem <foreignObject>/,
    ],
    [
      'HTML inside the drawing',
      svg('<h:div xmlns:h="http://www.w3.org/1999/xhtml">x</h:div>'),
      /tem HTML \(<div>\)/,
    ],
    ['<iframe>', svg('<iframe src="https://exemplo.com"/>'), /<iframe>/],
    ['a link <a>', svg('<a href="#x"><rect/></a>'), /link <a>/],
    [
      'a DOCTYPE with an ENTITY',
      Buffer.from(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "oi">]>${SVG_OPEN}<text>&x;</text></svg>`),
      /<!DOCTYPE>/,
    ],
    [
      'an xml-stylesheet',
      Buffer.from(`<?xml-stylesheet href="https://exemplo.com/a.css"?>${SVG_OPEN}</svg>`),
      /<\?xml-stylesheet …\?>/,
    ],
    [
      '<style> with url() to another file',
      svg('<style>rect { fill: url(https://exemplo.com/p.svg#g) }</style>'),
      /url\(https:\/\/exemplo\.com\/p\.svg#g\) em <style>/,
    ],
    ['<style> with @import', svg('<style>@import "https://exemplo.com/a.css";</style>'), /@import/],
    [
      'a style attribute with expression()',
      svg('<rect style="width: expression(alert(1))"/>'),
      /expression\(\)/,
    ],
    [
      'a style attribute with javascript:',
      svg('<rect style="background: url(javascript:alert(1))"/>'),
      /javascript:/,
    ],
    ['CSS escapes', svg('<style>rect { fill: \\75 rl(https://exemplo.com/x) }</style>'), /escapes/],
    [
      'a presentation attribute with url() outside',
      svg('<rect fill="url(https://exemplo.com/x.svg#g)"/>'),
      /no atributo fill de <rect>/,
    ],
    [
      '<set> of an href',
      svg('<use href="#a"><set attributeName="href" to="https://exemplo.com/x.svg#a"/></use>'),
      /animação <set> que muda o atributo href/,
    ],
    [
      '<animate> of an event attribute',
      svg('<rect><animate attributeName="onclick" to="alert(1)"/></rect>'),
      /animação <animate> que muda o atributo onclick/,
    ],
    ['xml:base', svg('<g xml:base="https://exemplo.com/"><use href="#a"/></g>'), /xml:base/],
  ];
  it.each(refusals)('refuses %s, saying why', async (_what, bytes, reason) => {
    const check = await checkSvg(bytes);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(/^O SVG foi recusado porque /);
    expect(!check.ok && check.reason).toMatch(reason);
  });

  it('refuses what is not an SVG a browser shows: malformed, another root, no namespace, not UTF-8', async () => {
    const reason = async (bytes: Buffer) => {
      const check = await checkSvg(bytes);
      return check.ok ? 'aceito' : check.reason;
    };
    expect(await reason(Buffer.from(`${SVG_OPEN}<g></svg>`))).toMatch(/XML está malformado \(linha 1/);
    expect(await reason(Buffer.from('<html><body/></html>'))).toMatch(/o elemento principal é <html>/);
    expect(await reason(Buffer.from('<svg width="1" height="1"/>'))).toMatch(
      /falta xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    expect(
      await reason(Buffer.from([...Buffer.from(`${SVG_OPEN}<text>`), 0xe9, ...Buffer.from('</text></svg>')])),
    ).toMatch(/não está em UTF-8/);
    expect(await reason(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><svg/>'))).toMatch(
      /codificação ISO-8859-1/,
    );
  });

  it('sizes a drawing from width and height in px, else from its viewBox, and refuses one with neither', async () => {
    expect(svgSize({ width: '120px', height: '80.4', viewBox: null })).toEqual({ width: 120, height: 80 });
    expect(svgSize({ width: '100%', height: '100%', viewBox: '0 0 480 360' })).toEqual({
      width: 480,
      height: 360,
    });
    expect(svgSize({ width: '240', height: null, viewBox: '0,0,480,360' })).toEqual({
      width: 240,
      height: 180,
    });
    expect(svgSize({ width: '10cm', height: '5cm', viewBox: null })).toBeUndefined();
    expect(svgSize({ width: null, height: null, viewBox: '0 0 0 10' })).toBeUndefined();
    const unsized = await checkSvg(svg('<rect/>', '<svg xmlns="http://www.w3.org/2000/svg">'));
    expect(unsized).toMatchObject({ ok: false, reason: /não diz o próprio tamanho/ });
  });

  it('lets CSS reference the drawing’s own parts only', () => {
    expect(cssProblem('fill: url(#g); stroke: url( "#h" )')).toBeUndefined();
    expect(cssProblem('/* url(https://x) */ fill: red')).toBeUndefined();
    expect(cssProblem('fill: url(x.svg#g)')).toMatch(/url\(x\.svg#g\)/);
    expect(cssProblem('background: image-set("x.png" 1x)')).toMatch(/image-set/);
  });
});

describe('the form’s edit of a chosen image', () => {
  it('writes src, width and height as one change, leaving every other line as it was', () => {
    const text = `blocks:
  - type: hero
    title: Olá # um comentário
    image:
      src: /images/troca-na-porta.svg
      alt: Entrega
      width: 560
      height: 440
  - type: faq
`;
    const change = setValues(text, ['blocks', 0, 'image'], {
      src: '/images/foto.png',
      width: 1200,
      height: 800,
    })!;
    const next = applyChange(text, change);
    expect(next).toBe(
      text.replace('troca-na-porta.svg', 'foto.png').replace('560', '1200').replace('440', '800'),
    );
    expect(next).toContain('title: Olá # um comentário');
    // A missing key is added; an image object that is not there yet is written whole.
    const added = applyChange(
      text,
      setValues(text, ['blocks', 0, 'image'], { src: '/images/a.svg', extra: 1 })!,
    );
    expect(parse(added).blocks[0].image).toMatchObject({ src: '/images/a.svg', extra: 1, alt: 'Entrega' });
    const whole = applyChange(
      text,
      setValues(text, ['blocks', 1, 'image'], { src: '/images/a.svg', width: 2, height: 3 })!,
    );
    expect(parse(whole).blocks[1].image).toEqual({ src: '/images/a.svg', width: 2, height: 3 });
    expect(setValues(text, ['blocks', 0, 'image'], { width: 560 })).toBeUndefined();
  });
});

describe('the size written with a chosen image', () => {
  it('is the natural size, or where the schema bounds it (a floating image) the drawn width kept in proportion', () => {
    const natural = { width: { minimum: 1 }, height: { minimum: 1 } };
    expect(sizeToWrite(natural, 560, { width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(sizeToWrite(natural, 560, { url: '/images/x.png' } as { width?: number })).toEqual({});
    const floating = { width: { minimum: 16, maximum: 240 }, height: { minimum: 16, maximum: 480 } };
    expect(sizeToWrite(floating, 80, { width: 640, height: 480 })).toEqual({ width: 80, height: 60 });
    expect(sizeToWrite(floating, undefined, { width: 640, height: 480 })).toEqual({
      width: 240,
      height: 180,
    });
    expect(sizeToWrite(floating, 200, { width: 10, height: 1000 })).toEqual({ width: 200, height: 480 });
  });
});

describe('POST /api/images', () => {
  let studio: Studio;
  let imagesDir: string;
  beforeAll(async () => {
    studio = await startStudio({ copyPublic: true });
    imagesDir = path.join(studio.publicDir, 'images');
  }, 120_000);
  afterAll(() => studio?.close());

  const upload = (
    name: string,
    body: Buffer | string,
    headers: Record<string, string> = {},
    query = `name=${encodeURIComponent(name)}`,
  ) =>
    fetch(`${studio.base}/api/images?${query}`, {
      method: 'POST',
      headers: { Cookie: studio.cookie, Origin: studio.origin, 'Content-Type': 'image/png', ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  const auditLines = async () =>
    (await readFile(path.join(studio.dataDir, 'audit.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { action: string; who: string; details: Record<string, unknown> });

  /** Sends a refused upload: its status and Portuguese error, nothing written, the refusal logged. */
  async function refused(
    send: () => Promise<{ status: number; text: string }>,
    status: number,
    error: RegExp,
  ) {
    const before = await snapshot(studio.publicDir);
    const logged = (await auditLines()).length;
    const answer = await send();
    const body = JSON.parse(answer.text) as UploadRefused;
    expect(answer.status, answer.text).toBe(status);
    expect(body.error).toMatch(error);
    expect(await snapshot(studio.publicDir)).toEqual(before);
    const lines = (await auditLines()).slice(logged);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'enviar-imagem-recusado',
      details: { status, reason: body.error },
    });
    return body;
  }
  const viaFetch = (name: string, body: Buffer | string, query?: string) => async () => {
    const res = await upload(name, body, {}, query);
    return { status: res.status, text: await res.text() };
  };

  it('refuses a PNG renamed .svg, saying it is a PNG', async () => {
    await refused(viaFetch('foto.svg', await png(20, 10)), 415, /nome de SVG, mas o conteúdo é PNG/);
  });

  it('refuses SVGs that are not inert: <script>, onload=, an external href, <foreignObject>', async () => {
    await refused(viaFetch('a.svg', svg('<script>alert(document.cookie)</script>')), 422, /<script>/);
    await refused(viaFetch('b.svg', svg('<rect onload="alert(1)"/>')), 422, /atributo de evento onload=/);
    await refused(viaFetch('c.svg', svg('<use href="https://exemplo.com/x.svg#a"/>')), 422, /outro endereço/);
    await refused(
      viaFetch('d.svg', svg('<foreignObject><p xmlns="http://www.w3.org/1999/xhtml"/></foreignObject>')),
      422,
      /<foreignObject>/,
    );
  });

  it('refuses an oversized file while it streams in, with or without a declared length', async () => {
    const big = Buffer.alloc(IMAGE_LIMITS.rasterBytes + 1, 0);
    (await png(1, 1)).copy(big);
    const send = (chunked: boolean, name: string, bytes: Buffer) => () =>
      rawRequest(studio.server.port, {
        method: 'POST',
        path: `/api/images?name=${name}`,
        headers: {
          Host: `127.0.0.1:${studio.server.port}`,
          Cookie: studio.cookie,
          Origin: studio.origin,
          'Content-Type': 'image/png',
          ...(chunked ? {} : { 'Content-Length': String(bytes.length) }),
        },
        chunks: chunked ? [bytes.subarray(0, 1024 * 1024), bytes.subarray(1024 * 1024)] : [bytes],
      });
    await refused(
      send(false, 'grande.png', big),
      413,
      /passa de 5 MB, o limite de uma foto: nada foi gravado/,
    );
    await refused(send(true, 'grande.png', big), 413, /passa de 5 MB/);
    const bigSvg = svg(`<desc>${'x'.repeat(IMAGE_LIMITS.svgBytes)}</desc>`);
    await refused(send(true, 'grande.svg', bigSvg), 413, /passa de 512 KB, o limite de um SVG/);
  });

  it('refuses a path in the name, however it is spelled', async () => {
    const bytes = await png(4, 4);
    for (const query of ['name=..%2Fx.png', 'name=sub%2Fx.png', 'name=%2e%2e%2fx.png', 'name=..%5Cx.png']) {
      const body = await refused(
        viaFetch('', bytes, query),
        400,
        /tem um caminho de pastas: informe só o nome do arquivo/,
      );
      expect(body.suggestion).toBe('x.png');
    }
    await refused(
      viaFetch('', bytes, 'name=%252e%252e%252fx.png'),
      400,
      /não serve: use só letras minúsculas/,
    );
    await refused(viaFetch('', bytes, 'outro=x.png'), 400, /Informe o nome do arquivo/);
    await refused(viaFetch('Foto da Loja.png', bytes), 400, /Sugestão: foto-da-loja\.png/);
    expect(await readdir(path.dirname(studio.publicDir))).not.toContain('x.png');
  });

  it('never replaces an image: an existing name is refused with a free one suggested', async () => {
    const original = await readFile(path.join(imagesDir, 'cilindro.svg'));
    const body = await refused(
      viaFetch('cilindro.svg', GOOD_SVG),
      409,
      /Já existe uma imagem public\/images\/cilindro\.svg\. Nada foi gravado/,
    );
    expect(body.suggestion).toBe('cilindro-2.svg');
    expect(body.error).toContain('por exemplo cilindro-2.svg');
    expect(await readFile(path.join(imagesDir, 'cilindro.svg'))).toEqual(original);
  });

  it('accepts a good PNG: written as sent, with its size, listed and logged', async () => {
    const bytes = await png(64, 48);
    const res = await upload('foto-da-loja.png', bytes, { 'Content-Type': 'application/octet-stream' });
    const body = (await res.json()) as UploadedImage;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toEqual({ url: '/images/foto-da-loja.png', width: 64, height: 48, type: 'png' });
    expect(sha256(await readFile(path.join(imagesDir, 'foto-da-loja.png')))).toBe(sha256(bytes));
    // No temporary file is left behind.
    expect((await readdir(imagesDir)).filter((f) => f.startsWith('.'))).toEqual([]);
    expect((await auditLines()).at(-1)).toMatchObject({
      action: 'enviar-imagem',
      details: {
        file: 'public/images/foto-da-loja.png',
        bytes: bytes.length,
        type: 'png',
        width: 64,
        height: 48,
      },
    });
    const list = (await (await studio.api('GET', '/api/images')).json()) as ImagesAnswer;
    expect(list.images).toContainEqual({ url: '/images/foto-da-loja.png', width: 64, height: 48 });
    expect(list.images).toContainEqual({ url: '/images/cilindro.svg', width: 240, height: 320 });
    // The preview frame gets it like any public file.
    const served = await fetch(`${studio.base}/images/foto-da-loja.png`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);

    // Another photo under the same name with another extension would share its generated sizes.
    await refused(
      viaFetch('foto-da-loja.jpg', await sharp(bytes).jpeg().toBuffer()),
      409,
      /Já existe a foto public\/images\/foto-da-loja\.png com o mesmo nome/,
    );
  });

  it('accepts a good SVG with its size', async () => {
    const res = await upload('selo-novo.svg', GOOD_SVG, { 'Content-Type': 'image/svg+xml' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ url: '/images/selo-novo.svg', width: 300, height: 200, type: 'svg' });
    expect(await readFile(path.join(imagesDir, 'selo-novo.svg'))).toEqual(GOOD_SVG);
    expect((await auditLines()).at(-1)).toMatchObject({
      action: 'enviar-imagem',
      details: { file: 'public/images/selo-novo.svg', width: 300, height: 200 },
    });
  });

  it('lets exactly one of two uploads of the same name at once through', async () => {
    const [a, b] = await Promise.all([
      upload('duas-vezes.png', await png(10, 10)),
      upload('duas-vezes.png', await png(20, 20)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = (await (a.status === 201 ? a : b).json()) as UploadedImage;
    const meta = await sharp(await readFile(path.join(imagesDir, 'duas-vezes.png'))).metadata();
    expect(meta.width).toBe(winner.width);
  });

  it('takes an upload only with the session cookie and from the Estúdio’s own pages', async () => {
    const before = await snapshot(studio.publicDir);
    const bytes = await png(8, 8);
    const noCookie = await fetch(`${studio.base}/api/images?name=sem-cookie.png`, {
      method: 'POST',
      headers: { Origin: studio.origin },
      body: new Uint8Array(bytes),
    });
    expect(noCookie.status).toBe(401);
    const foreign = await upload('outro-site.png', bytes, { Origin: 'https://exemplo.com' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as UploadRefused).error).toMatch(
      /só são aceitas a partir das telas do próprio Estúdio/,
    );
    expect(await snapshot(studio.publicDir)).toEqual(before);
  });

  it('refuses a public/images/ that is a link out of public/, and makes a missing one', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'fora-'));
    const moved = path.join(studio.tmp, 'images-guardadas');
    await rename(imagesDir, moved);
    try {
      await symlink(outside, imagesDir);
      const bytes = await png(8, 8);
      const res = await upload('fuga.png', bytes);
      expect(res.status).toBe(403);
      expect(((await res.json()) as UploadRefused).error).toMatch(/atalho para fora da pasta public\//);
      expect(await readdir(outside)).toEqual([]);
      await rm(imagesDir);
      // A refused upload does not even make the folder.
      expect((await upload('ruim.svg', svg('<script/>'))).status).toBe(422);
      await expect(readdir(imagesDir)).rejects.toThrow(/ENOENT/);
      const created = await upload('primeira.png', bytes);
      expect(created.status).toBe(201);
      expect(await readdir(imagesDir)).toEqual(['primeira.png']);
      await rm(imagesDir, { recursive: true });
    } finally {
      await rm(imagesDir, { recursive: true, force: true });
      await rename(moved, imagesDir);
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('gives the build an uploaded photo as the original of its AVIF and WebP sizes', async () => {
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0ea5c6' } })
      .png()
      .toBuffer();
    const res = await upload('foto-entrega.png', bytes);
    const image = (await res.json()) as UploadedImage;
    expect(res.status).toBe(201);
    // Picture renders it as a block does; the build writes every size the HTML names.
    const html = renderToString(
      createElement(Picture, { image: { ...image, src: image.url, alt: 'Entrega' } }),
    );
    const urls = variantUrlsIn(html);
    expect(urls).toContain('/images/foto-entrega-900w.avif');
    expect(urls).toContain('/images/foto-entrega-640w.webp');
    expect(urls).toContain('/images/foto-entrega-320w.png');
    expect(sourceOf(studio.publicDir, '/images/foto-entrega')).toBe(path.join(imagesDir, 'foto-entrega.png'));
    const out = path.join(studio.tmp, 'dist');
    await mkdir(out);
    await writeImageVariants(root, studio.publicDir, out, [html]);
    for (const url of urls) {
      const meta = await sharp(path.join(out, url.slice(1))).metadata();
      expect(meta.width, url).toBe(Number(/-(\d+)w\./.exec(url)![1]));
    }
  });
});

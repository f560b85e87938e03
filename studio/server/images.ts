/**
 * Images in public/images/: the list the form chooses from, and uploads (POST /api/images). An
 * upload is refused unless its name is a plain file name (studio/image-rules.ts) that is not
 * taken, its bytes are at most the limit and are the type its name says (read from the bytes,
 * never from the browser's Content-Type), a raster decodes with sharp as the build will decode it,
 * and an SVG is inert: parsed as XML (jsdom), with no script, event handler, external reference,
 * foreignObject, link or DOCTYPE, since the file is served from the site's origin and may be
 * opened on its own. It is then written to a temporary file beside its final place and linked
 * there, so it never replaces a file and is never seen half written. Every upload and every
 * refusal goes to the audit log.
 */
import type { Dirent } from 'node:fs';
import { link, lstat, mkdir, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImageInfo, ImagesAnswer, UploadedImage } from '../api.ts';
import { checkImageName, IMAGE_EXTENSIONS, IMAGE_LIMITS, sizeText, type ImageType } from '../image-rules.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { HttpError, readRawBody } from './http.ts';
import { isErrno, isInside, serialised, writeTempBeside } from './page-files.ts';

/** Where uploads go, inside the public folder; their address on the site is /images/<name>. */
export const IMAGES_FOLDER = 'images';

const LABEL: Record<ImageType, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  avif: 'AVIF',
  svg: 'SVG',
};

/** The upload limit for a type, in bytes, and how the refusal says it. */
export function sizeLimit(type: ImageType): { bytes: number; text: string } {
  const bytes = type === 'svg' ? IMAGE_LIMITS.svgBytes : IMAGE_LIMITS.rasterBytes;
  return { bytes, text: sizeText(bytes) };
}

// ─── What the bytes are ──────────────────────────────────────────────────────────────────────

export type Sniffed = { type: ImageType } | { other: string } | undefined;

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** The ISO-BMFF brands of an `ftyp` box (AVIF, HEIC…): the major brand and the compatible ones. */
function ftypBrands(bytes: Buffer): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/**
 * The type of a file from its first bytes (magic numbers); SVG when it is text that starts with
 * markup (whether it really is an SVG is the XML parser's to say). `other` names a known type the
 * Estúdio does not take, for the refusal.
 */
export function sniffImageType(bytes: Buffer): Sniffed {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { type: 'png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { type: 'jpeg' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { type: 'webp' };
  const brands = ftypBrands(bytes);
  if (brands) {
    if (brands.some((b) => b === 'avif' || b === 'avis')) return { type: 'avif' };
    if (brands.some((b) => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(b))) return { other: 'HEIC' };
    return { other: 'um vídeo ou outro formato ISO (não AVIF)' };
  }
  const head = ascii(bytes, 0, 8);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { other: 'GIF' };
  if (head.startsWith('%PDF')) return { other: 'PDF' };
  if (head.startsWith('BM')) return { other: 'BMP' };
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return { other: 'TIFF' };
  if (head.startsWith('PK\u0003\u0004')) return { other: 'ZIP' };
  if (head.startsWith('\0\0\u0001\0')) return { other: 'ICO' };
  if (head.startsWith('8BPS')) return { other: 'PSD (Photoshop)' };
  // Text starting with markup, after an optional BOM and white space.
  const start = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<')) return { type: 'svg' };
  return undefined;
}

// ─── SVG: parsed, inert, sized ───────────────────────────────────────────────────────────────

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Elements refused wherever they are, whatever their namespace, with the reason. */
const FORBIDDEN_ELEMENTS: Record<string, string> = {
  script: 'tem <script> (código que roda no navegador)',
  foreignobject: 'tem <foreignObject> (HTML dentro do desenho)',
  iframe: 'tem <iframe> (conteúdo de outro endereço)',
  embed: 'tem <embed> (conteúdo de outro endereço)',
  object: 'tem <object> (conteúdo de outro endereço)',
  audio: 'tem <audio> (mídia carregada de outro arquivo)',
  video: 'tem <video> (mídia carregada de outro arquivo)',
  a: 'tem um link <a> (um desenho do site não leva a outro endereço; o link fica no bloco)',
  handler: 'tem <handler> (código que roda no navegador)',
  listener: 'tem <listener> (eventos que disparam código)',
};
const ANIMATIONS = new Set(['set', 'animate', 'animatecolor', 'animatemotion', 'animatetransform']);

const short = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);

/**
 * Why a piece of CSS (a `style` attribute, a <style> element, a presentation attribute) is not
 * inert, or undefined: no import, no reference outside the drawing (url() to anything but
 * "#id", image-set()), no script (expression(), javascript:, behaviours), no escapes that could
 * spell any of those in disguise.
 */
export function cssProblem(css: string): string | undefined {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (text.includes('\\')) return 'tem CSS com escapes (\\), que podem disfarçar um endereço';
  if (/@import/i.test(text)) return 'tem CSS com @import (estilos de outro arquivo)';
  if (/expression\s*\(/i.test(text)) return 'tem CSS com expression() (código)';
  if (/javascript\s*:/i.test(text)) return 'tem "javascript:" (código)';
  if (/(?:^|[^\w-])(?:behavior|-moz-binding)\s*:/i.test(text))
    return 'tem CSS com behavior/-moz-binding (código)';
  if (/(?:image-set|(?:^|[^\w-])image|(?:^|[^\w-])src)\s*\(/i.test(text))
    return 'tem CSS que carrega imagens de outro arquivo (image-set(), image() ou src())';
  for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]*)/gi)) {
    const target = match[2]!.trim();
    if (!target.startsWith('#')) return `faz referência a outro arquivo: url(${short(target).slice(1, -1)})`;
  }
  return undefined;
}

/** Why a reference (href, xlink:href, src) is refused, or undefined for "#id" in the same file. */
function referenceProblem(element: string, attribute: string, value: string): string | undefined {
  const target = value.trim();
  if (/^#[^\s]*$/.test(target)) return undefined;
  if (/^data:/i.test(target)) {
    return `tem uma imagem embutida (${attribute}="data:…" em <${element}>): o Estúdio não consegue conferir o que vai dentro dela. Envie a foto como um arquivo à parte`;
  }
  return `faz referência a outro endereço (${attribute}=${short(target)} em <${element}>): o desenho precisa ser completo em si mesmo`;
}

/** A length in px (or without unit) as a positive number, or undefined (%, em, mm…). */
function pxLength(value: string | null): number | undefined {
  if (value === null) return undefined;
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*(px)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(value.trim().replace(/px$/i, ''));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The viewBox's width and height, when it has four numbers and a positive size. */
function viewBoxSize(value: string | null): { width: number; height: number } | undefined {
  if (value === null) return undefined;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [, , width, height] = parts as [number, number, number, number];
  return width > 0 && height > 0 ? { width, height } : undefined;
}

const whole = (n: number) => Math.max(1, Math.round(n));

/**
 * The size an SVG is drawn at when a page gives it none: its width and height in px (or without
 * unit), else its viewBox (one of them with the viewBox's proportion for the other).
 */
export function svgSize(attributes: {
  width: string | null;
  height: string | null;
  viewBox: string | null;
}): { width: number; height: number } | undefined {
  const width = pxLength(attributes.width);
  const height = pxLength(attributes.height);
  const box = viewBoxSize(attributes.viewBox);
  if (width !== undefined && height !== undefined) return { width: whole(width), height: whole(height) };
  if (box && width !== undefined)
    return { width: whole(width), height: whole((width * box.height) / box.width) };
  if (box && height !== undefined)
    return { width: whole((height * box.width) / box.height), height: whole(height) };
  if (box) return { width: whole(box.width), height: whole(box.height) };
  return undefined;
}

type SvgCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

/**
 * An SVG file's bytes parsed as XML (UTF-8, well-formed, an <svg> root in the SVG namespace), or
 * why not. The caller closes the window.
 */
async function parseSvg(bytes: Buffer): Promise<{ window: Window; root: Element } | { reason: string }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { reason: 'O SVG não está em UTF-8: salve o arquivo de novo em UTF-8 (o padrão dos editores).' };
  }
  const declared = /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    return { reason: `O SVG declara a codificação ${declared}: salve o arquivo em UTF-8.` };
  }
  const { JSDOM } = await import('jsdom');
  let window: Window;
  try {
    // No scripts run and nothing is fetched: jsdom's defaults.
    window = new JSDOM(text, { contentType: 'image/svg+xml' }).window as unknown as Window;
  } catch (error) {
    const where = error instanceof Error ? error.message.replace(/^about:blank:/, 'linha ') : '';
    return {
      reason: `O arquivo não é um SVG válido: o XML está malformado${where ? ` (${where})` : ''}. Exporte o desenho de novo pelo editor de imagens.`,
    };
  }
  const root = window.document.documentElement;
  const reason = !root
    ? 'O arquivo não é um SVG: não há nenhum elemento.'
    : root.localName !== 'svg'
      ? `O arquivo não é um SVG: o elemento principal é <${root.localName}>, e não <svg>.`
      : root.namespaceURI !== SVG_NS
        ? `O arquivo não é um SVG que o navegador mostre: falta xmlns="${SVG_NS}" no <svg>.`
        : undefined;
  if (reason) {
    window.close();
    return { reason };
  }
  return { window, root };
}

const rootSize = (root: Element) =>
  svgSize({
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
    viewBox: root.getAttribute('viewBox'),
  });

/**
 * Parses an SVG file's bytes as XML and checks that it is an inert drawing with a size. Refused:
 * not UTF-8, not well-formed XML, a root other than <svg> in the SVG namespace, a DOCTYPE (entities),
 * processing instructions (xml-stylesheet…), the elements of FORBIDDEN_ELEMENTS and HTML elements,
 * event attributes (on…, any case), references outside the file (href, xlink:href, src to anything
 * but "#id"; data: URIs too), xml:base, animations that set a reference or an event attribute, and
 * CSS that loads or runs something (cssProblem).
 */
export async function checkSvg(bytes: Buffer): Promise<SvgCheck> {
  const parsed = await parseSvg(bytes);
  if ('reason' in parsed) return { ok: false, reason: parsed.reason };
  const { window, root } = parsed;
  try {
    const refuse = (why: string): SvgCheck => ({ ok: false, reason: `O SVG foi recusado porque ${why}.` });
    const doc = window.document;
    // Every node in document order (the first problem is the one reported), without recursion:
    // a file of 512 KB can nest deeper than the stack.
    const pending: Node[] = [...doc.childNodes].reverse();
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.nodeType === node.DOCUMENT_TYPE_NODE) {
        return refuse(
          'tem uma declaração <!DOCTYPE> (que pode definir entidades e carregar outros arquivos)',
        );
      }
      if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE) {
        return refuse(
          `tem a instrução <?${(node as ProcessingInstruction).target} …?> (como xml-stylesheet, que carrega estilos de outro arquivo)`,
        );
      }
      if (node.nodeType !== node.ELEMENT_NODE) continue;
      const element = node as Element;
      const name = element.localName.toLowerCase();
      const forbidden = FORBIDDEN_ELEMENTS[name];
      if (forbidden) return refuse(forbidden);
      if (element.namespaceURI === XHTML_NS)
        return refuse(`tem HTML (<${element.localName}>) dentro do desenho`);
      if (name === 'style') {
        const problem = cssProblem(element.textContent ?? '');
        if (problem) return refuse(`${problem} em <style>`);
      }
      if (ANIMATIONS.has(name)) {
        const target = (element.getAttribute('attributeName') ?? '').trim().toLowerCase();
        if (target.startsWith('on') || target === 'href' || target.endsWith(':href')) {
          return refuse(`tem uma animação <${element.localName}> que muda o atributo ${target}`);
        }
      }
      for (const attribute of element.attributes) {
        if (attribute.namespaceURI === XMLNS_NS) continue;
        const local = attribute.localName.toLowerCase();
        if (local.startsWith('on')) {
          return refuse(
            `tem o atributo de evento ${attribute.name}= em <${element.localName}> (código que roda no navegador)`,
          );
        }
        if (local === 'href' || local === 'src') {
          const problem = referenceProblem(element.localName, attribute.name, attribute.value);
          if (problem) return refuse(problem);
        }
        if (attribute.namespaceURI === XML_NS && local === 'base') {
          return refuse('tem xml:base (muda o endereço de onde as referências são lidas)');
        }
        // Metadata of editors (inkscape:, sodipodi:, rdf:…) is not read by browsers.
        if (attribute.namespaceURI === null) {
          const problem = cssProblem(attribute.value);
          if (problem) return refuse(`${problem} no atributo ${attribute.name} de <${element.localName}>`);
        }
      }
      pending.push(...[...element.childNodes].reverse());
    }
    const size = rootSize(root);
    if (!size) {
      return {
        ok: false,
        reason:
          'O SVG não diz o próprio tamanho: o <svg> precisa de width e height em pixels ou de um viewBox. Exporte de novo com o tamanho definido.',
      };
    }
    return { ok: true, ...size };
  } finally {
    window.close();
  }
}

// ─── Raster: decoded as the build decodes it ─────────────────────────────────────────────────

type RasterCheck =
  { ok: true; width: number; height: number } | { ok: false; status: number; reason: string };

/** sharp's name for each type (AVIF is a HEIF file with AV1 inside). */
const SHARP_FORMAT: Record<Exclude<ImageType, 'svg'>, string> = {
  png: 'png',
  jpeg: 'jpeg',
  webp: 'webp',
  avif: 'heif',
};

/**
 * Reads a photo with sharp, as runtime/build/images.ts will (same failOn default, same rotation by
 * its EXIF orientation): its size as shown, or why it cannot be used.
 */
export async function checkRaster(type: Exclude<ImageType, 'svg'>, bytes: Buffer): Promise<RasterCheck> {
  const { default: sharp } = await import('sharp');
  const unreadable: RasterCheck = {
    ok: false,
    status: 422,
    reason: `Não foi possível ler a imagem ${LABEL[type]}: o arquivo parece corrompido ou incompleto. Abra-o num editor de imagens e exporte de novo.`,
  };
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return unreadable;
  }
  if (metadata.format !== SHARP_FORMAT[type] || (type === 'avif' && metadata.compression !== 'av1')) {
    return unreadable;
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) return unreadable;
  if (width * height > IMAGE_LIMITS.pixels) {
    return {
      ok: false,
      status: 422,
      reason: `A imagem tem ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); o limite é ${IMAGE_LIMITS.pixels / 1e6}. O site mostra fotos com até 2400 pixels de largura: reduza a imagem e envie de novo.`,
    };
  }
  try {
    // The whole image is decoded (a truncated file fails here), into a small size.
    await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.pixels })
      .rotate()
      .resize({ width: Math.min(width, 64), withoutEnlargement: true })
      .raw()
      .toBuffer();
  } catch {
    return unreadable;
  }
  return { ok: true, width, height };
}

/**
 * What an upload's bytes are, checked against the type its name says: the size as shown, or a
 * refusal (HttpError) that says what the file really is.
 */
export async function inspectImage(
  expected: ImageType,
  bytes: Buffer,
): Promise<{ type: ImageType; width: number; height: number }> {
  if (bytes.length === 0) throw new HttpError(400, 'O arquivo está vazio: nada foi gravado.');
  const sniffed = sniffImageType(bytes);
  const accepted = 'o Estúdio aceita PNG, JPEG, WebP, AVIF ou SVG';
  if (sniffed === undefined) {
    throw new HttpError(
      415,
      `O conteúdo do arquivo não é de uma imagem ${LABEL[expected]} (nem de outro tipo que ${accepted}).`,
    );
  }
  if ('other' in sniffed) {
    throw new HttpError(
      415,
      `O arquivo é ${/^[A-Z]/.test(sniffed.other) ? `um ${sniffed.other}` : sniffed.other}: ${accepted}. Converta a imagem num editor de imagens.`,
    );
  }
  if (sniffed.type !== expected) {
    const ext = Object.entries(IMAGE_EXTENSIONS).find(([, t]) => t === sniffed.type)![0];
    throw new HttpError(
      415,
      `O arquivo tem nome de ${LABEL[expected]}, mas o conteúdo é ${LABEL[sniffed.type]}. Renomeie-o para terminar em .${ext} e envie de novo.`,
    );
  }
  if (expected === 'svg') {
    const svg = await checkSvg(bytes);
    if (!svg.ok) throw new HttpError(422, svg.reason);
    return { type: 'svg', width: svg.width, height: svg.height };
  }
  const raster = await checkRaster(expected, bytes);
  if (!raster.ok) throw new HttpError(raster.status, raster.reason);
  return { type: expected, width: raster.width, height: raster.height };
}

// ─── The folder and the write ────────────────────────────────────────────────────────────────

/**
 * public/images/ through realpath, created when missing if `create` (else undefined when missing):
 * refused (403) when it is a link, or inside a link, that leads out of the public folder.
 */
export async function imagesFolder(publicDir: string, create: true): Promise<string>;
export async function imagesFolder(publicDir: string, create: boolean): Promise<string | undefined>;
export async function imagesFolder(publicDir: string, create: boolean): Promise<string | undefined> {
  if (create) await mkdir(publicDir, { recursive: true });
  let publicReal: string;
  let real: string;
  try {
    publicReal = await realpath(publicDir);
    const dir = path.join(publicReal, IMAGES_FOLDER);
    if (create) {
      try {
        await mkdir(dir);
      } catch (error) {
        if (!isErrno(error, 'EEXIST')) throw error;
      }
    }
    real = await realpath(dir);
  } catch (error) {
    if (!create && isErrno(error, 'ENOENT')) return undefined;
    throw error;
  }
  if (real === publicReal || !isInside(publicReal, real)) {
    throw new HttpError(
      403,
      'A pasta public/images/ é um atalho para fora da pasta public/: o Estúdio não grava imagens fora dela.',
    );
  }
  if (!(await stat(real)).isDirectory()) {
    throw new HttpError(409, 'public/images existe mas não é uma pasta: nada foi gravado.');
  }
  return real;
}

const RASTER_SOURCES = new Set(['jpg', 'jpeg', 'png', 'webp']);

/**
 * Why `name` cannot be used in the folder whose file names are `taken`: it exists, or it is a
 * photo whose generated sizes ("foto-640w.avif") would be named like those of another photo with
 * the same name ("foto.jpg" beside "foto.png": runtime/build/images.ts finds one original per name).
 */
export function nameTaken(name: string, taken: readonly string[]): string | undefined {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  if (lower.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const base = name.slice(0, dot).toLowerCase();
  if (!RASTER_SOURCES.has(name.slice(dot + 1))) return undefined;
  return taken.find((other) => {
    const at = other.lastIndexOf('.');
    return (
      at > 0 &&
      other.slice(0, at).toLowerCase() === base &&
      RASTER_SOURCES.has(other.slice(at + 1).toLowerCase())
    );
  });
}

/** "foto.png" → the first of "foto-2.png", "foto-3.png"… that nameTaken allows. */
export function freeName(name: string, taken: readonly string[]): string {
  const dot = name.lastIndexOf('.');
  const base = name.slice(0, dot).replace(/-\d+$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}${name.slice(dot)}`;
    if (nameTaken(candidate, taken) === undefined) return candidate;
  }
}

function refuseTaken(name: string, taken: readonly string[]): void {
  const clash = nameTaken(name, taken);
  if (clash === undefined) return;
  const suggestion = freeName(name, taken);
  const why =
    clash.toLowerCase() === name.toLowerCase()
      ? `Já existe uma imagem public/images/${clash}`
      : `Já existe a foto public/images/${clash} com o mesmo nome: as versões que o build gera das duas (${name.slice(0, name.lastIndexOf('.'))}-640w.avif…) teriam o mesmo endereço`;
  throw new HttpError(
    409,
    `${why}. Nada foi gravado e nenhuma imagem é substituída: escolha outro nome, por exemplo ${suggestion}.`,
    { suggestion },
  );
}

/**
 * Writes a new file: a temporary file in the same folder (its name starts with "." and ends in
 * .tmp: never listed, never served), flushed, then hard-linked to its name, which fails if the name
 * exists (a rename would replace it), then the temporary name removed.
 */
export async function writeNewFile(dir: string, name: string, bytes: Buffer): Promise<void> {
  const abs = path.join(dir, name);
  const temp = await writeTempBeside(abs, bytes, 0o644);
  try {
    await link(temp, abs);
  } finally {
    await rm(temp, { force: true });
  }
}

// ─── The API ─────────────────────────────────────────────────────────────────────────────────

const fileNames = async (dir: string) =>
  (await readdir(dir, { withFileTypes: true })).map((entry: Dirent) => entry.name);

/** POST /api/images?name=foto-da-loja.png, the file's bytes as the body (studio/api.ts: UploadedImage). */
export async function uploadImage(ctx: ApiContext, request: ApiRequest): Promise<Answer> {
  const rawName = request.query.get('name');
  const who = request.person.email;
  let received: number | undefined;
  try {
    const name = checkImageName(rawName);
    if (!name.ok) {
      throw new HttpError(400, name.error, name.suggestion ? { suggestion: name.suggestion } : {});
    }
    // Checked before the body is read; the folder is made only for a file that passed.
    const existing = await imagesFolder(ctx.publicDir, false);
    if (existing) refuseTaken(name.name, await fileNames(existing));
    const limit = sizeLimit(name.type);
    const bytes = await readRawBody(
      request.req,
      limit.bytes,
      () =>
        new HttpError(
          413,
          `A imagem passa de ${limit.text}, o limite de ${name.type === 'svg' ? 'um SVG' : 'uma foto'}: nada foi gravado. ${name.type === 'svg' ? 'Simplifique o desenho ou exporte-o sem imagens embutidas.' : 'Reduza a foto (2400 pixels de largura bastam) ou salve-a com mais compressão.'}`,
        ),
    );
    received = bytes.length;
    const image = await inspectImage(name.type, bytes);
    const dir = await imagesFolder(ctx.publicDir, true);
    await serialised(path.join(dir, name.name), async () => {
      // Checked again in the queue: another upload of the same name may have just finished.
      refuseTaken(name.name, await fileNames(dir));
      try {
        await writeNewFile(dir, name.name, bytes);
      } catch (error) {
        if (isErrno(error, 'EEXIST')) refuseTaken(name.name, await fileNames(dir));
        throw error;
      }
    });
    const answer: UploadedImage = { url: `/${IMAGES_FOLDER}/${name.name}`, ...image };
    await ctx.audit
      .record('enviar-imagem', who, {
        file: `public/${IMAGES_FOLDER}/${name.name}`,
        bytes: bytes.length,
        type: image.type,
        width: image.width,
        height: image.height,
      })
      .catch((error: unknown) => console.error('Estúdio: o registro de auditoria falhou', error));
    return { status: 201, body: answer };
  } catch (error) {
    if (error instanceof HttpError) {
      const declared = request.req.headers['content-length'];
      await ctx.audit
        .record('enviar-imagem-recusado', who, {
          file: rawName === null ? null : rawName.slice(0, 200),
          ...(received !== undefined
            ? { bytes: received }
            : declared
              ? { declaredBytes: Number(declared) }
              : {}),
          status: error.status,
          reason: error.message,
        })
        .catch((e: unknown) => console.error('Estúdio: o registro de auditoria falhou', e));
    }
    throw error;
  }
}

/** Image sizes by file, kept while the file's size and modification time stay the same. */
const sizes = new Map<string, { key: string; size: { width: number; height: number } | undefined }>();

/** The natural size of an image of the folder, when it can be read cheaply (a header, a small SVG). */
async function imageSize(abs: string): Promise<{ width: number; height: number } | undefined> {
  const stats = await lstat(abs);
  const key = `${stats.size}:${stats.mtimeMs}`;
  const hit = sizes.get(abs);
  if (hit?.key === key) return hit.size;
  let size: { width: number; height: number } | undefined;
  try {
    if (abs.toLowerCase().endsWith('.svg')) {
      if (stats.size <= IMAGE_LIMITS.svgBytes) {
        const parsed = await parseSvg(await readFile(abs));
        if ('root' in parsed) {
          size = rootSize(parsed.root);
          parsed.window.close();
        }
      }
    } else {
      const { default: sharp } = await import('sharp');
      const metadata = await sharp(abs).metadata();
      const width = metadata.autoOrient?.width ?? metadata.width;
      const height = metadata.autoOrient?.height ?? metadata.height;
      size = width && height ? { width, height } : undefined;
    }
  } catch {
    size = undefined;
  }
  sizes.set(abs, { key, size });
  return size;
}

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|avif)$/i;

/** GET /api/images: the images under public/images/ the form can choose from, with their sizes. */
export async function getImages(ctx: ApiContext): Promise<Answer> {
  const dir = path.join(ctx.publicDir, IMAGES_FOLDER);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((e) => e.isFile() && IMAGE_FILE.test(e.name))
    .map((e) => ({
      abs: path.join(e.parentPath, e.name),
      url: `/${IMAGES_FOLDER}/${path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`,
    }))
    // Generated photo sizes (foto-640w.avif) are the build's, not a choice.
    .filter(({ url }) => !/-\d+w\.[a-z]+$/.test(url))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const images: ImageInfo[] = [];
  for (const { abs, url } of files) {
    const size = await imageSize(abs);
    images.push(size ? { url, ...size } : { url });
  }
  return { status: 200, body: { images } satisfies ImagesAnswer };
}

/**
 * What an uploaded image may be, shared by the server (which refuses anything else) and the app
 * (which names the limits and turns the name of the file the author chose into one before sending
 * it): the accepted types, the size limits, and the names it may take in public/images/. The name
 * becomes the image's address on the site, so it follows the pages' rule: lowercase letters
 * without accents, digits and hyphens, and one of the accepted extensions.
 */

/** The limits of an upload, all in one place. */
export const IMAGE_LIMITS = {
  /** A photo: the build makes every size the site shows from it (at most 2400 px wide). */
  rasterBytes: 5 * 1024 * 1024,
  /** A drawing: a larger SVG is rarely a drawing (often an embedded photo or an export's clutter). */
  svgBytes: 512 * 1024,
  /** Width × height of a photo: more is a camera's full resolution, far beyond what a page needs. */
  pixels: 50_000_000,
} as const;

/** "5 MB", "512 KB" */
export const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${Math.round(bytes / 1024)} KB`;

/** What the Estúdio accepts, by extension. */
export const IMAGE_EXTENSIONS = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
} as const;

export type ImageType = (typeof IMAGE_EXTENSIONS)[keyof typeof IMAGE_EXTENSIONS];

/** For the file input's `accept`. */
export const IMAGE_ACCEPT = Object.keys(IMAGE_EXTENSIONS)
  .map((ext) => `.${ext}`)
  .join(',');

/** The longest name accepted, extension included. */
export const MAX_IMAGE_NAME = 80;

const PLAIN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** "foto-640w": the names of the sizes the build makes from a photo (design/picture.tsx). */
const GENERATED_SIZE = /-\d+w$/;

export type NameCheck =
  | { ok: true; name: string; base: string; ext: keyof typeof IMAGE_EXTENSIONS; type: ImageType }
  | { ok: false; error: string; suggestion?: string };

const isExtension = (ext: string): ext is keyof typeof IMAGE_EXTENSIONS =>
  Object.hasOwn(IMAGE_EXTENSIONS, ext);

const ACCEPTED = 'PNG, JPEG, WebP, AVIF ou SVG';
const EXTENSION_LIST = '.png, .jpg, .jpeg, .webp, .avif ou .svg';

/**
 * A name the Estúdio would accept for `name` (the file the author chose: "Foto da Loja.JPG" →
 * "foto-da-loja.jpg"), or undefined when its extension is not an accepted one.
 */
export function suggestImageName(name: string): string | undefined {
  const file = name.split(/[/\\]/).pop() ?? '';
  const dot = file.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = file.slice(dot + 1).toLowerCase();
  if (!isExtension(ext)) return undefined;
  let base = file
    .slice(0, dot)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  base = base.replace(GENERATED_SIZE, (size) => size.slice(0, -1));
  base = base.slice(0, MAX_IMAGE_NAME - ext.length - 1).replace(/-+$/, '');
  return `${base || 'imagem'}.${ext}`;
}

/** Checks a name sent with an upload; the refusals say why, in Portuguese, and suggest one that works. */
export function checkImageName(value: string | null | undefined): NameCheck {
  if (value === null || value === undefined || value.trim() === '') {
    return { ok: false, error: 'Informe o nome do arquivo da imagem, por exemplo foto-da-loja.png.' };
  }
  const shown = JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    return {
      ok: false,
      error: `O nome ${shown} tem caracteres de controle: use só letras, números e hífens.`,
    };
  }
  if (/[/\\]/.test(value) || value === '..' || value === '.') {
    const suggestion = suggestImageName(value);
    return {
      ok: false,
      error: `O nome ${shown} tem um caminho de pastas: informe só o nome do arquivo${suggestion ? `, por exemplo ${suggestion}` : ''}. A imagem vai sempre para public/images/.`,
      ...(suggestion ? { suggestion } : {}),
    };
  }
  if (value.startsWith('.')) {
    return {
      ok: false,
      error: `O nome ${shown} começa com ponto (um arquivo oculto): dê um nome à imagem, por exemplo foto-da-loja.png.`,
    };
  }
  const dot = value.lastIndexOf('.');
  const ext = dot < 0 ? '' : value.slice(dot + 1);
  if (!isExtension(ext.toLowerCase())) {
    return {
      ok: false,
      error: `O Estúdio aceita imagens ${ACCEPTED}: o nome precisa terminar em ${EXTENSION_LIST}${ext ? ` (recebido: .${ext})` : ''}.`,
    };
  }
  const suggestion = suggestImageName(value)!;
  const base = value.slice(0, dot);
  if (!PLAIN.test(base) || !isExtension(ext)) {
    return {
      ok: false,
      error: `O nome ${shown} não serve: use só letras minúsculas sem acento, números e hífens, porque o nome vira o endereço da imagem no site. Sugestão: ${suggestion}.`,
      suggestion,
    };
  }
  if (value.length > MAX_IMAGE_NAME) {
    return {
      ok: false,
      error: `O nome tem ${value.length} caracteres; o limite é ${MAX_IMAGE_NAME}. Sugestão: ${suggestion}.`,
      suggestion,
    };
  }
  if (GENERATED_SIZE.test(base)) {
    return {
      ok: false,
      error: `Nomes terminados em "${GENERATED_SIZE.exec(base)![0]}" são das versões que o build gera das fotos: escolha outro, por exemplo ${suggestion}.`,
      suggestion,
    };
  }
  return { ok: true, name: value, base, ext, type: IMAGE_EXTENSIONS[ext] };
}

/** What the form's schema says of an image object's width or height. */
interface SizeBounds {
  minimum?: number;
  maximum?: number;
}

/**
 * The width and height the form writes with a chosen image. An image's are its natural size (the
 * shared Image schema leaves them unbounded); where the schema bounds them, they are the size it
 * is drawn at (the hero's floating images): the current width is kept, within the bounds, and the
 * height follows the image's proportion. Nothing when the image's size is unknown.
 */
export function sizeToWrite(
  bounds: { width?: SizeBounds; height?: SizeBounds },
  currentWidth: unknown,
  chosen: { width?: number; height?: number },
): { width?: number; height?: number } {
  if (!chosen.width || !chosen.height) return {};
  if (bounds.width?.maximum === undefined && bounds.height?.maximum === undefined) {
    return { width: chosen.width, height: chosen.height };
  }
  const within = (n: number, b: SizeBounds | undefined) =>
    Math.min(b?.maximum ?? Infinity, Math.max(b?.minimum ?? 1, Math.round(n)));
  const width = within(typeof currentWidth === 'number' ? currentWidth : chosen.width, bounds.width);
  return { width, height: within((width * chosen.height) / chosen.width, bounds.height) };
}

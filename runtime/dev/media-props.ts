/**
 * What else of a block the Estúdio lets an author change on the page besides its texts
 * (text-props.ts): its images (an image object: src, alt, width, height), the targets of its
 * links and buttons (an object with a label and an href: a Link, a call to action), and its lists
 * (a question of the FAQ, a step, a testimonial: added, removed, moved on the page). Found from
 * the block's schema, like the texts.
 *
 * Images are found in the frame by marks in their alternative text (the alt attribute, or the
 * aria-label of an inlined SVG): the same invisible marks as texts (decision 0038), numbered after
 * the block's texts, given only to the Estúdio's preview render and taken out by the frame.
 */
import { openMark, closeMark, type PropPath } from './text-props.ts';

export interface ImageLeaf {
  /** The image object's path in the block's props: ['items', 2, 'photo']. */
  path: PropPath;
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Its number in the block's marks (after the texts'). */
  n: number;
  /** In a variant, for a block of its base: the smallest `change:` path of the object. */
  change?: (string | number)[];
}

export interface LinkLeaf {
  /** The object's path ({ label, href } or a call to action): its label is at [...path, 'label']. */
  path: PropPath;
  href?: string;
  /** A call to action's `action` (whatsapp, phone, link); absent on a plain link. */
  action?: string;
  /** Whether the schema requires `href` (a plain link; a call to action only with action: link). */
  hrefRequired: boolean;
  change?: (string | number)[];
}

export interface ListLeaf {
  path: PropPath;
  /** The list as the page shows it (defaults filled in). */
  value: unknown[];
  minItems?: number;
  maxItems?: number;
  /** In a variant: the change path of the list, and of each item (`['change', 'duvidas', 'items', '2']`). */
  change?: (string | number)[];
  items?: (string | number)[][];
}

export interface BlockMedia {
  images: ImageLeaf[];
  links: LinkLeaf[];
  lists: ListLeaf[];
}

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  required?: string[];
  items?: SchemaLike | SchemaLike[];
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  minItems?: number;
  maxItems?: number;
}

const typeOf = (schema: SchemaLike): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

const branchOf = (schema: SchemaLike, type: string): SchemaLike | undefined =>
  typeOf(schema) === type ? schema : (schema.anyOf ?? schema.oneOf)?.find((b) => typeOf(b) === type);

/** Every image, link and list of `value` (a block's props) as `schema` describes it, in document order. */
export function mediaLeaves(schema: unknown, value: unknown, firstMark: number): BlockMedia {
  const out: BlockMedia = { images: [], links: [], lists: [] };
  walk(schema as SchemaLike | undefined, value, [], out, firstMark);
  return out;
}

function walk(
  schema: SchemaLike | undefined,
  value: unknown,
  path: PropPath,
  out: BlockMedia,
  firstMark: number,
): void {
  if (!schema || value === undefined || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const list = branchOf(schema, 'array');
    if (!list) return;
    out.lists.push({
      path,
      value,
      ...(list.minItems !== undefined ? { minItems: list.minItems } : {}),
      ...(list.maxItems !== undefined ? { maxItems: list.maxItems } : {}),
    });
    value.forEach((item, i) => {
      const items = list.items;
      walk(Array.isArray(items) ? items[i] : items, item, [...path, i], out, firstMark);
    });
    return;
  }
  const object = branchOf(schema, 'object');
  const props = object?.properties;
  if (!props) return;
  const record = value as Record<string, unknown>;
  if ('src' in props && 'width' in props && typeof record.src === 'string') {
    out.images.push({
      path,
      src: record.src,
      alt: typeof record.alt === 'string' ? record.alt : '',
      ...(typeof record.width === 'number' ? { width: record.width } : {}),
      ...(typeof record.height === 'number' ? { height: record.height } : {}),
      n: firstMark + out.images.length,
    });
    return;
  }
  if ('label' in props && 'href' in props && typeof record.label === 'string') {
    out.links.push({
      path,
      ...(typeof record.href === 'string' ? { href: record.href } : {}),
      ...(typeof record.action === 'string' ? { action: record.action } : {}),
      hrefRequired: object.required?.includes('href') ?? false,
    });
  }
  for (const [key, propSchema] of Object.entries(props))
    walk(propSchema, record[key], [...path, key], out, firstMark);
}

/**
 * A copy of `marked` (a block's props, its texts already marked) with each image's alternative
 * text between its marks: the frame finds the element that shows the image by them.
 */
export function markImages<T>(marked: T, images: readonly ImageLeaf[]): T {
  if (images.length === 0) return marked;
  const copy = structuredClone(marked) as unknown;
  for (const image of images) {
    let at = copy as Record<string | number, unknown>;
    for (const key of image.path) at = at[key] as Record<string | number, unknown>;
    if (at && typeof at === 'object') at.alt = openMark(image.n) + image.alt + closeMark(image.n);
  }
  return copy as T;
}

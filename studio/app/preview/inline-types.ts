/**
 * What in-place editing says between the preview frame and the Estúdio: the texts, images, links
 * and lists a block offers, and the messages the frame sends. Shared by the frame's text editing
 * (inline-edit.ts) and its images, links and list controls (inline-media.ts), which import each
 * other's values but these types from here.
 */
export type PropPath = (string | number)[];

/** A block's editable texts, as the Estúdio sends them with each render. */
export interface EditableBlock {
  index: number;
  /** `n`: the text's number in the block's marks (its index in the render's list of texts). */
  /** `label`: what the text is, for a screen reader ("Título principal da página, bloco Abertura da página"). */
  texts: { path: PropPath; text: string; n: number; label?: string }[];
  /** Its images that a click replaces (inline-media.ts): `n` is the number of the marks in their alt. */
  images?: { path: PropPath; n: number; label?: string }[];
  /** The targets of its links and buttons: the label is the text at [...path, 'label']. */
  links?: LinkTarget[];
  /** Its lists whose items can be added, removed and moved on the page. */
  lists?: { path: PropPath; length: number; add: boolean; remove: boolean }[];
}

/** A link's or a button's target, as the popover shows it. */
export interface LinkTarget {
  path: PropPath;
  href: string;
  /** A call to action's action (whatsapp, phone, link); absent on a plain link. */
  action?: string;
}

export type ListOp = 'add' | 'remove' | 'up' | 'down';

/** What the frame tells the Estúdio about in-place editing. */
export type InlineEditMessage =
  | { kind: 'text-edit-start'; index: number; path: PropPath }
  | { kind: 'text-edit'; index: number; path: PropPath; value: string }
  | { kind: 'text-edit-end'; index: number; path: PropPath }
  | { kind: 'text-history'; action: 'undo' | 'redo' }
  /** A click on an image: the Estúdio opens its image picker for the image object at `path`. */
  | { kind: 'image-pick'; index: number; path: PropPath }
  /** The popover's new target of the link or button at `path` (`action` only on a call to action). */
  | { kind: 'link-edit'; index: number; path: PropPath; href: string; action?: string }
  /** An item of the list at `path` added after `at`, removed, or moved up or down. */
  | { kind: 'list-edit'; index: number; path: PropPath; at: number; op: ListOp };

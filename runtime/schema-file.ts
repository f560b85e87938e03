import { buildPageSchema } from '../schema/page.ts';
import { blockList } from './registry.ts';

/** Generated for editors; a test fails when it no longer matches the registry. */
export const PAGE_SCHEMA_FILE = 'schema/page.schema.json';

export function pageSchemaText(): string {
  return `${JSON.stringify(buildPageSchema(blockList), null, 2)}\n`;
}

/** Each block type's schema, from the editor's page schema (the same file the language worker reads). */
import pageSchema from '../../../../../schema/page.schema.json';
import type { JsonSchema } from './block-form.tsx';

type Union = {
  properties: { blocks: { items: { oneOf: (JsonSchema & { properties: { type: { const: string } } })[] } } };
};

export const blockSchemas: ReadonlyMap<string, JsonSchema> = new Map(
  (pageSchema as unknown as Union).properties.blocks.items.oneOf.map((s) => [s.properties.type.const, s]),
);

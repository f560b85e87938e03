import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry, blockList } from '../../blocks/index.ts';
import { buildPageSchema } from '../../schema/page.ts';
import { clientCodeOf } from '../../runtime/load/define-block.ts';
import { PAGE_SCHEMA_FILE, pageSchemaText } from '../../runtime/build/schema-files.ts';
import { createAjv } from '../../runtime/load/validate.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('block registry', () => {
  it('has one folder per block type, named as the type', () => {
    const folders = readdirSync(path.join(root, 'blocks'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(Object.keys(registry).sort()).toEqual(folders);
    for (const [key, def] of Object.entries(registry)) expect(def.type).toBe(key);
  });

  it("uses each folder's <type>.tsx default export as the component (the file islands load)", async () => {
    for (const def of blockList) {
      const mod = (await import(`../../blocks/${def.type}/${def.type}.tsx`)) as { default: unknown };
      expect(mod.default, def.type).toBe(def.component);
    }
  });

  it('has a <type>.behavior.ts exactly for the blocks that declare a behaviour, never with React', async () => {
    for (const [type, def] of Object.entries(registry)) {
      const file = path.join(root, 'blocks', type, `${type}.behavior.ts`);
      expect(existsSync(file), type).toBe(def.behavior !== undefined && def.behavior !== false);
      if (!existsSync(file)) continue;
      const behavior = ((await import(file)) as { default: unknown }).default;
      expect(typeof behavior, type).toBe('function');
      // Plain DOM: the file imports no React, no emotion (they would defeat the point).
      expect(readFileSync(file, 'utf8'), type).not.toMatch(/from '(react|react-dom|@emotion\/[a-z]+)/);
    }
  });

  it('runs an island over a behaviour when a block declares both, and nothing when neither', () => {
    const base = { ...registry.faq!, hydrate: false as const, behavior: true };
    expect(clientCodeOf(base, {})).toEqual({ kind: 'behavior' });
    expect(clientCodeOf({ ...base, hydrate: 'visible' }, {})).toEqual({
      kind: 'island',
      strategy: 'visible',
    });
    expect(clientCodeOf({ ...base, behavior: () => false }, {})).toEqual({ kind: 'none' });
  });

  it('documents every prop in Portuguese', () => {
    for (const def of blockList) {
      const props = (def.schema as { properties: Record<string, { description?: string; type?: string }> })
        .properties;
      for (const [name, prop] of Object.entries(props)) {
        const described = prop.description ?? (prop as { anyOf?: unknown }).anyOf;
        expect(described, `${def.type}.${name} precisa de description`).toBeTruthy();
      }
    }
  });

  it('has examples that are valid pages blocks', () => {
    const validate = createAjv().compile(buildPageSchema(blockList));
    for (const def of blockList) {
      expect(def.examples.length, def.type).toBeGreaterThan(0);
      for (const example of def.examples) {
        const page = {
          title: 't',
          description: 'd',
          blocks: [{ type: def.type, ...structuredClone(example.props) }],
        };
        expect(validate(page), `${def.type} / ${example.name}: ${JSON.stringify(validate.errors)}`).toBe(
          true,
        );
      }
    }
  });
});

describe('schema/page.schema.json', () => {
  it('matches the registry (run `npm run schema` after changing a block schema)', () => {
    expect(readFileSync(path.join(root, PAGE_SCHEMA_FILE), 'utf8')).toBe(pageSchemaText());
  });

  it('closes every block schema and discriminates blocks by type', () => {
    const schema = JSON.parse(pageSchemaText()) as {
      additionalProperties: boolean;
      properties: {
        blocks: { items: { discriminator: unknown; oneOf: { additionalProperties: boolean }[] } };
      };
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.blocks.items.discriminator).toEqual({ propertyName: 'type' });
    for (const branch of schema.properties.blocks.items.oneOf)
      expect(branch.additionalProperties).toBe(false);
  });
});

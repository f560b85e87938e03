/** Helpers shared by the stories: controls from a block's JSON schema, examples by name, viewports. */
import type { ArgTypes, Args } from '@storybook/react-vite';

/** The part of a (TypeBox) JSON schema property that controls can be derived from. */
interface PropertySchema {
  type?: string;
  enum?: readonly unknown[];
  description?: string;
  default?: unknown;
}

interface ObjectSchema {
  properties: Record<string, PropertySchema>;
}

/**
 * Storybook argTypes from an object schema: enums become a select, booleans a toggle,
 * strings a text field, numbers a number field, anything else the JSON editor. The schema's
 * (Portuguese) description and default show in the controls table.
 */
export function argTypesFromSchema<A extends Args = Args>(schema: ObjectSchema): Partial<ArgTypes<A>> {
  const argTypes: Partial<ArgTypes> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const control = prop.enum
      ? { type: 'select' as const }
      : prop.type === 'boolean'
        ? { type: 'boolean' as const }
        : prop.type === 'string'
          ? { type: 'text' as const }
          : prop.type === 'integer' || prop.type === 'number'
            ? { type: 'number' as const }
            : { type: 'object' as const };
    argTypes[name] = {
      name,
      control,
      ...(prop.enum ? { options: [...prop.enum] } : {}),
      ...(prop.description ? { description: prop.description } : {}),
      table: {
        type: {
          summary: prop.enum ? prop.enum.map((v) => JSON.stringify(v)).join(' | ') : (prop.type ?? 'object'),
        },
        ...(prop.default === undefined ? {} : { defaultValue: { summary: JSON.stringify(prop.default) } }),
      },
    };
  }
  return argTypes as Partial<ArgTypes<A>>;
}

/** The props of the declaration's example with this name; throws if the example was renamed or removed. */
export function exampleProps<P>(
  block: { type: string; examples: { name: string; props: P }[] },
  name: string,
): P {
  const example = block.examples.find((e) => e.name === name);
  if (!example) throw new Error(`O bloco ${block.type} não tem o exemplo "${name}".`);
  return example.props;
}

/** Story `globals` that show a story in the phone viewport (defined in preview.tsx). */
export const phoneViewport = { viewport: { value: 'phone', isRotated: false } };

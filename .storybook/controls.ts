/** Helpers shared by the stories: controls from a block's JSON schema, examples by name, viewports. */
import type { ArgTypes, Args, Parameters } from '@storybook/react-vite';
import { AnchorId } from '../schema/shared.ts';

/** The part of a (TypeBox) JSON schema that controls can be derived from. */
export interface PropertySchema {
  type?: string;
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly PropertySchema[];
  oneOf?: readonly PropertySchema[];
  description?: string;
  default?: unknown;
  properties?: Record<string, PropertySchema>;
  required?: readonly string[];
  items?: PropertySchema;
}

interface ObjectSchema {
  properties: Record<string, PropertySchema>;
  required?: readonly string[];
}

/** The fixed choices of a property: a plain `enum`, or an anyOf/oneOf of constants (TypeBox literals). */
export function choicesOf(prop: PropertySchema): unknown[] | undefined {
  if (prop.enum) return [...prop.enum];
  const branches = prop.anyOf ?? prop.oneOf;
  if (branches?.length && branches.every((b) => 'const' in b)) return branches.map((b) => b.const);
  if (branches?.length && branches.every((b) => b.enum || 'const' in b))
    return branches.flatMap((b) => choicesOf(b) ?? []);
  return undefined;
}

type ControlType = 'select' | 'boolean' | 'text' | 'number' | 'object';

/** Which control edits a property: enums a select, booleans a toggle, lists and groups the JSON editor. */
export function controlFor(prop: PropertySchema): ControlType {
  if (choicesOf(prop)) return 'select';
  switch (prop.type) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'text';
    case 'integer':
    case 'number':
      return 'number';
    default:
      return 'object';
  }
}

function typeSummary(prop: PropertySchema): string {
  const choices = choicesOf(prop);
  if (choices) return choices.map((v) => JSON.stringify(v)).join(' | ');
  if (prop.type === 'array') return `lista de ${prop.items ? typeSummary(prop.items) : 'itens'}`;
  if (prop.type === 'integer') return 'número inteiro';
  if (prop.type === 'number') return 'número';
  if (prop.type === 'string') return 'texto';
  if (prop.type === 'boolean') return 'sim/não';
  return 'grupo';
}

/** For a list or group, its fields and their descriptions (shown when hovering the type). */
function fieldsDetail(prop: PropertySchema): string | undefined {
  const object = prop.type === 'array' ? prop.items : prop;
  if (!object?.properties) return undefined;
  return Object.entries(object.properties)
    .map(([name, field]) => {
      const optional = object.required?.includes(name) ? '' : ' (opcional)';
      return `${name}${optional}: ${typeSummary(field)}${field.description ? ` — ${field.description}` : ''}`;
    })
    .join('\n');
}

/**
 * Storybook argTypes from a block's object schema: enums (plain or anyOf of constants) become a
 * select, booleans a toggle, strings a text field, numbers a number field, lists and groups the
 * JSON editor. The schema's Portuguese description, whether the prop is required, its default and,
 * for lists and groups, their fields show in the controls table.
 */
export function argTypesFromSchema<A extends Args = Args>(schema: ObjectSchema): Partial<ArgTypes<A>> {
  const argTypes: Partial<ArgTypes> = {};
  // Every block also takes the anchor `id` of the page schema (schema/page.ts).
  const properties: Record<string, PropertySchema> = { id: AnchorId, ...schema.properties };
  for (const [name, prop] of Object.entries(properties)) {
    const choices = choicesOf(prop);
    const detail = fieldsDetail(prop);
    argTypes[name] = {
      name,
      control: { type: controlFor(prop) },
      ...(choices ? { options: choices } : {}),
      ...(prop.description ? { description: prop.description } : {}),
      type: { name: 'other', value: typeSummary(prop), required: schema.required?.includes(name) ?? false },
      table: {
        type: { summary: typeSummary(prop), ...(detail ? { detail } : {}) },
        ...(prop.default === undefined ? {} : { defaultValue: { summary: JSON.stringify(prop.default) } }),
      },
    };
  }
  return argTypes as Partial<ArgTypes<A>>;
}

/** What a block declares about itself (blocks/<type>/index.ts). */
interface BlockInfo {
  type: string;
  title: string;
  description: string;
}

/**
 * Story parameters describing the block: its Portuguese title and description, for the docs
 * page (`docs.description.component`) and the 'Bloco' panel (.storybook/manager.tsx).
 */
export function blockParameters(block: BlockInfo): Parameters {
  return {
    block: { type: block.type, title: block.title, description: block.description },
    docs: {
      description: { component: `**${block.title}** (\`type: ${block.type}\`): ${block.description}` },
    },
  };
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
/** Story `globals` that show a story in the desktop viewport (the default, see preview.tsx). */
export const desktopViewport = { viewport: { value: 'desktop', isRotated: false } };

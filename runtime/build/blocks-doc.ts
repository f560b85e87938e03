/**
 * docs/blocos.md, the authors' block reference, generated from the registry and the block
 * schemas by `npm run schema` (a test fails when the file is stale). Every block: title,
 * description, where it goes, whether it ships JavaScript, every prop (type, required or
 * default, Portuguese description) and a YAML example taken from the block's own examples.
 */
import { stringify } from 'yaml';
import { AnchorId } from '../../schema/shared.ts';
import { BLOCK_BASE_KEYS, buildPageSchema, PageMetaSchema, variantProperties } from '../../schema/page.ts';
import { clientCodeOf, type AnyBlockDefinition } from '../load/index.ts';

export const BLOCKS_DOC_FILE = 'docs/blocos.md';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

const placementNames = {
  header: 'cabeçalho (topo da página)',
  main: 'conteúdo (na ordem do YAML)',
  footer: 'rodapé',
  overlay: 'sobreposto à página (janelas e botões flutuantes)',
} as const;

/** How the docs name what a block runs in the browser. */
const clientNames = {
  none: 'nenhum: HTML estático, não carrega JavaScript',
  load: 'interativo, carrega ao abrir a página',
  idle: 'interativo, carrega quando o navegador fica livre',
  visible: 'interativo, carrega quando o bloco chega perto da tela',
  after: 'interativo, carrega pouco antes de aparecer',
  behavior: 'um script pequeno, sem React, roda ao abrir a página',
} as const;

export function blocksDocText(blocks: readonly AnyBlockDefinition[]): string {
  const page = buildPageSchema(blocks) as {
    properties: { blocks: { items: { oneOf: JsonSchema[] } } };
  };
  const branches = page.properties.blocks.items.oneOf;
  const sorted = blocks
    .map((def, i) => ({ def, schema: branches[i]! }))
    .sort((a, b) => a.def.type.localeCompare(b.def.type));
  const base = branches[0]!.properties!;
  const meta = JSON.parse(JSON.stringify(PageMetaSchema)) as JsonSchema;

  const out: string[] = [
    '<!-- Gerado por `npm run schema` a partir de blocks/*/ e schema/. Não edite à mão: um teste falha quando este arquivo fica desatualizado. -->',
    '',
    '# Referência dos blocos',
    '',
    'Cada página de `pages/` tem configurações (título, descrição…) e uma lista `blocks:`, de cima para baixo. Cada bloco começa com `- type: <tipo>`. Esta referência lista todos os tipos, com todas as propriedades; o guia passo a passo está em [autoria.md](autoria.md).',
    '',
    'Como ler as tabelas: **obrigatória** precisa estar no bloco; **padrão** é o valor usado quando a propriedade não é escrita; as demais são opcionais. Propriedades com ponto (`cta.label`) ficam dentro da anterior; `[]` indica um item de lista:',
    '',
    '```yaml',
    'cta:',
    '  label: Agendar agora # cta.label',
    'items:',
    '  - question: Quanto custa? # items[].question',
    '```',
    '',
    '## Sumário',
    '',
    ...sorted.map(({ def }) => `- [\`${def.type}\`: ${def.title}](#${def.type.toLowerCase()})`),
    '',
    '## Configurações da página',
    '',
    'No começo do arquivo, antes de `blocks:`.',
    '',
    ...propTable(meta.properties!, ['title', 'description', ...(meta.required ?? [])]),
    '| `blocks` | lista de blocos | obrigatória | Os blocos da página, na ordem em que aparecem. |',
    '',
    '## Variantes (`extends`)',
    '',
    'Uma variante herda uma página inteira e escreve só o que muda; veja o passo a passo em [autoria.md](autoria.md#3-criar-uma-variante-de-uma-página). Os blocos são indicados pelo `id` (ou pelo tipo, quando a página base tem um só bloco daquele tipo).',
    '',
    ...propTable(variantProperties() as Record<string, JsonSchema>, ['extends']),
    '',
    '## Em todo bloco',
    '',
    ...propTable(Object.fromEntries(BLOCK_BASE_KEYS.map((k) => [k, base[k]!])), ['type'], {
      type: { type: 'string', const: undefined, description: 'O tipo do bloco, um dos listados abaixo.' },
      id: {
        ...base.id,
        description: `${AnchorId.description} Nomeia o bloco numa variante. Não é destino de links # em: ${sorted
          .filter(({ def }) => def.anchors === false)
          .map(({ def }) => def.type)
          .join(', ')}.`,
      },
    }),
    '',
  ];

  for (const { def, schema } of sorted) {
    const props = Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(
        ([k]) => !(BLOCK_BASE_KEYS as readonly string[]).includes(k),
      ),
    );
    out.push(
      `## ${def.type}`,
      '',
      `**${def.title}.** ${def.description}`,
      '',
      `- Posição: ${placementNames[def.placement ?? 'main']}.`,
      `- JavaScript: ${describeHydrate(def)}.`,
      ...(def.anchors === false
        ? ['- Links #: não é destino de links; o `id` só nomeia o bloco numa variante.']
        : []),
      '',
      ...propTable(props, schema.required ?? []),
      '',
    );
    const example = def.examples[0];
    if (example) {
      out.push(
        `Exemplo (${example.name}):`,
        '',
        '```yaml',
        stringify([{ type: def.type, ...(example.props as object) }], { lineWidth: 0 }).trimEnd(),
        '```',
        '',
      );
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** What the block loads in the browser, for each example: its island strategy, its behaviour, or nothing. */
function describeHydrate(def: AnyBlockDefinition): string {
  const kinds = [
    ...new Set(
      def.examples.map((e) => {
        const client = clientCodeOf(def, e.props as Record<string, unknown>);
        if (client.kind !== 'island') return clientNames[client.kind];
        return clientNames[typeof client.strategy === 'object' ? 'after' : client.strategy];
      }),
    ),
  ];
  return kinds.length === 1 ? kinds[0]! : `depende das propriedades (${kinds.join('; ou ')})`;
}

function propTable(
  props: Record<string, JsonSchema>,
  required: readonly string[],
  overrides: Record<string, JsonSchema> = {},
): string[] {
  const rows = ['| Propriedade | Tipo | Uso | Descrição |', '| --- | --- | --- | --- |'];
  const walk = (
    entries: Record<string, JsonSchema>,
    req: readonly string[],
    prefix: string,
    depth: number,
  ) => {
    for (const [name, raw] of Object.entries(entries)) {
      const prop = { ...raw, ...overrides[name] };
      const key = `${prefix}${name}`;
      const usage = req.includes(name)
        ? 'obrigatória'
        : prop.default !== undefined
          ? `padrão: \`${JSON.stringify(prop.default)}\``
          : 'opcional';
      rows.push(`| \`${key}\` | ${typeName(prop)} | ${usage} | ${cell(prop.description ?? '')} |`);
      if (depth >= 3) continue;
      if (prop.type === 'object' && prop.properties)
        walk(prop.properties, prop.required ?? [], `${key}.`, depth + 1);
      const item = prop.items;
      if (prop.type === 'array' && item?.type === 'object' && item.properties)
        walk(item.properties, item.required ?? [], `${key}[].`, depth + 1);
    }
  };
  walk(props, required, '', 1);
  return rows;
}

function typeName(prop: JsonSchema): string {
  const literal = (v: unknown) => (v === '' ? '`""` (vazio)' : `\`${String(v)}\``);
  if (prop.const !== undefined) return literal(prop.const);
  if (prop.enum) return prop.enum.map(literal).join(' \\| ');
  const limits = (min?: number, max?: number, unit = '') =>
    min !== undefined && max !== undefined
      ? ` (${min} a ${max}${unit})`
      : max !== undefined
        ? ` (até ${max}${unit})`
        : min !== undefined && min > 1
          ? ` (mín. ${min}${unit})`
          : '';
  switch (prop.type) {
    case 'string':
      if (prop.format === 'safe-url') return 'endereço (https://…, /pagina, #secao, tel:, mailto:)';
      if (prop.pattern?.startsWith('^/')) return 'caminho no site (/…)';
      return `texto${limits(undefined, prop.maxLength, ' caracteres')}`;
    case 'integer':
      return `número inteiro${limits(prop.minimum, prop.maximum)}`;
    case 'number':
      return `número${limits(prop.minimum, prop.maximum)}`;
    case 'boolean':
      return '`true` \\| `false`';
    case 'array': {
      const item = prop.items ? typeName(prop.items) : 'itens';
      return `lista de ${prop.items?.type === 'object' ? 'mapas' : item}${limits(prop.minItems, prop.maxItems, ' itens')}`;
    }
    case 'object':
      return 'mapa';
    default:
      return prop.anyOf ? prop.anyOf.map(typeName).join(' ou ') : 'qualquer';
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

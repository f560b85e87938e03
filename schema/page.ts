/**
 * The page schema: page settings plus the list of blocks, assembled from the block
 * registry. Written to schema/page.schema.json (for editors) by `npm run schema`.
 */
import { Type, type Static, type TObject } from '@sinclair/typebox';
import type { AnyBlockDefinition } from '../runtime/block-api.ts';
import { AnchorId, BlockId, HideFor, SitePath, StringEnum, Text, withDefault } from './shared.ts';

export const PageMetaSchema = Type.Object({
  title: Text({
    maxLength: 70,
    description: 'Título da página: aba do navegador e resultado do Google (até 70 caracteres).',
  }),
  description: Text({
    maxLength: 170,
    description: 'Resumo da página para o Google e para o compartilhamento (até 170 caracteres).',
  }),
  robots: withDefault(
    StringEnum(['index, follow', 'noindex, follow', 'noindex, nofollow'], {
      description: 'Se o Google deve indexar a página. Padrão: index, follow.',
    }),
    'index, follow',
  ),
  canonical: withDefault(
    Type.Boolean({
      description: 'Publicar o link canônico (endereço do site + caminho da página). Padrão: sim.',
    }),
    true,
  ),
  image: Type.Optional(
    SitePath({
      description: 'Imagem de compartilhamento (1200×630), dentro de public/. Ex.: /images/compartilhar.png',
    }),
  ),
  analytics: Type.Optional(
    Type.Object(
      {
        pageView: Type.Optional(
          Type.String({
            pattern: '^[a-z][a-z0-9_]*$',
            patternErrorMessage: 'Use letras minúsculas, números e _, ex.: agendamento_page.',
            description: 'Evento de visualização enviado ao abrir a página, ex.: agendamento_page.',
            examples: ['agendamento_page', 'sodastream_t_page'],
          }),
        ),
        clickEvent: withDefault(
          Type.String({
            pattern: '^[a-z][a-z0-9_]*$',
            patternErrorMessage: 'Use letras minúsculas, números e _, ex.: cta_click.',
            description:
              'Nome do evento dos cliques nos botões. Padrão: cta_click (em /recarga: recarga_cta).',
          }),
          'cta_click',
        ),
      },
      { additionalProperties: false, description: 'Eventos do Analytics desta página.' },
    ),
  ),
  reveal: Type.Optional(
    StringEnum(['offset', 'intersection'], {
      description:
        'Animação de entrada dos elementos ao rolar: offset (quando o topo chega a 150 px do fim da tela) ou intersection (10% visível).',
    }),
  ),
  scrollToTop: Type.Optional(
    Type.Boolean({
      description:
        'Abrir sempre no topo da página, mesmo ao recarregar ou voltar (o navegador não restaura a rolagem). Links com #secao continuam indo para a seção. Padrão: não.',
    }),
  ),
  jsonLd: Type.Optional(
    Type.Array(
      // Open by nature: schema.org data has any number of properties.
      Type.Unsafe<{ '@type': string; [property: string]: unknown }>(
        Type.Object(
          { '@type': Text({ description: 'Tipo schema.org, ex.: Service, FAQPage.' }) },
          { additionalProperties: true, description: 'Um bloco de dados estruturados (schema.org).' },
        ),
      ),
      { description: 'Dados estruturados para o Google (JSON-LD), um item por tipo.' },
    ),
  ),
});

/** Keys every block accepts besides its own props. */
export const BLOCK_BASE_KEYS = ['type', 'id', 'hideFor'] as const;

export function blockInstanceSchema(def: AnyBlockDefinition): TObject {
  return Type.Object(
    {
      type: Type.Literal(def.type, { description: `${def.title}: ${def.description}` }),
      id: Type.Optional(def.anchors === false ? BlockId : AnchorId),
      hideFor: Type.Optional(HideFor),
      ...(def.schema as TObject).properties,
    },
    { additionalProperties: false, title: def.title, description: def.description },
  );
}

/** A plain JSON Schema (no TypeBox symbols) for ajv, editors and docs. */
export function buildPageSchema(blocks: readonly AnyBlockDefinition[]): Record<string, unknown> {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://fillgas.example/schema/page.schema.json',
    title: 'Página do site',
    description: 'Uma página: configurações (título, descrição…) e a lista de blocos, de cima para baixo.',
    type: 'object',
    additionalProperties: false,
    required: ['title', 'description', 'blocks'],
    properties: {
      ...PageMetaSchema.properties,
      blocks: {
        type: 'array',
        minItems: 1,
        description: 'Os blocos da página, na ordem em que aparecem.',
        items: {
          type: 'object',
          discriminator: { propertyName: 'type' },
          oneOf: blocks.map(blockInstanceSchema),
        },
      },
    },
  };
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

export type PageMeta = Static<typeof PageMetaSchema>;

/**
 * The keys of a variant: a page that `extends` another and writes only what differs
 * (runtime/load/extends.ts, docs/decisions/0007-page-variants.md). Blocks are addressed by their
 * `id`, or by their type when the base page has a single block of that type ("hero").
 * `block` is the schema of one block (editors); the runtime checks blocks after merging.
 */
export function variantProperties(block: Record<string, unknown> = { type: 'object' }) {
  const blockList = { type: 'array', minItems: 1, items: block };
  return {
    extends: {
      type: 'string',
      minLength: 1,
      description:
        'Página base desta variante, pelo nome do arquivo em pages/ sem .yaml (ex.: agendamento). A variante herda tudo dela e escreve só o que muda.',
      examples: ['agendamento'],
    },
    change: {
      type: 'object',
      description:
        'Muda só algumas propriedades de blocos da página base: para cada bloco (pelo id, ou pelo tipo quando há um só, ex.: hero), escreva só o que muda. O resto continua como na base; null apaga a propriedade. Uma lista escrita com "- " troca a lista inteira; para mudar só alguns itens, escreva cada item pela posição (1 é o primeiro) ou pelo id, ex.: items: { 2: { answer: … } }; 2: null tira o item.',
      // A map where the block has a list addresses items (docs/decisions/0037-list-items-in-variants.md):
      // any map is accepted here; the loader checks the addresses and the merged page.
      additionalProperties: {
        type: 'object',
        description:
          'As propriedades que mudam neste bloco (as outras continuam como na página base). Numa lista, mude só alguns itens escrevendo cada um pela posição (1, 2, …) ou pelo id.',
      },
      examples: [
        { hero: { title: 'Recarga de CO2 com 10% de desconto' } },
        { duvidas: { items: { 2: { answer: 'Sim: aceitamos cilindros de outras marcas.' } } } },
      ],
    },
    replace: {
      type: 'object',
      description:
        'Troca blocos inteiros da página base por outros: para cada bloco (pelo id, ou pelo tipo quando há um só), escreva o bloco novo completo, com type.',
      additionalProperties: block,
    },
    remove: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', minLength: 1 },
      description:
        'Blocos da página base que esta variante não mostra: uma lista de ids (ou tipos, quando há um só).',
      examples: [['depoimentos', 'popup']],
    },
    insertBefore: {
      type: 'object',
      description:
        'Blocos novos antes de um bloco da página base: o id (ou tipo) do bloco e, abaixo, a lista de blocos novos.',
      additionalProperties: blockList,
    },
    insertAfter: {
      type: 'object',
      description:
        'Blocos novos depois de um bloco da página base: o id (ou tipo) do bloco e, abaixo, a lista de blocos novos.',
      additionalProperties: blockList,
    },
    // Applied last, to the blocks after every other operation (docs/decisions/0025-variant-move.md).
    // Exactly one of before/after is checked by the loader, with a located Portuguese problem.
    move: {
      type: 'object',
      description:
        'Muda blocos de lugar: para cada bloco (pelo id, ou pelo tipo quando há um só; vale também para os blocos que a variante inseriu), escreva after e o bloco logo depois do qual ele fica, ou before e o bloco logo antes do qual ele fica. Os outros blocos continuam na ordem da base.',
      additionalProperties: {
        type: 'object',
        description:
          'Onde o bloco fica: after (logo depois de um bloco) ou before (logo antes), só um dos dois.',
        additionalProperties: false,
        properties: {
          before: {
            type: 'string',
            minLength: 1,
            description: 'O bloco (id, ou tipo quando há um só) logo antes do qual este fica.',
          },
          after: {
            type: 'string',
            minLength: 1,
            description: 'O bloco (id, ou tipo quando há um só) logo depois do qual este fica.',
          },
        },
      },
      examples: [{ duvidas: { after: 'hero' } }],
    },
  };
}

export const VARIANT_KEYS = Object.keys(variantProperties()) as (keyof ReturnType<
  typeof variantProperties
>)[];

/**
 * The page schema editors read (schema/page.schema.json): a whole page, or a variant that
 * `extends` another page. Props carry examples from the block's own examples, which
 * yaml-language-server shows on hover. The runtime validates with buildPageSchema.
 */
export function buildEditorPageSchema(blocks: readonly AnyBlockDefinition[]): Record<string, unknown> {
  const page = buildPageSchema(blocks) as {
    required: string[];
    properties: Record<string, unknown> & { blocks: { items: { oneOf: Record<string, unknown>[] } } };
  };
  page.properties.blocks.items.oneOf.forEach((branch, i) => addExamples(branch, blocks[i]!));
  const variant = variantProperties({ $ref: '#/properties/blocks/items' });
  const { required, ...rest } = page;
  return {
    ...rest,
    description:
      'Uma página: configurações (título, descrição…) e a lista de blocos, de cima para baixo. Ou uma variante: extends (a página base) e só o que muda.',
    properties: { ...page.properties, ...variant },
    if: { required: ['extends'] },
    then: { properties: { blocks: false } },
    else: {
      required,
      properties: Object.fromEntries(Object.keys(variant).map((k) => [k, false])),
    },
  };
}

/** Up to three example values of each prop, taken from the block's examples. */
function addExamples(branch: Record<string, unknown>, def: AnyBlockDefinition): void {
  const props = branch.properties as Record<string, Record<string, unknown>>;
  for (const [name, prop] of Object.entries(props)) {
    if (prop.examples || name === 'type') continue;
    const seen = new Set<string>();
    for (const example of def.examples) {
      const value = (example.props as Record<string, unknown>)[name];
      if (value === undefined) continue;
      const text = JSON.stringify(value);
      if (text.length <= 400) seen.add(text);
    }
    if (seen.size > 0) prop.examples = [...seen].slice(0, 3).map((t) => JSON.parse(t) as unknown);
  }
}

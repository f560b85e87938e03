import { Type } from '@sinclair/typebox';
import { AnchorId, Text, withDefault } from '../../schema/shared.ts';
import { DEFAULT_CONTACT, DEFAULT_TOC_LABEL } from './defaults.ts';
import { INLINE_TEXT_HELP, INLINE_TEXT_PATTERN } from './inline.ts';

/** A paragraph or list item: plain text with {email}-style site values and [texto](/pagina) links. */
const InlineText = (description: string) =>
  Type.String({
    minLength: 1,
    pattern: INLINE_TEXT_PATTERN,
    patternErrorMessage: `Marcação inválida. ${INLINE_TEXT_HELP} Chaves e colchetes soltos não são aceitos.`,
    description: `${description} ${INLINE_TEXT_HELP}`,
  });

export const legalSectionSchema = Type.Object(
  {
    id: AnchorId,
    heading: Text({ maxLength: 80, description: 'Título da seção (h2), também listado no índice.' }),
    paragraphs: Type.Array(InlineText('Um parágrafo.'), {
      minItems: 1,
      description: 'Os parágrafos da seção, na ordem.',
    }),
    items: Type.Optional(
      Type.Array(InlineText('Um item da lista.'), {
        minItems: 1,
        description: 'Lista com marcadores depois dos parágrafos (opcional).',
      }),
    ),
    after: Type.Optional(
      Type.Array(InlineText('Um parágrafo.'), {
        minItems: 1,
        description: 'Parágrafos depois da lista (opcional).',
      }),
    ),
  },
  { additionalProperties: false, description: 'Uma seção do texto, com o seu id para o índice.' },
);

export const legalContactSchema = Type.Object(
  {
    heading: Text({ maxLength: 60, description: 'Título do quadro de contato.' }),
    text: Text({ description: 'Frase do quadro de contato.' }),
    chatLabel: Text({
      maxLength: 40,
      description: 'Texto do botão do WhatsApp (abre a conversa com a mensagem de dúvidas).',
    }),
    track: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z][A-Za-z0-9_]*$',
        patternErrorMessage: 'Use letras, números e _ sem espaços, ex.: LegalContato.',
        description: 'Nome da seção nos eventos de clique do Analytics (opcional).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Quadro de contato no fim da página: WhatsApp, e-mail e telefone de _site.yaml.',
  },
);

export const legalSchema = Type.Object(
  {
    title: Text({
      maxLength: 80,
      description: 'Título da página (h1).',
      examples: ['Política de Reembolso'],
    }),
    updated: Type.Optional(
      Text({
        maxLength: 60,
        description: 'Data da última atualização, ex.: Atualizada em novembro de 2026.',
      }),
    ),
    intro: Type.Optional(InlineText('Parágrafo de abertura, sob o título.')),
    tocLabel: withDefault(
      Text({ maxLength: 40, description: 'Título do índice de seções.' }),
      DEFAULT_TOC_LABEL,
    ),
    numbered: withDefault(
      Type.Boolean({ description: 'Numerar as seções (1., 2., …) no título e no índice. Padrão: sim.' }),
      true,
    ),
    sections: Type.Array(legalSectionSchema, {
      minItems: 1,
      maxItems: 30,
      description: 'As seções do texto. Cada id precisa ser diferente (é o endereço #id do índice).',
    }),
    contact: withDefault(legalContactSchema, DEFAULT_CONTACT),
  },
  { additionalProperties: false },
);

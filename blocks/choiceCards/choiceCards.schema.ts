import { Type } from '@sinclair/typebox';
import { Image, Link, Text, withDefault } from '../../schema/shared.ts';

export const choiceCardSchema = Type.Object(
  {
    title: Text({ description: 'Título do cartão.', examples: ['Recarregue o seu cilindro'] }),
    text: Type.Optional(Text({ description: 'Uma ou duas frases sob o título.' })),
    image: Type.Optional(Image),
    badge: Type.Optional(
      Text({ maxLength: 24, description: 'Selo curto no canto do cartão, ex.: Em breve.' }),
    ),
    note: Type.Optional(
      Text({ maxLength: 40, description: 'Observação em destaque, ex.: Lançamento 2025.' }),
    ),
    cta: Type.Optional(Link),
    disabled: withDefault(
      Type.Boolean({ description: 'Cartão acinzentado, sem ação (para o que ainda não está disponível).' }),
      false,
    ),
  },
  { additionalProperties: false },
);

export const choiceCardsSchema = Type.Object(
  {
    heading: Text({
      description: 'Título principal da página (h1).',
      examples: ['Recarga de Cilindros CO2'],
    }),
    intro: Type.Optional(Text({ description: 'Frase de apoio sob o título.' })),
    cards: Type.Array(choiceCardSchema, {
      minItems: 1,
      maxItems: 4,
      description: 'Os cartões de escolha, lado a lado no computador e empilhados no celular.',
    }),
  },
  { additionalProperties: false },
);

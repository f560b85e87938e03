import { Type } from '@sinclair/typebox';
import { Cta, describedAs, Image, StringEnum, Text, Tone, withDefault } from '../../schema/shared.ts';

export const mediaTextSchema = Type.Object(
  {
    eyebrow: Type.Optional(
      Text({ maxLength: 40, description: 'Palavra curta acima do título, ex.: Sobre a Fillgás.' }),
    ),
    heading: Text({
      maxLength: 90,
      description: 'Título da seção (h2), ex.: Trocamos o seu cilindro na mesma visita.',
    }),
    badge: Type.Optional(
      Text({
        maxLength: 30,
        description: 'Selo curto ao lado do título, ex.: Lançamento 2025 ou Em breve.',
      }),
    ),
    paragraphs: Type.Optional(
      Type.Array(Text({ maxLength: 480 }), {
        minItems: 1,
        maxItems: 4,
        description: 'Parágrafos de texto, na ordem (até 4).',
      }),
    ),
    bullets: Type.Optional(
      Type.Array(Text({ maxLength: 120 }), {
        minItems: 1,
        maxItems: 8,
        description: 'Lista de verificação, um item por linha, com ✓ (até 8).',
      }),
    ),
    image: describedAs(Image, {
      description:
        'Ilustração ao lado do texto, ex.: /images/troca-na-porta.svg (largura e altura naturais).',
    }),
    imageSide: withDefault(
      StringEnum(['left', 'right'], {
        description:
          'De que lado fica a imagem no computador: left (esquerda) ou right (direita). No celular o texto vem primeiro.',
      }),
      'right',
    ),
    muted: withDefault(
      Type.Boolean({
        description:
          'Mostra a imagem e o selo em tons de cinza, para um produto que ainda não está disponível (ex.: Em breve).',
      }),
      false,
    ),
    ctas: Type.Optional(
      Type.Array(Cta, {
        minItems: 1,
        maxItems: 2,
        description:
          'Um ou dois botões sob o texto: o primeiro é o principal (laranja), o segundo é contornado. Ex.: Falar no WhatsApp e Ligar (action phone).',
      }),
    ),
    note: Type.Optional(
      Text({
        maxLength: 120,
        description: 'Linha curta sob os botões, ex.: Segunda a sábado, das 8h às 20h.',
      }),
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

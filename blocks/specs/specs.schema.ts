import { Type } from '@sinclair/typebox';
import { describedAs, IconSchema, Image, Text, Tone, withDefault } from '../../schema/shared.ts';

export const specItemSchema = Type.Object(
  {
    term: Text({ maxLength: 40, description: 'O que se mede (coluna da esquerda), ex.: Pureza.' }),
    value: Text({ maxLength: 120, description: 'O valor (coluna da direita), ex.: 99,9%.' }),
    icon: Type.Optional(IconSchema({ description: 'Ícone antes do nome (opcional), ex.: lab, gauge.' })),
  },
  { additionalProperties: false, description: 'Uma linha da ficha técnica: nome e valor.' },
);

export const specsSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: withDefault(
      Text({ maxLength: 90, description: 'Título da seção (h2). Padrão: Especificações.' }),
      'Especificações',
    ),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    items: Type.Array(specItemSchema, {
      minItems: 2,
      maxItems: 12,
      description:
        'As linhas da ficha técnica, na ordem, ex.: { term: Pureza, value: "99,9%" }. No celular, o nome fica acima do valor.',
    }),
    note: Type.Optional(
      Text({
        maxLength: 200,
        description: 'Observação sob a ficha, ex.: Valores de referência do cilindro padrão de 60 L.',
      }),
    ),
    image: Type.Optional(
      describedAs(Image, {
        description:
          'Ilustração ao lado da ficha (acima dela no celular), ex.: /images/ficha-tecnica.svg (320 × 360).',
      }),
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

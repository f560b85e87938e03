import { Type, type Static } from '@sinclair/typebox';
import { Accent, IconSchema, Text, Tone, withDefault } from '../../schema/shared.ts';

export type AccentValue = Static<ReturnType<typeof Accent>>;

export const featureSchema = Type.Object(
  {
    title: Text({ maxLength: 60, description: 'Título do cartão (h3), ex.: Economia real.' }),
    description: Text({ maxLength: 280, description: 'Uma ou duas frases que explicam o benefício.' }),
    icon: IconSchema({ description: 'Ícone no topo do cartão, ex.: savings, leaf, clock, truck.' }),
    accent: Type.Optional(
      Accent({
        description:
          'Cor do ícone: water, orange, navy ou green. Sem valor, as cores se alternam entre os cartões.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Um cartão de benefício.' },
);

export const featuresSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: Text({
      maxLength: 90,
      description: 'Título da seção (h2), ex.: Por que recarregar com a Fillgás.',
    }),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    items: Type.Array(featureSchema, {
      minItems: 1,
      maxItems: 8,
      description: 'Os cartões de benefício (3 no agendamento; 5 ou 6 em outras páginas).',
    }),
    columns: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: 4,
        description:
          'Cartões por linha no computador (2 a 4). Sem valor: pelo número de cartões (4 → 4, 5 e 6 → 3). Uma linha incompleta fica centralizada.',
      }),
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

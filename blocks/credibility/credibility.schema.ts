import { Type } from '@sinclair/typebox';
import { describedAs, IconSchema, Image, Text, Tone, withDefault } from '../../schema/shared.ts';

export const statSchema = Type.Object(
  {
    value: Text({ maxLength: 12, description: 'O número em destaque, ex.: +500, 99,9%, 4,8/5.' }),
    label: Text({
      maxLength: 48,
      description: 'O que o número mede, lido depois dele, ex.: trocas por mês.',
    }),
    icon: Type.Optional(
      IconSchema({ description: 'Ícone acima do número (opcional), ex.: refresh, lab, star.' }),
    ),
  },
  { additionalProperties: false, description: 'Um número em destaque.' },
);

export const credentialSchema = Type.Object(
  {
    title: Text({ maxLength: 48, description: 'Nome do selo (h3), ex.: CO2 alimentício certificado.' }),
    description: Text({ maxLength: 200, description: 'Uma frase que explica o selo.' }),
    image: Type.Optional(
      describedAs(Image, {
        description:
          'Ilustração do selo, ex.: /images/selo-garantia.svg (120 × 140). Sem imagem, usa o ícone.',
      }),
    ),
    icon: withDefault(
      IconSchema({ description: 'Ícone usado quando não há imagem. Padrão: award.' }),
      'award',
    ),
  },
  { additionalProperties: false, description: 'Um selo de garantia ou certificação.' },
);

export const credibilitySchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: Text({ maxLength: 90, description: 'Título da seção (h2), ex.: Por que nos escolher.' }),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    stats: withDefault(
      Type.Array(statSchema, {
        maxItems: 6,
        description: 'Números em destaque, em cartões (4 no agendamento). Pode ficar vazio.',
      }),
      [],
    ),
    badges: withDefault(
      Type.Array(credentialSchema, {
        maxItems: 6,
        description: 'Selos de garantia e certificação, com ilustração (4 no agendamento). Pode ficar vazio.',
      }),
      [],
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

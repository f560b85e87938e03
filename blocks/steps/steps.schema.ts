import { Type } from '@sinclair/typebox';
import { Cta, describedAs, IconSchema, Text, Tone, withDefault } from '../../schema/shared.ts';

export const stepSchema = Type.Object(
  {
    title: Text({ maxLength: 60, description: 'Título do passo (h3), ex.: Agende pelo WhatsApp.' }),
    description: Text({ maxLength: 240, description: 'Uma ou duas frases sobre o passo.' }),
    icon: IconSchema({ description: 'Ícone do passo, ex.: chat, truck, bubbles.' }),
  },
  { additionalProperties: false, description: 'Um passo; o número é colocado automaticamente.' },
);

export const stepsSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: Text({ maxLength: 90, description: 'Título da seção (h2), ex.: Como funciona.' }),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    items: Type.Array(stepSchema, {
      minItems: 2,
      maxItems: 6,
      description: 'Os passos, na ordem (numerados 1, 2, 3… automaticamente).',
    }),
    note: Type.Optional(
      Text({
        maxLength: 90,
        description: 'Destaque sob os passos, ex.: Valor fixo: R$ 150, sem taxas extras.',
      }),
    ),
    noteIcon: withDefault(IconSchema({ description: 'Ícone do destaque. Padrão: check.' }), 'check'),
    cta: Type.Optional(
      describedAs(Cta, { description: 'Botão sob os passos (opcional), ex.: Agendar minha recarga.' }),
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

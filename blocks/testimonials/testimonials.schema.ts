import { Type } from '@sinclair/typebox';
import { Accent, StringEnum, Text, Tone, withDefault } from '../../schema/shared.ts';

export const testimonialSchema = Type.Object(
  {
    text: Text({ maxLength: 320, description: 'O depoimento, nas palavras do cliente (sem aspas).' }),
    author: Text({ maxLength: 40, description: 'Nome do cliente, ex.: Mariana Souza.' }),
    location: Type.Optional(Text({ maxLength: 40, description: 'Bairro ou cidade, ex.: Barueri.' })),
    since: Type.Optional(
      Text({ maxLength: 40, description: 'Há quanto tempo é cliente, ex.: Cliente desde 2023.' }),
    ),
    initials: Type.Optional(
      Type.String({
        pattern: '^[A-ZÀ-Ý]{1,3}$',
        patternErrorMessage: 'Use de 1 a 3 letras maiúsculas, ex.: MS.',
        description:
          'Iniciais no círculo colorido (sem fotos). Sem valor: primeira e última inicial do nome.',
      }),
    ),
    rating: withDefault(
      Type.Integer({ minimum: 1, maximum: 5, description: 'Nota de 1 a 5 estrelas. Padrão: 5.' }),
      5,
    ),
    accent: Type.Optional(
      Accent({ description: 'Cor do círculo das iniciais. Sem valor, as cores se alternam.' }),
    ),
  },
  { additionalProperties: false, description: 'Um depoimento de cliente.' },
);

export const testimonialsSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: Text({ maxLength: 90, description: 'Título da seção (h2), ex.: O que dizem nossos clientes.' }),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    summary: Type.Optional(
      Type.Object(
        {
          value: Text({ maxLength: 12, description: 'A nota média, ex.: 4,8/5.' }),
          label: Text({
            maxLength: 60,
            description: 'O que a nota significa, ex.: de média nas avaliações.',
          }),
        },
        { additionalProperties: false, description: 'Nota média em destaque sob o título (opcional).' },
      ),
    ),
    items: Type.Array(testimonialSchema, {
      minItems: 1,
      maxItems: 9,
      description: 'Os depoimentos (3 por página, pela especificação).',
    }),
    layout: withDefault(
      StringEnum(['grid', 'slider'], {
        description:
          'Disposição: grid (cartões lado a lado) ou slider (um por vez, com botões anterior/próximo e pontos; volta ao primeiro depois do último).',
      }),
      'grid',
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

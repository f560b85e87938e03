import { Type } from '@sinclair/typebox';
import { Cta, Text, Tone, withDefault } from '../../schema/shared.ts';

export const faqItemSchema = Type.Object(
  {
    question: Text({
      maxLength: 160,
      description: 'A pergunta, como o visitante a faria.',
      examples: ['Quanto custa a recarga?'],
    }),
    answer: Text({
      description:
        'A resposta, em texto simples. Cada quebra de linha começa um parágrafo novo (use "|" no YAML para manter as quebras).',
    }),
  },
  { additionalProperties: false, description: 'Uma pergunta e a sua resposta.' },
);

export const faqAsideSchema = Type.Object(
  {
    title: Text({
      maxLength: 60,
      description: 'Título do cartão, ex.: Ainda tem dúvidas?',
      examples: ['Ainda tem dúvidas?'],
    }),
    text: Text({ description: 'Uma ou duas frases convidando a falar com a equipe.' }),
    cta: Cta,
  },
  {
    additionalProperties: false,
    description:
      'Cartão ao lado das perguntas no computador (abaixo delas no celular), com um botão para falar com a equipe.',
  },
);

export const faqSchema = Type.Object(
  {
    eyebrow: Type.Optional(
      Text({ maxLength: 40, description: 'Palavra curta acima do título, ex.: Dúvidas frequentes.' }),
    ),
    heading: Text({ description: 'Título da seção (h2).', examples: ['Dúvidas Comuns'] }),
    intro: Type.Optional(Text({ description: 'Frase de apoio sob o título.' })),
    items: Type.Array(faqItemSchema, {
      minItems: 1,
      maxItems: 20,
      description:
        'As perguntas, na ordem em que aparecem. Só uma resposta fica aberta por vez; sem JavaScript, todas ficam visíveis.',
    }),
    aside: Type.Optional(faqAsideSchema),
    tone: withDefault(Tone(), 'light'),
    structuredData: withDefault(
      Type.Union(
        [
          Type.Boolean({
            description: 'true publica todas as perguntas; false (padrão) não publica nenhuma.',
          }),
          Type.Integer({
            minimum: 1,
            maximum: 20,
            description: 'Publica só as N primeiras perguntas, ex.: 3.',
          }),
        ],
        {
          description:
            'Publicar estas perguntas para o Google como dados estruturados (FAQPage), montados destas mesmas perguntas e respostas, então nunca divergem: true para todas, ou um número para só as primeiras (ex.: 3). Só um bloco por página. Padrão: não.',
          errorMessage: 'structuredData aceita true, false ou um número de perguntas (ex.: 3).',
        },
      ),
      false,
    ),
  },
  { additionalProperties: false },
);

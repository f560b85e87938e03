import { Type } from '@sinclair/typebox';
import { Text, Tone, withDefault } from '../../schema/shared.ts';

export const comparisonColumnSchema = Type.Object(
  {
    label: Text({ maxLength: 40, description: 'Nome da opção comparada, ex.: Recarga Fillgás.' }),
    highlight: withDefault(
      Type.Boolean({ description: 'Destaca esta coluna como a recomendada. Padrão: não.' }),
      false,
    ),
    badge: Type.Optional(
      Text({ maxLength: 24, description: 'Selo sobre a coluna destacada, ex.: Melhor escolha.' }),
    ),
  },
  { additionalProperties: false, description: 'Uma opção comparada (coluna da tabela).' },
);

export const comparisonValueSchema = Type.Union(
  [
    Text({ maxLength: 40, description: 'Um texto curto, ex.: R$ 150.' }),
    Type.Boolean({ description: 'true mostra ✓ (lido como "Sim"); false mostra ✗ (lido como "Não").' }),
  ],
  { description: 'Texto curto, ou true/false para ✓ e ✗.' },
);

export const comparisonRowSchema = Type.Object(
  {
    label: Text({ maxLength: 60, description: 'O que a linha compara, ex.: Preço.' }),
    values: Type.Array(comparisonValueSchema, {
      minItems: 2,
      maxItems: 3,
      description: 'Um valor por coluna, na mesma ordem de columns: texto, ou true/false para ✓ e ✗.',
    }),
  },
  { additionalProperties: false, description: 'Uma linha da tabela.' },
);

export const comparisonSchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: Text({
      maxLength: 90,
      description: 'Título da seção (h2), ex.: Novo ou recarga? Faça as contas.',
    }),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    caption: Type.Optional(
      Text({
        maxLength: 120,
        description:
          'Legenda da tabela, lida por leitores de tela e mostrada acima dela. Sem valor: o título da seção (só para leitores de tela).',
      }),
    ),
    rowHeader: Type.Optional(
      Text({
        maxLength: 30,
        description: 'Título da primeira coluna (a dos itens comparados). Sem valor: fica invisível.',
      }),
    ),
    columns: Type.Array(comparisonColumnSchema, {
      minItems: 2,
      maxItems: 3,
      description: 'As opções comparadas (2 ou 3 colunas).',
    }),
    rows: Type.Array(comparisonRowSchema, {
      minItems: 1,
      maxItems: 12,
      description: 'As linhas da comparação; cada uma com um valor por coluna.',
    }),
    footnote: Type.Optional(
      Text({ maxLength: 200, description: 'Observação sob a tabela, ex.: a base do preço.' }),
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

import { defineBlock } from '../../runtime/block-api.ts';
import Comparison from './comparison.tsx';
import { comparisonSchema } from './comparison.schema.ts';

export default defineBlock({
  type: 'comparison',
  title: 'Tabela comparativa',
  description:
    'Compara 2 ou 3 opções lado a lado numa tabela (uma coluna pode ser destacada); valores em texto ou ✓/✗. No celular a tabela rola de lado dentro do cartão.',
  schema: comparisonSchema,
  component: Comparison,
  hydrate: false,
  examples: [
    {
      name: 'Agendamento: novo ou recarga',
      props: {
        eyebrow: 'Comparativo',
        heading: 'Cilindro novo ou recarga? Faça as contas',
        intro: 'O mesmo CO2 alimentício, por menos da metade do preço e sem sair de casa.',
        caption: 'Comprar um cilindro novo ou recarregar com a Fillgás',
        columns: [
          { label: 'Cilindro novo', highlight: false },
          { label: 'Recarga Fillgás', highlight: true, badge: 'Melhor escolha' },
        ],
        rows: [
          { label: 'Preço', values: ['R$ 350', 'R$ 150'] },
          { label: 'Economia', values: ['—', 'Até 70%'] },
          { label: 'Entrega grátis em casa', values: [false, true] },
          { label: 'Cilindro vazio reaproveitado', values: [false, true] },
        ],
        footnote: 'Cilindro padrão de 60 L: rende cerca de 120 garrafas de 500 ml de água com gás.',
        tone: 'alt',
      },
    },
    {
      name: 'Tom escuro: três opções',
      props: {
        heading: 'Quanto custa a sua água com gás',
        intro: 'Compare o cilindro novo, a recarga e a água com gás em garrafa.',
        caption: 'Custo do cilindro novo, da recarga e da água com gás em garrafa',
        columns: [
          { label: 'Cilindro novo', highlight: false },
          { label: 'Recarga Fillgás', highlight: true, badge: 'Mais econômica' },
          { label: 'Água em garrafa', highlight: false },
        ],
        rows: [
          { label: 'Quanto custa', values: ['R$ 350', 'R$ 150', 'R$ 200 por mês'] },
          { label: 'Entrega na sua porta', values: [false, true, false] },
          { label: 'Menos plástico no lixo', values: [true, true, false] },
          { label: 'Economia em um ano', values: ['—', 'Até R$ 1.200', '—'] },
        ],
        footnote: 'Água em garrafa: cerca de 30 garrafas por mês.',
        tone: 'dark',
      },
    },
  ],
});

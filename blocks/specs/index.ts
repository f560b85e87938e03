import { defineBlock } from '../../runtime/block-api.ts';
import Specs from './specs.tsx';
import { specsSchema } from './specs.schema.ts';

export default defineBlock({
  type: 'specs',
  title: 'Especificações técnicas',
  description:
    'Ficha técnica em duas colunas (nome e valor, numa lista de definições), com ilustração opcional ao lado, ex.: gás, pureza, capacidade, rendimento.',
  schema: specsSchema,
  component: Specs,
  hydrate: false,
  examples: [
    {
      name: 'Cilindro de CO2: ficha técnica',
      props: {
        eyebrow: 'Ficha técnica',
        heading: 'Especificações',
        intro: 'Tudo o que vai dentro do cilindro que chega na sua porta.',
        items: [
          { term: 'Gás', value: 'CO2 alimentício', icon: 'bubbles' },
          { term: 'Pureza', value: '99,9%', icon: 'lab' },
          { term: 'Capacidade', value: 'Cilindro padrão de 60 L', icon: 'cylinder' },
          { term: 'Rendimento', value: 'Cerca de 120 garrafas de 500 ml', icon: 'droplet' },
          { term: 'Validade recomendada', value: '12 meses', icon: 'calendar' },
          { term: 'Compatibilidade', value: 'SodaStream e compatíveis (rosca padrão)', icon: 'check' },
          { term: 'Controle de qualidade', value: '5 etapas', icon: 'shield' },
        ],
        note: 'Aceitamos cilindros de outras marcas, desde que sejam de CO2 padrão de 60 L.',
        image: {
          src: '/images/ficha-tecnica.svg',
          alt: 'Cilindro de CO2 ao lado de uma prancheta com a ficha técnica aprovada',
          width: 320,
          height: 360,
        },
        tone: 'light',
      },
    },
    {
      name: 'Tom escuro, sem ilustração',
      props: {
        heading: 'Especificações',
        items: [
          { term: 'Gás', value: 'CO2 alimentício' },
          { term: 'Pureza', value: '99,9%' },
          { term: 'Capacidade', value: 'Cilindro padrão de 60 L' },
          { term: 'Rendimento', value: 'Cerca de 120 garrafas de 500 ml' },
        ],
        tone: 'dark',
      },
    },
  ],
});

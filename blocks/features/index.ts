import { defineBlock } from '../../runtime/block-api.ts';
import Features from './features.tsx';
import { featuresSchema } from './features.schema.ts';

export default defineBlock({
  type: 'features',
  title: 'Cartões de benefícios',
  description:
    'Título da seção e cartões com ícone, título e texto (de 1 a 8). As colunas se ajustam ao número de cartões.',
  schema: featuresSchema,
  component: Features,
  hydrate: false,
  examples: [
    {
      name: 'Agendamento: benefícios',
      props: {
        eyebrow: 'Benefícios',
        heading: 'Por que recarregar com a Fillgás',
        intro: 'Mais economia, menos lixo e nenhuma ida à loja: a recarga vem até você.',
        items: [
          {
            title: 'Economia real',
            description:
              'Você paga R$ 150 pela recarga em vez de R$ 350 por um cilindro novo: até 70% a menos, com entrega grátis.',
            icon: 'savings',
            accent: 'water',
          },
          {
            title: 'Sustentável',
            description:
              'O mesmo cilindro é reaproveitado a cada recarga. Uma carga rende até 60 L de água com gás, cerca de 120 garrafas de 500 ml a menos no lixo.',
            icon: 'leaf',
            accent: 'green',
          },
          {
            title: 'Mais prático',
            description:
              'Agende pelo WhatsApp e receba em casa: trocamos o cilindro vazio pelo cheio na mesma visita, em geral em até 48 h.',
            icon: 'home',
            accent: 'orange',
          },
        ],
        tone: 'alt',
      },
    },
    {
      name: 'Tom escuro: cinco benefícios',
      props: {
        heading: 'Tudo o que você ganha com a Fillgás',
        intro: 'Recarga oficial de CO2 com preço fixo de R$ 150 em toda a Grande São Paulo.',
        items: [
          {
            title: 'Entrega grátis',
            description: 'Sem taxa de entrega em São Paulo e em toda a Grande SP.',
            icon: 'truck',
            accent: 'water',
          },
          {
            title: 'Entregue na sua casa',
            description: 'Levamos o cilindro cheio e retiramos o vazio na sua porta.',
            icon: 'home',
            accent: 'orange',
          },
          {
            title: 'Garantia de qualidade',
            description: 'CO2 alimentício certificado, 99,9% puro, em cilindros testados.',
            icon: 'shield',
            accent: 'green',
          },
          {
            title: 'Comodidade',
            description: 'Tudo pelo WhatsApp, com resposta em até 30 minutos.',
            icon: 'chat',
            accent: 'water',
          },
          {
            title: 'Entrega rápida',
            description: 'Você escolhe o dia de que precisa e nós agendamos a entrega.',
            icon: 'calendar',
            accent: 'orange',
          },
        ],
        tone: 'dark',
      },
    },
  ],
});

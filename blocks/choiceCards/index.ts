import { defineBlock } from '../../runtime/block-api.ts';
import ChoiceCards from './choiceCards.tsx';
import { choiceCardsSchema } from './choiceCards.schema.ts';

export default defineBlock({
  type: 'choiceCards',
  title: 'Cartões de escolha',
  description:
    'Título da página e cartões lado a lado, cada um com imagem, texto e um botão (ou "em breve").',
  schema: choiceCardsSchema,
  component: ChoiceCards,
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  examples: [
    {
      name: 'Início: recarga e máquina em breve',
      props: {
        heading: 'Recarga de Cilindros CO2',
        intro: 'Troca do cilindro na sua porta em São Paulo e Grande SP.',
        cards: [
          {
            title: 'Recarregue o seu cilindro',
            text: 'Buscamos o cilindro vazio e entregamos o cheio na mesma visita.',
            image: {
              src: '/images/cilindro.svg',
              alt: 'Cilindro de CO2 recarregado',
              width: 240,
              height: 320,
            },
            cta: { label: 'Agendar Recarga', href: '/sodastream-t' },
            disabled: false,
          },
          {
            title: 'Conheça a nossa máquina',
            text: 'Uma máquina de água com gás feita para a recarga Fillgás.',
            image: {
              src: '/images/maquina-em-breve.svg',
              alt: 'Silhueta da máquina em breve',
              width: 240,
              height: 320,
            },
            badge: 'Em breve',
            note: 'Lançamento 2025',
            disabled: true,
          },
        ],
      },
    },
  ],
});

import { defineBlock } from '../../runtime/block-api.ts';
import StickyCta from './stickyCta.tsx';
import { stickyCtaSchema } from './stickyCta.schema.ts';

export default defineBlock({
  type: 'stickyCta',
  title: 'Barra fixa do WhatsApp (celular)',
  description:
    'Barra presa no rodapé da tela, só no celular e tablet: frase curta, preço e botão do WhatsApp. O X fecha a barra pelo resto da sessão. O fim da página nunca fica escondido atrás dela.',
  schema: stickyCtaSchema,
  component: StickyCta,
  // Static HTML; closing it (and keeping it closed for the session) is a plain-DOM behaviour
  // (stickyCta.behavior.ts), never React.
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  behavior: true,
  placement: 'overlay',
  examples: [
    {
      name: 'Agendamento',
      props: {
        text: 'Recarga com entrega grátis',
        price: 'R$ 150',
        cta: { label: 'Agendar', action: 'whatsapp', message: 'recarga', track: 'StickyWhatsAppCTA' },
      },
    },
  ],
});

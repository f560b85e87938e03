import { SPEC } from '../../schema/constants.ts';
import { defineBlock } from '../../runtime/block-api.ts';
import Popup, { PREFETCH_LEAD_MS } from './popup.tsx';
import { popupSchema } from './popup.schema.ts';

const offer = {
  eyebrow: 'Oferta da primeira recarga',
  title: 'Seu cilindro cheio, sem sair de casa',
  text: 'Buscamos o cilindro vazio e entregamos o cheio na mesma visita, com CO2 alimentício certificado, em São Paulo e Grande SP.',
  oldPrice: 'R$ 350',
  price: 'R$ 150',
  priceNote: 'por recarga',
  coupon: { code: 'PRIMEIRA5', text: '5% de desconto no primeiro agendamento' },
  image: {
    src: '/images/cilindro.svg',
    alt: 'Cilindro de CO2 recarregado, com bolhas',
    width: 240,
    height: 320,
  },
  badge: 'Entrega grátis',
  cta: {
    label: 'Agendar pelo WhatsApp',
    action: 'whatsapp' as const,
    message: 'recarga' as const,
    track: 'OfferPopupT',
  },
  note: 'Resposta em até 30 minutos · segunda a sábado, 8h às 20h',
};

export default defineBlock({
  type: 'popup',
  title: 'Popup de oferta',
  description:
    'Janela com a oferta da primeira recarga (preço, cupom PRIMEIRA5 e botão do WhatsApp) que abre 30 segundos depois de a página carregar. Quem fecha não a vê de novo na sessão. Para esconder de quem veio de anúncio pago, use hideFor: paidTraffic.',
  schema: popupSchema,
  component: Popup,
  // React and the island load only a few seconds before the popup opens (decision 0011).
  hydrate: ({ delayMs }) => ({ afterMs: Math.max(0, delayMs - PREFETCH_LEAD_MS) }),
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  placement: 'overlay',
  examples: [
    {
      name: 'Oferta da primeira recarga',
      props: { ...offer, delayMs: SPEC.popupDelayMs },
    },
    {
      name: 'Abre logo ao carregar',
      props: { ...offer, delayMs: 0 },
    },
  ],
});

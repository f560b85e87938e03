import { defineBlock } from '../../runtime/block-api.ts';
import Offer from './offer.tsx';
import { offerSchema } from './offer.schema.ts';

export default defineBlock({
  type: 'offer',
  title: 'Oferta com preço',
  description:
    'Chamada final: preço em destaque (com o preço antigo riscado, lido como "de … por …"), vantagens incluídas, botão e cupom.',
  schema: offerSchema,
  component: Offer,
  hydrate: false,
  examples: [
    {
      name: 'Agendamento: R$ 350 por R$ 150',
      props: {
        eyebrow: 'Oferta',
        heading: 'Sua recarga por menos da metade do preço',
        text: 'Troque o cilindro vazio pelo cheio sem sair de casa, com CO2 alimentício certificado.',
        oldPrice: 'R$ 350',
        price: 'R$ 150',
        priceNote: 'cada recarga, com entrega grátis',
        badge: 'Economize até 70%',
        bulletsHeading: 'O que está incluído',
        bullets: [
          'CO2 alimentício certificado, 99,9% puro',
          'Entrega grátis em São Paulo e Grande SP',
          'Troca na hora: levamos o cilindro vazio',
          'Até 60 L de água com gás por recarga',
          'Pagamento por cartão de crédito ou PIX',
        ],
        cta: { label: 'Agendar minha recarga', track: 'CTASectionT' },
        note: 'Primeiro agendamento: 5% off com o cupom',
        coupon: 'PRIMEIRA5',
        noteIcon: 'sparkles',
        image: {
          src: '/images/cilindro.svg',
          alt: 'Cilindro de CO2 recarregado e aprovado',
          width: 240,
          height: 320,
        },
        tone: 'dark',
      },
    },
    {
      name: 'Tom claro: preço fixo, sem preço riscado',
      props: {
        heading: 'Pronto para economizar na sua água com gás?',
        text: 'Agende agora e receba o cilindro cheio em casa, em geral em até 48 h.',
        price: 'R$ 150',
        priceNote: 'preço fixo por recarga, sem taxas extras',
        bulletsHeading: 'Sem surpresas',
        bullets: [
          'Entrega grátis em toda a Grande SP',
          'Atendimento de segunda a sábado, das 8h às 20h',
          'Garantia de satisfação: refazemos ou devolvemos o valor',
        ],
        cta: { label: 'Agendar pelo WhatsApp' },
        secondaryCta: { label: 'Prefere ligar? Fale com a central', action: 'phone' },
        noteIcon: 'sparkles',
        tone: 'light',
      },
    },
  ],
});

import { defineBlock } from '../../runtime/block-api.ts';
import Banner from './banner.tsx';
import { bannerSchema } from './banner.schema.ts';

export default defineBlock({
  type: 'banner',
  title: 'Faixa de chamada',
  description:
    'Uma faixa de chamada para ação: título, texto, um botão principal e, se quiser, um segundo botão e uma linha de garantia. Três aparências: primary (clara), secondary (azul-marinho) e final (grande, no fim da página).',
  schema: bannerSchema,
  component: Banner,
  hydrate: false,
  examples: [
    {
      name: 'Primária: faixa clara',
      props: {
        variant: 'primary',
        heading: 'Seu cilindro acabou?',
        text: 'Agende agora e receba o cilindro cheio em casa, com entrega grátis em toda a Grande SP.',
        cta: {
          label: 'Agendar recarga',
          action: 'whatsapp',
          message: 'recarga',
          track: 'CTASectionF_primary',
        },
        noteIcon: 'clock',
        tone: 'light',
      },
    },
    {
      name: 'Secundária: faixa azul com dois botões',
      props: {
        variant: 'secondary',
        eyebrow: 'Ficou com dúvida?',
        heading: 'Fale com a nossa equipe',
        text: 'Respondemos pelo WhatsApp em até 30 minutos, de segunda a sábado, das 8h às 20h.',
        cta: {
          label: 'Agendar recarga',
          action: 'whatsapp',
          message: 'recarga',
          track: 'CTASectionF_secondary',
        },
        secondaryCta: {
          label: 'Tirar dúvidas',
          action: 'whatsapp',
          message: 'duvidas',
          track: 'CTASectionF_secondary',
        },
        noteIcon: 'clock',
        tone: 'alt',
      },
    },
    {
      name: 'Final: chamada grande',
      props: {
        variant: 'final',
        heading: 'Água com gás sem sair de casa',
        text: 'Recarga por R$ 150 com troca na sua porta. Chame a gente e escolha o melhor dia.',
        cta: { label: 'Agendar pelo WhatsApp', action: 'whatsapp', message: 'recarga', track: 'CTASectionT' },
        note: 'Resposta em até 30 minutos',
        noteIcon: 'clock',
        tone: 'light',
      },
    },
  ],
});

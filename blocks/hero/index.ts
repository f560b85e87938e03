import { defineBlock } from '../../runtime/define-block.ts';
import Hero from './hero.tsx';
import { heroSchema } from './hero.schema.ts';

export default defineBlock({
  type: 'hero',
  title: 'Abertura da página',
  description:
    'O topo da página: título principal (h1) com trecho em destaque, frase de apoio, botões, prova social, ilustração e selo de economia. Fundo claro ou escuro.',
  schema: heroSchema,
  component: Hero,
  hydrate: false,
  examples: [
    {
      name: 'Agendamento',
      props: {
        eyebrow: 'Recarga de CO2 em casa',
        title: 'Sodastream Refil fácil e rápido.',
        highlight: 'fácil e rápido.',
        subtitle:
          'Para máquinas SodaStream e compatíveis: levamos o cilindro cheio e retiramos o vazio na mesma visita. R$ 150 por recarga, com entrega grátis.',
        cta: { label: 'Agendar agora', track: 'HeroSectionT' },
        secondaryCta: { label: 'Como funciona', action: 'link', href: '#como-funciona' },
        note: '+500 trocas por mês',
        noteIcon: 'users',
        badge: { value: '70%', label: 'de economia' },
        image: {
          src: '/images/troca-na-porta.svg',
          alt: 'Cilindro de CO2 cheio entregue na porta de casa no lugar do vazio, com o agendamento confirmado no celular',
          width: 560,
          height: 440,
        },
        tone: 'light',
      },
    },
    {
      name: 'Tom escuro: recarga oficial',
      props: {
        eyebrow: 'Entrega 100% grátis • Recargas oficiais',
        title: 'Recarga de CO2 por R$ 150 fixo, na sua porta.',
        highlight: 'R$ 150 fixo',
        subtitle:
          'Atendemos toda a Grande São Paulo: trocamos o seu cilindro no dia e horário que você escolher, sem taxa de entrega.',
        cta: { label: 'Agendar recarga' },
        note: 'Resposta no WhatsApp em até 30 minutos',
        noteIcon: 'clock',
        image: {
          src: '/images/entrega.svg',
          alt: 'Entregador da Fillgás entregando um cilindro de CO2 cheio na porta de uma casa',
          width: 480,
          height: 320,
        },
        tone: 'dark',
      },
    },
  ],
});

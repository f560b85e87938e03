import { defineBlock } from '../../runtime/block-api.ts';
import Hero from './hero.tsx';
import { heroSchema } from './hero.schema.ts';

export default defineBlock({
  type: 'hero',
  title: 'Abertura da página',
  description:
    'O topo da página: título principal (h1) com trecho em destaque, frase de apoio, botões, prova social, ilustração e selo de economia. Fundo claro ou escuro.',
  schema: heroSchema,
  component: Hero,
  // Static HTML unless the hero animates: the staged entrance is CSS, the parallax needs the script.
  // Static HTML: the staged entrance is pure CSS; floating images get the small plain-DOM
  // parallax behaviour (hero.behavior.ts), never React.
  hydrate: false,
  behavior: (props) => Boolean(props.floating?.length),
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
        entrance: 'none',
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
        entrance: 'none',
      },
    },
    {
      name: 'Entrada em etapas com cilindros flutuantes',
      props: {
        eyebrow: 'Entrega grátis na Grande SP',
        title: 'Seu cilindro de CO2 cheio, sem sair de casa.',
        highlight: 'sem sair de casa.',
        subtitle:
          'Para máquinas SodaStream e compatíveis. Troca na hora: levamos o cilindro cheio e retiramos o vazio na mesma visita, por R$ 150.',
        cta: { label: 'Agendar recarga', track: 'HeroSectionT' },
        note: '+500 trocas por mês',
        noteIcon: 'users',
        image: {
          src: '/images/troca-na-porta.svg',
          alt: 'Cilindro de CO2 cheio entregue na porta de casa no lugar do vazio, com o agendamento confirmado no celular',
          width: 560,
          height: 440,
        },
        tone: 'light',
        entrance: 'staged',
        floating: [
          { src: '/images/cilindro-flutuante.svg', alt: '', width: 56, height: 112, top: 6, left: 46 },
          { src: '/images/cilindro-flutuante.svg', alt: '', width: 48, height: 96, top: 70, left: 49 },
          { src: '/images/cilindro-flutuante.svg', alt: '', width: 64, height: 128, top: 2, left: 92 },
          { src: '/images/cilindro-flutuante.svg', alt: '', width: 56, height: 112, top: 80, left: 88 },
        ],
      },
    },
  ],
});

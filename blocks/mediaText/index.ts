import { defineBlock } from '../../runtime/block-api.ts';
import MediaText from './mediaText.tsx';
import { mediaTextSchema } from './mediaText.schema.ts';

export default defineBlock({
  type: 'mediaText',
  title: 'Imagem e texto',
  description:
    'Uma ilustração de um lado e, do outro, título, parágrafos, lista de verificação, selo e até dois botões. Para apresentar a empresa, um serviço, o atendimento ou um produto em breve.',
  schema: mediaTextSchema,
  component: MediaText,
  hydrate: false,
  examples: [
    {
      name: 'Sobre a empresa',
      props: {
        eyebrow: 'Sobre a Fillgás',
        heading: 'Trocamos o seu cilindro na mesma visita',
        paragraphs: [
          'A Fillgás recarrega cilindros de CO2 de máquinas de água com gás em São Paulo e na Grande SP. Você agenda pelo WhatsApp e nós vamos até você.',
        ],
        bullets: [
          'Recolhemos o cilindro vazio e entregamos o cheio na mesma visita',
          'Aceitamos cilindros de outras marcas, no padrão de CO2 de 60 L',
          'Precisa de um cilindro novo? Peça a um atendente',
        ],
        image: {
          src: '/images/troca-na-porta.svg',
          alt: 'Entregador troca o cilindro vazio por um cheio na porta de casa',
          width: 560,
          height: 440,
        },
        imageSide: 'right',
        muted: false,
        ctas: [{ label: 'Agendar recarga', action: 'whatsapp', message: 'recarga', track: 'HeroSectionT' }],
        tone: 'light',
      },
    },
    {
      name: 'Em breve: máquina 2025',
      props: {
        eyebrow: 'Pré-lançamento',
        badge: 'Em breve · Lançamento 2025',
        heading: 'A máquina de água com gás da Fillgás',
        paragraphs: [
          'Estamos preparando a nossa própria máquina de água com gás, com lançamento previsto para 2025. Ela ainda não está à venda.',
        ],
        image: {
          src: '/images/maquina-em-breve.svg',
          alt: 'Silhueta da máquina de água com gás, ainda em breve',
          width: 240,
          height: 320,
        },
        imageSide: 'left',
        muted: true,
        tone: 'alt',
      },
    },
    {
      name: 'Tom escuro: atendimento com dois botões',
      props: {
        eyebrow: 'Atendimento',
        heading: 'Fale com uma pessoa de verdade',
        paragraphs: ['Tire dúvidas, agende ou reagende a sua recarga pelo WhatsApp ou por telefone.'],
        bullets: ['Resposta em até 30 minutos no WhatsApp', 'Atendimento por chat e por telefone'],
        image: {
          src: '/images/atendimento.svg',
          alt: 'Atendente com fone de ouvido respondendo mensagens no celular',
          width: 480,
          height: 360,
        },
        imageSide: 'right',
        muted: false,
        ctas: [
          { label: 'Falar no WhatsApp', action: 'whatsapp', message: 'duvidas', track: 'CustomerSupportF' },
          { label: 'Ligar agora', action: 'phone', message: 'recarga', track: 'CustomerSupportF' },
        ],
        note: 'Segunda a sábado, das 8h às 20h',
        tone: 'dark',
      },
    },
  ],
});

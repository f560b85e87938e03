import { defineBlock } from '../../runtime/block-api.ts';
import Credibility from './credibility.tsx';
import { credibilitySchema } from './credibility.schema.ts';

const seal = (name: string) => ({ src: `/images/selo-${name}.svg`, alt: '', width: 120, height: 140 });

export default defineBlock({
  type: 'credibility',
  title: 'Números e selos de confiança',
  description:
    'Prova de confiança: números em destaque (ex.: +500 trocas por mês, 99,9% de pureza) e selos de garantia com ilustração, título e texto.',
  schema: credibilitySchema,
  component: Credibility,
  hydrate: false,
  examples: [
    {
      name: 'Agendamento: por que nos escolher',
      props: {
        eyebrow: 'Confiança',
        heading: 'Por que nos escolher',
        intro: 'Qualidade comprovada em cada recarga, do teste do cilindro até a entrega na sua porta.',
        stats: [
          { value: '+500', label: 'trocas por mês', icon: 'refresh' },
          { value: '99,9%', label: 'de pureza do CO2', icon: 'lab' },
          { value: '48 h', label: 'é o prazo usual de entrega', icon: 'truck' },
          { value: '4,8/5', label: 'de avaliação média', icon: 'star' },
        ],
        badges: [
          {
            title: 'CO2 alimentício certificado',
            description: 'Gás próprio para bebidas, com 99,9% de pureza.',
            image: seal('co2-alimenticio'),
            icon: 'award',
          },
          {
            title: 'Cilindros testados',
            description: 'Controle em 5 etapas: inspeção, pressão, carga dosada, vazamento e peso.',
            image: seal('cilindros-testados'),
            icon: 'award',
          },
          {
            title: 'Garantia de satisfação',
            description: 'Se algo não sair como combinado, refazemos ou devolvemos o valor.',
            image: seal('garantia'),
            icon: 'award',
          },
          {
            title: 'Site protegido',
            description: 'Conexão segura e nenhum dado de pagamento pedido no site.',
            image: seal('site-protegido'),
            icon: 'award',
          },
        ],
        tone: 'light',
      },
    },
    {
      name: 'Tom escuro: números e ícones',
      props: {
        heading: 'A Fillgás em números',
        stats: [
          { value: '+10.000', label: 'recargas realizadas' },
          { value: '+5.000', label: 'clientes satisfeitos' },
          { value: '4,9/5', label: 'em 128 avaliações' },
          { value: '100%', label: 'qualidade alimentícia certificada' },
        ],
        badges: [
          {
            title: 'Atendimento humano',
            description: 'Pelo WhatsApp e por telefone, de segunda a sábado, das 8h às 20h.',
            icon: 'chat',
          },
          {
            title: 'Resposta em até 30 minutos',
            description: 'Você não fica esperando para agendar.',
            icon: 'clock',
          },
          {
            title: 'Pagamento facilitado',
            description: 'PIX, cartão ou dinheiro na entrega.',
            icon: 'creditCard',
          },
        ],
        tone: 'dark',
      },
    },
  ],
});

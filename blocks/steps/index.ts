import { defineBlock } from '../../runtime/block-api.ts';
import Steps from './steps.tsx';
import { stepsSchema } from './steps.schema.ts';

export default defineBlock({
  type: 'steps',
  title: 'Passo a passo',
  description:
    'Como funciona, em passos numerados automaticamente (2 a 6), com ícone, título e texto; destaque e botão opcionais abaixo.',
  schema: stepsSchema,
  component: Steps,
  hydrate: false,
  examples: [
    {
      name: 'Agendamento: como funciona',
      props: {
        eyebrow: 'Passo a passo',
        heading: 'Como funciona',
        intro: 'Do agendamento à primeira garrafa com gás, sem sair de casa.',
        items: [
          {
            title: 'Agende pelo WhatsApp',
            description: 'Chame a gente no WhatsApp e escolha o melhor dia. Respondemos em até 30 minutos.',
            icon: 'chat',
          },
          {
            title: 'Troca na sua porta',
            description:
              'Levamos o cilindro cheio e retiramos o vazio na mesma visita, em geral em até 48 h depois do contato.',
            icon: 'refresh',
          },
          {
            title: 'Pronto para gaseificar',
            description:
              'Encaixe o cilindro na sua máquina e pronto: até 60 L de água com gás, cerca de 120 garrafas de 500 ml.',
            icon: 'bubbles',
          },
        ],
        noteIcon: 'check',
        cta: { label: 'Agendar minha recarga', track: 'HowItWorksSectionT' },
        tone: 'light',
      },
    },
    {
      name: 'Tom escuro: valor fixo',
      props: {
        heading: 'Como funciona',
        intro: 'Três passos e o seu cilindro está cheio de novo.',
        items: [
          {
            title: 'Fale com a gente',
            description: 'Chame no WhatsApp e informe o seu endereço e o melhor dia para a entrega.',
            icon: 'chat',
          },
          {
            title: 'Pague R$ 150',
            description: 'Por PIX, cartão ou dinheiro: você escolhe.',
            icon: 'pix',
          },
          {
            title: 'Receba em casa',
            description: 'Entregamos no dia e horário agendados e levamos o cilindro vazio.',
            icon: 'home',
          },
        ],
        note: 'Valor fixo: R$ 150, sem taxas extras',
        noteIcon: 'cash',
        cta: { label: 'Agendar recarga' },
        tone: 'dark',
      },
    },
  ],
});

import { defineBlock } from '../../runtime/block-api.ts';
import { DEFAULT_CONTACT, DEFAULT_TOC_LABEL } from './defaults.ts';
import Legal from './legal.tsx';
import { legalSchema } from './legal.schema.ts';

export default defineBlock({
  type: 'legal',
  title: 'Texto legal',
  description:
    'Página de política ou termos: título, data de atualização, índice "Nesta página", seções numeradas e quadro de contato com WhatsApp, e-mail e telefone de _site.yaml.',
  schema: legalSchema,
  component: Legal,
  hydrate: false,
  // The article's id and each section's: the table of contents links to them (#reembolso-integral).
  anchors: (props) => [props.id, ...(props.sections ?? []).map((section) => section.id)],
  examples: [
    {
      name: 'Política de Reembolso',
      props: {
        title: 'Política de Reembolso',
        updated: 'Atualizada em novembro de 2026',
        intro:
          'Esta política explica quando você tem direito ao reembolso da recarga do seu cilindro de CO2, como pedir e como o valor é devolvido. Ela vale para todos os agendamentos feitos com a {marca}.',
        tocLabel: DEFAULT_TOC_LABEL,
        numbered: true,
        sections: [
          {
            id: 'reembolso-integral',
            heading: 'Reembolso integral',
            paragraphs: [
              'Se você cancelar o agendamento com pelo menos 24 horas de antecedência do horário marcado, devolvemos 100% do valor pago.',
              'Para cancelar ou remarcar, veja a [Política de Cancelamento](/politica-de-cancelamento).',
            ],
          },
          {
            id: 'menos-de-24-horas',
            heading: 'Cancelamento com menos de 24 horas',
            paragraphs: [
              'Depois desse prazo, não há reembolso, exceto quando a recarga não puder ser feita por uma falha do próprio serviço da {marca}.',
              'Nos cancelamentos feitos com menos de 24 horas de antecedência, pode ser cobrada uma taxa de deslocamento ou o valor pago pode ficar retido.',
            ],
          },
          {
            id: 'falha-do-servico',
            heading: 'Quando a falha é nossa',
            paragraphs: [
              'Se não realizarmos a troca no dia e horário confirmados por uma falha do nosso próprio serviço, você tem direito ao reembolso integral, mesmo com menos de 24 horas de antecedência, e nenhuma taxa de deslocamento é cobrada.',
              'A recarga também tem garantia de satisfação: se ela não sair como esperado, refazemos o serviço ou devolvemos o seu dinheiro.',
            ],
          },
          {
            id: 'como-pedir',
            heading: 'Como pedir o reembolso',
            paragraphs: ['Envie o seu pedido pelo WhatsApp {whatsapp} ou pelo e-mail {email}, informando:'],
            items: ['o número do pedido;', 'o motivo do pedido de reembolso.'],
            after: ['Respondemos pelo mesmo canal que você usou para enviar o pedido.'],
          },
          {
            id: 'prazo-de-analise',
            heading: 'Prazo de análise',
            paragraphs: [
              'Analisamos cada pedido em até 3 dias úteis, contados a partir do recebimento da sua mensagem com o número do pedido e o motivo.',
            ],
          },
          {
            id: 'devolucao-do-valor',
            heading: 'Como o valor é devolvido',
            paragraphs: [
              'O reembolso aprovado é feito pelo mesmo meio de pagamento usado na compra. Por exemplo:',
            ],
            items: [
              'PIX: devolvemos o valor por PIX;',
              'cartão de crédito: fazemos o estorno no mesmo cartão; o crédito aparece na fatura conforme o prazo da operadora do cartão.',
            ],
          },
          {
            id: 'sem-devolucao-de-produto',
            heading: 'Não há devolução de produto',
            paragraphs: [
              'O nosso serviço é a recarga e a troca do cilindro de CO2: recolhemos o cilindro vazio e entregamos o cheio na mesma visita. Não há produto físico para devolver; o reembolso se refere ao valor pago pelo serviço agendado.',
            ],
          },
          {
            id: 'outras-regras',
            heading: 'Outras regras',
            paragraphs: [
              'O agendamento só é confirmado depois que o pagamento é confirmado. As demais condições do serviço estão nos [Termos de Uso](/termos-de-uso).',
            ],
          },
        ],
        contact: {
          heading: 'Precisa pedir um reembolso?',
          text: 'Fale com a nossa equipe pelo WhatsApp ou por e-mail, com o número do pedido e o motivo. Atendemos de segunda a sábado, das 8h às 20h.',
          chatLabel: 'Falar no WhatsApp',
        },
      },
    },
    {
      name: 'Texto curto, sem numeração',
      props: {
        title: 'Política de Cancelamento',
        updated: 'Atualizada em novembro de 2026',
        tocLabel: DEFAULT_TOC_LABEL,
        numbered: false,
        sections: [
          {
            id: 'prazo',
            heading: 'Prazo para cancelar ou remarcar',
            paragraphs: [
              'Você pode cancelar ou remarcar a recarga com pelo menos 24 horas de antecedência do horário agendado.',
            ],
          },
          {
            id: 'como-cancelar',
            heading: 'Como cancelar ou remarcar',
            paragraphs: [
              'Envie uma mensagem pelo WhatsApp {whatsapp} ou um e-mail para {email}, com o número do pedido.',
            ],
          },
        ],
        contact: DEFAULT_CONTACT,
      },
    },
  ],
});

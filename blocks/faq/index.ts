import type { FAQPage } from 'schema-dts';
import { defineBlock } from '../../runtime/block-api.ts';
import Faq, { answerParagraphs } from './faq.tsx';
import { faqSchema, type faqItemSchema } from './faq.schema.ts';
import type { Static } from '@sinclair/typebox';

/**
 * The FAQPage of the questions a visitor sees, built from the same items the block renders:
 * each answer is the paragraphs the block shows, one per line.
 */
export function faqPageJsonLd(items: readonly Static<typeof faqItemSchema>[]): FAQPage {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answerParagraphs(answer).join('\n') },
    })),
  };
}

export default defineBlock({
  type: 'faq',
  title: 'Perguntas frequentes',
  description:
    'Perguntas e respostas em acordeão (uma aberta por vez), com um cartão opcional "Ainda tem dúvidas?" e botão para o WhatsApp.',
  schema: faqSchema,
  component: Faq,
  // Static HTML; the accordion is a small plain-DOM behaviour (faq.behavior.ts), never React.
  hydrate: false,
  behavior: true,
  jsonLd: ({ structuredData, items }) => {
    if (structuredData === false) return undefined;
    if (structuredData === true) return faqPageJsonLd(items);
    if (structuredData > items.length)
      throw new Error(
        `structuredData: ${structuredData} pede mais perguntas do que o bloco tem (${items.length}); use um número até ${items.length}, ou true para todas.`,
      );
    return faqPageJsonLd(items.slice(0, structuredData));
  },
  examples: [
    {
      name: 'Agendamento: 9 perguntas e cartão de dúvidas',
      props: {
        id: 'duvidas',
        eyebrow: 'Dúvidas frequentes',
        heading: 'Dúvidas Comuns',
        intro: 'Tudo o que você precisa saber antes de agendar a recarga do seu cilindro.',
        tone: 'alt',
        structuredData: true,
        items: [
          {
            question: 'Quanto custa a recarga?',
            answer:
              'A recarga custa R$ 150, com entrega grátis. Um cilindro novo sai por cerca de R$ 350: recarregando, você paga menos da metade.\nNo primeiro agendamento, use o código PRIMEIRA5 e ganhe 5% de desconto.',
          },
          {
            question: 'Como funciona a troca do cilindro?',
            answer:
              'Você agenda pelo WhatsApp e, no dia combinado, a nossa equipe vai até você: recolhe o cilindro vazio e entrega um cilindro cheio na mesma visita. Você não precisa sair de casa nem esperar a recarga.',
          },
          {
            question: 'Vocês aceitam cilindros de outras marcas?',
            answer:
              'Sim. Aceitamos cilindros de outras marcas, desde que sejam cilindros de CO2 padrão de 60 litros, como os das máquinas SodaStream e compatíveis.\nAinda não tem cilindro? Também vendemos cilindros novos: é só pedir a um atendente.',
          },
          {
            question: 'Quais regiões vocês atendem?',
            answer: 'Atendemos São Paulo e toda a Grande São Paulo, sempre com entrega grátis.',
          },
          {
            question: 'Em quanto tempo recebo o cilindro?',
            answer:
              'Normalmente entregamos em até 48 horas após o seu contato. As entregas costumam ser agendadas às quartas-feiras; o dia e o horário são combinados com você pelo WhatsApp.',
          },
          {
            question: 'O CO2 é seguro para consumo?',
            answer:
              'Sim. Usamos CO2 alimentício certificado, com 99,9% de pureza, e os cilindros são testados e certificados antes da entrega.',
          },
          {
            question: 'Quantos litros de água com gás uma recarga rende?',
            answer:
              'Até 60 litros de água com gás, cerca de 120 garrafas de 500 ml. Recomendamos usar o gás em até 12 meses.',
          },
          {
            question: 'Quais são as formas de pagamento?',
            answer:
              'Você pode pagar com cartão de crédito ou PIX. O agendamento é confirmado assim que o pagamento é confirmado.',
          },
          {
            question: 'E se eu não ficar satisfeito?',
            answer:
              'Você tem garantia de satisfação: se a recarga não sair como esperado, refazemos o serviço ou devolvemos o seu dinheiro.',
          },
        ],
        aside: {
          title: 'Ainda tem dúvidas?',
          text: 'Fale com a nossa equipe pelo WhatsApp. Respondemos em até 30 minutos, de segunda a sábado, das 8h às 20h.',
          cta: { label: 'Tirar Dúvidas', action: 'whatsapp', message: 'duvidas', track: 'FAQSectionT' },
        },
      },
    },
    {
      name: 'Recarregue: 6 perguntas',
      props: {
        id: 'faq',
        heading: 'Perguntas frequentes',
        intro: 'Respostas rápidas sobre a entrega, o pagamento e a recarga.',
        tone: 'light',
        structuredData: false,
        items: [
          {
            question: 'A entrega é grátis mesmo?',
            answer:
              'Sim. A entrega é 100% grátis em toda a Grande São Paulo: você paga só o valor fixo da recarga, sem taxas extras.',
          },
          {
            question: 'Quanto custa a recarga?',
            answer: 'O valor é fixo: R$ 150 por recarga, já com a entrega na sua casa.',
          },
          {
            question: 'Como eu pago?',
            answer:
              'Você pode pagar por PIX, transferência bancária (com o comprovante enviado pelo WhatsApp), em dinheiro na entrega ou com cartão de débito ou crédito na entrega.',
          },
          {
            question: 'Quando recebo o meu cilindro?',
            answer:
              'No dia e horário que você agendar com a gente. Normalmente a entrega acontece em até 48 horas após o contato.',
          },
          {
            question: 'As recargas são seguras?',
            answer:
              'Sim. Usamos CO2 alimentício certificado, com 99,9% de pureza, e cada cilindro passa por controle de qualidade em cinco etapas: inspeção visual, teste de pressão inicial, recarga dosada, teste eletrônico de vazamento e conferência final de pressão e peso.',
          },
          {
            question: 'O meu cilindro é compatível?',
            answer:
              'Recarregamos cilindros de CO2 padrão de 60 litros, como os das máquinas SodaStream e compatíveis, inclusive de outras marcas.',
          },
        ],
      },
    },
  ],
});

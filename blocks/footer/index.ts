import { defineBlock } from '../../runtime/block-api.ts';
import { FOOTER_DEFAULTS } from './defaults.ts';
import Footer from './footer.tsx';
import { footerSchema } from './footer.schema.ts';

export default defineBlock({
  type: 'footer',
  title: 'Rodapé',
  description:
    'Rodapé do site: sobre a empresa, contato (WhatsApp, telefone, e-mail, horário), segurança e qualidade, links das políticas, razão social, CNPJ e cidade (de _site.yaml) e o ano atual. Em layout compact, só os links e a faixa legal.',
  schema: footerSchema,
  component: Footer,
  // Static: the page script puts the current year into [data-current-year]; <details> needs no JS.
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  placement: 'footer',
  examples: [
    { name: 'Padrão', props: { ...FOOTER_DEFAULTS } },
    {
      name: 'Agendamento: com perguntas rápidas',
      props: {
        ...FOOTER_DEFAULTS,
        miniFaq: [
          {
            question: 'Quanto custa a recarga?',
            answer: 'R$ 150 por recarga, com entrega grátis em São Paulo e Grande SP.',
          },
          {
            question: 'Em quanto tempo vocês entregam?',
            answer: 'Normalmente em até 48 horas após o contato, no dia e horário combinados.',
          },
          {
            question: 'Aceitam cilindros de outras marcas?',
            answer: 'Sim, desde que sejam cilindros de CO2 padrão de 60 litros.',
          },
        ],
      },
    },
    { name: 'Fundo claro', props: { ...FOOTER_DEFAULTS, tone: 'light' } },
    { name: 'Compacto (página inicial)', props: { ...FOOTER_DEFAULTS, layout: 'compact' } },
  ],
});

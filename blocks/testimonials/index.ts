import { defineBlock } from '../../runtime/block-api.ts';
import Testimonials from './testimonials.tsx';
import { testimonialsSchema } from './testimonials.schema.ts';

export default defineBlock({
  type: 'testimonials',
  title: 'Depoimentos',
  description:
    'Depoimentos de clientes em cartões: estrelas (nota de 1 a 5), texto, iniciais num círculo colorido, bairro e desde quando é cliente; nota média opcional. Em grade ou em slider (um por vez, que dá a volta nas duas pontas).',
  schema: testimonialsSchema,
  component: Testimonials,
  // The grid is static HTML; the slider needs the browser (buttons, dots, swipe).
  hydrate: (props) => (props.layout === 'slider' ? 'visible' : false),
  examples: [
    {
      name: 'Agendamento: três depoimentos',
      props: {
        eyebrow: 'Depoimentos',
        heading: 'Quem recarrega com a Fillgás recomenda',
        intro: 'Clientes de São Paulo e da Grande SP contam como ficou a rotina com a troca na porta.',
        summary: { value: '4,8/5', label: 'de média nas avaliações' },
        items: [
          {
            text: 'Eu perdia uma manhã inteira para trocar o cilindro na loja. Agora chamo no WhatsApp, escolho o dia e o cilindro cheio chega na minha porta.',
            author: 'Mariana Souza',
            location: 'Barueri',
            since: 'Cliente desde 2023',
            rating: 5,
          },
          {
            text: 'Pago R$ 150 na recarga em vez de R$ 350 num cilindro novo. A água fica com o mesmo gás de sempre e a troca leva menos de 5 minutos.',
            author: 'Ricardo Almeida',
            location: 'Osasco',
            since: 'Cliente desde 2024',
            rating: 5,
          },
          {
            text: 'Responderam em poucos minutos e o entregador foi muito educado. Já indiquei para metade do condomínio em Alphaville.',
            author: 'Fernanda Lima',
            location: 'Alphaville',
            since: 'Cliente desde 2023',
            rating: 5,
          },
        ],
        layout: 'grid',
        tone: 'light',
      },
    },
    {
      name: 'Tom escuro',
      props: {
        heading: 'O que dizem os nossos clientes',
        items: [
          {
            text: 'Moro em apartamento e não tenho carro. A troca em casa resolveu a minha vida: agendei na segunda e recebi na quarta.',
            author: 'Paulo Henrique Costa',
            location: 'Moema, São Paulo',
            since: 'Cliente desde 2022',
            initials: 'PC',
            rating: 5,
          },
          {
            text: 'Preço fixo e sem taxa de entrega. Só tirei uma estrela porque queria um horário mais cedo, mas o atendimento foi ótimo.',
            author: 'Juliana Rocha',
            location: 'Santo André',
            since: 'Cliente desde 2024',
            rating: 4,
          },
          {
            text: 'Uso a máquina todos os dias e nunca mais fiquei sem gás. Eles avisam quando está na hora de recarregar.',
            author: 'Carlos Eduardo Nunes',
            location: 'Guarulhos',
            since: 'Cliente desde 2023',
            rating: 5,
          },
        ],
        layout: 'grid',
        tone: 'dark',
      },
    },
    {
      name: 'Recarregue: slider de três depoimentos',
      props: {
        id: 'depoimentos',
        eyebrow: 'Depoimentos',
        heading: 'Quem já recebe a recarga em casa',
        items: [
          {
            text: 'Agendei pelo WhatsApp na segunda e na quarta o cilindro cheio estava na minha porta, no horário combinado. Paguei R$ 150 no PIX e pronto.',
            author: 'Beatriz Martins',
            location: 'Pinheiros, São Paulo',
            since: 'Cliente desde 2023',
            rating: 5,
          },
          {
            text: 'A entrega é grátis mesmo, sem taxa escondida. O entregador trocou o cilindro vazio pelo cheio em dois minutos.',
            author: 'Rafael Oliveira',
            location: 'São Bernardo do Campo',
            since: 'Cliente desde 2024',
            rating: 5,
          },
          {
            text: 'Paguei com cartão na entrega e recebi tudo certinho. Já marquei a próxima recarga para o mês que vem.',
            author: 'Camila Ferreira',
            location: 'Guarulhos',
            since: 'Cliente desde 2024',
            rating: 5,
          },
        ],
        layout: 'slider',
        tone: 'light',
      },
    },
  ],
});

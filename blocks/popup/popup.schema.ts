import { Type } from '@sinclair/typebox';
import { SPEC } from '../../schema/constants.ts';
import { Cta, Image, Text, withDefault } from '../../schema/shared.ts';

export const popupSchema = Type.Object(
  {
    eyebrow: Type.Optional(
      Text({ maxLength: 40, description: 'Chamada curta acima do título, ex.: Oferta da primeira recarga.' }),
    ),
    title: Text({
      maxLength: 80,
      description: 'Título do popup (lido pelos leitores de tela como o nome da janela).',
    }),
    text: Text({
      maxLength: 240,
      description: 'Uma ou duas frases sob o título (lidas como a descrição da janela).',
    }),
    oldPrice: Type.Optional(
      Text({
        maxLength: 16,
        description: 'Preço antigo, riscado, ex.: R$ 350 (leitores de tela ouvem "de R$ 350").',
      }),
    ),
    price: Text({ maxLength: 16, description: 'Preço da oferta, em destaque, ex.: R$ 150.' }),
    priceNote: Type.Optional(
      Text({ maxLength: 40, description: 'Complemento ao lado do preço, ex.: com entrega grátis.' }),
    ),
    coupon: Type.Optional(
      Type.Object(
        {
          code: Type.String({
            pattern: '^[A-Z0-9]{3,20}$',
            patternErrorMessage: 'Use só letras maiúsculas e números, sem espaços, ex.: PRIMEIRA5.',
            description: 'O código, ex.: PRIMEIRA5.',
          }),
          text: Text({
            maxLength: 60,
            description: 'O que o código dá, ex.: 5% de desconto no primeiro agendamento.',
          }),
        },
        {
          additionalProperties: false,
          description: 'Cupom em destaque, com botão para copiar o código.',
        },
      ),
    ),
    image: Type.Optional({
      ...Image,
      description: 'Ilustração ao lado (ou acima, no celular), ex.: /images/cilindro.svg, 240 × 320.',
    }),
    badge: Type.Optional(
      Text({ maxLength: 24, description: 'Selo sobre a ilustração, ex.: Entrega grátis.' }),
    ),
    cta: {
      ...Cta,
      description:
        'Botão principal (padrão: abre o WhatsApp). Use track: OfferPopupT. Ao clicar, o clique é registrado e o popup fecha.',
    },
    note: Type.Optional(
      Text({ maxLength: 80, description: 'Linha pequena sob o botão, ex.: Resposta em até 30 minutos.' }),
    ),
    delayMs: withDefault(
      Type.Integer({
        minimum: 0,
        maximum: 600_000,
        description: `Quantos milissegundos depois de abrir a página o popup aparece. Padrão: ${SPEC.popupDelayMs} (30 segundos). Quem já fechou o popup na sessão não o vê de novo. Para não mostrar a visitantes de anúncio pago, use hideFor: paidTraffic no bloco.`,
      }),
      SPEC.popupDelayMs,
    ),
  },
  { additionalProperties: false },
);

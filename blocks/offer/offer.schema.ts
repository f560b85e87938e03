import { Type } from '@sinclair/typebox';
import { Cta, describedAs, IconSchema, Image, Text, Tone, withDefault } from '../../schema/shared.ts';

const Price = (description: string) =>
  Type.String({
    pattern: '^R\\$ \\d{1,3}(\\.\\d{3})*(,\\d{2})?$',
    patternErrorMessage: 'Escreva o preço como R$ 150 ou R$ 1.200 (espaço depois de R$, ponto no milhar).',
    description,
  });

export const offerSchema = Type.Object(
  {
    eyebrow: Type.Optional(
      Text({ maxLength: 40, description: 'Palavra curta acima do título, ex.: Oferta.' }),
    ),
    heading: Text({ maxLength: 90, description: 'Título da seção (h2), ex.: Recarregue por R$ 150.' }),
    text: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    oldPrice: Type.Optional(Price('Preço riscado, lido como "de R$ 350", ex.: R$ 350 (o cilindro novo).')),
    price: Price('O preço da oferta, lido como "por R$ 150", ex.: R$ 150.'),
    priceNote: Type.Optional(
      Text({
        maxLength: 60,
        description: 'O que o preço inclui, sob ele, ex.: a recarga, com entrega grátis.',
      }),
    ),
    badge: Type.Optional(
      Text({ maxLength: 30, description: 'Selo de economia sobre o preço, ex.: Economize até 70%.' }),
    ),
    bulletsHeading: withDefault(
      Text({ maxLength: 40, description: 'Título da lista de vantagens (h3). Padrão: O que está incluído.' }),
      'O que está incluído',
    ),
    bullets: withDefault(
      Type.Array(Text({ maxLength: 90 }), {
        maxItems: 6,
        description: 'Vantagens incluídas, uma por linha, com ✓ (até 6).',
      }),
      [],
    ),
    cta: describedAs(Cta, {
      description: 'O botão da oferta, ex.: Agendar minha recarga com track CTASectionT.',
    }),
    secondaryCta: Type.Optional(
      describedAs(Cta, {
        description: 'Link discreto sob o botão (opcional), ex.: Tirar dúvidas com message duvidas.',
      }),
    ),
    note: Type.Optional(
      Text({
        maxLength: 90,
        description: 'Linha de destaque sob o botão, ex.: Primeiro agendamento: 5% off com o cupom.',
      }),
    ),
    coupon: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{3,20}$',
        patternErrorMessage: 'Use letras maiúsculas e números, sem espaços, ex.: PRIMEIRA5.',
        description: 'Código de cupom mostrado em destaque depois da linha note, ex.: PRIMEIRA5.',
      }),
    ),
    noteIcon: withDefault(
      IconSchema({ description: 'Ícone da linha de destaque. Padrão: sparkles.' }),
      'sparkles',
    ),
    image: Type.Optional(
      describedAs(Image, {
        description: 'Ilustração ao lado das vantagens (a partir de tablets), ex.: /images/cilindro.svg.',
      }),
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

import { Type } from '@sinclair/typebox';
import { Cta, Text, withDefault } from '../../schema/shared.ts';

export const stickyCtaSchema = Type.Object(
  {
    text: withDefault(
      Text({
        maxLength: 40,
        description: 'Frase curta à esquerda da barra, ex.: Recarga com entrega grátis.',
      }),
      'Recarga com entrega grátis',
    ),
    price: Type.Optional(
      Text({
        maxLength: 16,
        description: 'Preço em destaque sob a frase, com espaço depois de R$, ex.: R$ 150.',
        examples: ['R$ 150'],
      }),
    ),
    cta: withDefault(
      {
        ...Cta,
        description:
          'Botão verde do WhatsApp (texto curto: a barra é estreita, ex.: Agendar). Padrão: conversa com a mensagem recarga, Analytics StickyWhatsAppCTA.',
      },
      { label: 'Agendar', action: 'whatsapp', message: 'recarga', track: 'StickyWhatsAppCTA' },
    ),
  },
  { additionalProperties: false },
);

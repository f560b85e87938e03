import { Type } from '@sinclair/typebox';
import { SPEC } from '../../schema/constants.ts';
import { Cta, Text, withDefault } from '../../schema/shared.ts';

export const sideChatSchema = Type.Object(
  {
    label: withDefault(
      Text({
        maxLength: 40,
        description:
          'Texto do botão aberto, ao lado do ícone do WhatsApp. Leitores de tela o ouvem sempre, mesmo com o botão recolhido.',
      }),
      'Agende sua recarga agora!',
    ),
    cta: withDefault(
      {
        ...Cta,
        description:
          'Para onde o botão leva (padrão: conversa do WhatsApp com a mensagem recarga) e o nome no Analytics (padrão: SideWhatsAppCTA). O label do cta é lido depois do texto do botão.',
      },
      { label: 'Conversar no WhatsApp', action: 'whatsapp', message: 'recarga', track: 'SideWhatsAppCTA' },
    ),
    collapseAfterMs: withDefault(
      Type.Integer({
        minimum: 0,
        maximum: 60_000,
        description: `Depois de quantos milissegundos o botão recolhe para só o ícone redondo. Padrão: ${SPEC.sideButtonCollapseMs} (4 segundos).`,
      }),
      SPEC.sideButtonCollapseMs,
    ),
  },
  { additionalProperties: false },
);

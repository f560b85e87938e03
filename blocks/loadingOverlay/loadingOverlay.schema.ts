import { Type } from '@sinclair/typebox';
import { SPEC } from '../../schema/constants.ts';
import { Text, withDefault } from '../../schema/shared.ts';

export const loadingOverlaySchema = Type.Object(
  {
    label: withDefault(
      Text({
        maxLength: 40,
        description: 'Texto ao lado da porcentagem, também lido por leitores de tela. Padrão: Carregando.',
      }),
      'Carregando',
    ),
    message: Type.Optional(
      Text({
        maxLength: 80,
        description: 'Frase curta sob o logo (opcional), ex.: Preparando a sua recarga de CO2…',
      }),
    ),
    tickMs: withDefault(
      Type.Integer({
        minimum: 50,
        maximum: 1000,
        description: `A cada quantos milissegundos a barra avança. Padrão: ${SPEC.loadingTickMs}.`,
      }),
      SPEC.loadingTickMs,
    ),
    maxStep: withDefault(
      Type.Integer({
        minimum: 1,
        maximum: 50,
        description: `Maior avanço por vez, em pontos percentuais (cada avanço é sorteado de 1 até ele). Padrão: ${SPEC.loadingMaxStep}.`,
      }),
      SPEC.loadingMaxStep,
    ),
    hideDelayMs: withDefault(
      Type.Integer({
        minimum: 0,
        maximum: 3000,
        description: `Quanto tempo os 100% ficam na tela antes de a tela de carregamento sumir. Padrão: ${SPEC.loadingHideDelayMs}.`,
      }),
      SPEC.loadingHideDelayMs,
    ),
  },
  { additionalProperties: false },
);

import { Type } from '@sinclair/typebox';
import { SafeUrl, StringEnum, withDefault } from '../../schema/shared.ts';

export const navbarSchema = Type.Object(
  {
    logoHref: withDefault(
      SafeUrl({ description: 'Para onde o logo leva. Padrão: a página inicial (/).' }),
      '/',
    ),
    align: withDefault(
      StringEnum(['center', 'start'], {
        description: 'Posição do logo: center (centralizado) ou start (à esquerda).',
      }),
      'center',
    ),
  },
  { additionalProperties: false },
);

import { Type } from '@sinclair/typebox';
import { Image, SafeUrl, Text, withDefault } from '../../schema/shared.ts';

// The spec gives this screen in English ('Oops! Page not found', 'Return to Home'): kept as given.
export const notFoundSchema = Type.Object(
  {
    code: withDefault(Text({ maxLength: 8, description: 'O número grande no topo.' }), '404'),
    heading: withDefault(Text({ description: 'Título da página de erro.' }), 'Oops! Page not found'),
    linkLabel: withDefault(Text({ description: 'Texto do link de volta.' }), 'Return to Home'),
    href: withDefault(SafeUrl({ description: 'Para onde o link de volta leva.' }), '/'),
    image: Type.Optional(Image),
  },
  { additionalProperties: false },
);

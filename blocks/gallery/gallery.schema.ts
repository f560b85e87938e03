import { Type } from '@sinclair/typebox';
import { SPEC } from '../../schema/constants.ts';
import { describedAs, Image, Text, Tone, withDefault } from '../../schema/shared.ts';

export const galleryImageSchema = describedAs(Image, {
  description:
    'Uma imagem da galeria. Use ilustrações 4:3 (ex.: 480 × 360): todas aparecem na mesma proporção, sem cortes.',
});

export const gallerySchema = Type.Object(
  {
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título da seção.' })),
    heading: Text({
      maxLength: 90,
      description: 'Título da seção (h2), ex.: Veja como funciona na prática.',
    }),
    intro: Type.Optional(Text({ maxLength: 240, description: 'Frase de apoio sob o título.' })),
    images: Type.Array(galleryImageSchema, {
      minItems: 1,
      maxItems: 24,
      description: `As imagens do carrossel, na ordem (${SPEC.carouselImages} na página /recarregue). Todas precisam de texto alternativo.`,
    }),
    perSlide: withDefault(
      Type.Integer({
        minimum: 1,
        maximum: 4,
        description: `Quantas imagens cada avanço do carrossel mostra. Padrão: ${SPEC.carouselPerSlide}. No celular elas ficam uma grande em cima e as outras menores embaixo.`,
      }),
      SPEC.carouselPerSlide,
    ),
    label: withDefault(
      Text({
        maxLength: 60,
        description: 'Nome do carrossel para leitores de tela. Padrão: Galeria de imagens.',
      }),
      'Galeria de imagens',
    ),
    hint: withDefault(
      Text({
        maxLength: 60,
        description:
          'Dica mostrada em telas de toque, sob as imagens. Padrão: Deslize para ver mais imagens.',
      }),
      'Deslize para ver mais imagens',
    ),
    tone: withDefault(Tone(), 'light'),
  },
  { additionalProperties: false },
);

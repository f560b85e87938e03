import { defineBlock } from '../../runtime/block-api.ts';
import Gallery from './gallery.tsx';
import { gallerySchema } from './gallery.schema.ts';
import { GALLERY_IMAGES } from './images.ts';

export default defineBlock({
  type: 'gallery',
  title: 'Galeria (carrossel)',
  description:
    'Carrossel de imagens: avança algumas por vez (3, pela especificação) com botões anterior/próximo, setas do teclado e deslizar no celular; para no começo e no fim. Sem JavaScript, vira uma fileira que rola para o lado.',
  schema: gallerySchema,
  component: Gallery,
  hydrate: 'visible',
  examples: [
    {
      name: 'Recarregue: 9 imagens, 3 por vez',
      props: {
        id: 'galeria',
        eyebrow: 'Galeria',
        heading: 'Da recarga até a sua porta',
        intro:
          'Veja como cuidamos do seu cilindro: recarga com controle de qualidade, entrega grátis e troca na hora.',
        images: GALLERY_IMAGES,
        perSlide: 3,
        label: 'Galeria de imagens',
        hint: 'Deslize para ver mais imagens',
        tone: 'alt',
      },
    },
    {
      name: 'Tom escuro: 4 imagens, 2 por vez',
      props: {
        heading: 'Como é a troca na porta',
        images: GALLERY_IMAGES.slice(1, 5),
        perSlide: 2,
        label: 'Galeria da troca na porta',
        hint: 'Deslize para ver mais imagens',
        tone: 'dark',
      },
    },
  ],
});

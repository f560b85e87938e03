import { defineBlock } from '../../runtime/block-api.ts';
import NotFound from './notFound.tsx';
import { notFoundSchema } from './notFound.schema.ts';

export default defineBlock({
  type: 'notFound',
  title: 'Página não encontrada',
  description: 'Tela de endereço inexistente (404) com link de volta; registra no console o caminho pedido.',
  schema: notFoundSchema,
  component: NotFound,
  // Static: the page script logs the missing path (data-log-missing-path), no React needed.
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  examples: [
    {
      name: 'Padrão',
      props: { code: '404', heading: 'Oops! Page not found', linkLabel: 'Return to Home', href: '/' },
    },
    {
      name: 'Com ilustração',
      props: {
        code: '404',
        heading: 'Oops! Page not found',
        linkLabel: 'Return to Home',
        href: '/',
        image: { src: '/images/nao-encontrado.svg', alt: '', width: 320, height: 240 },
      },
    },
  ],
});

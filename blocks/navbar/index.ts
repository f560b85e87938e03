import { defineBlock } from '../../runtime/define-block.ts';
import Navbar from './navbar.tsx';
import { navbarSchema } from './navbar.schema.ts';

export default defineBlock({
  type: 'navbar',
  title: 'Barra do topo',
  description: 'Barra do topo com o logo da marca, que leva à página inicial.',
  schema: navbarSchema,
  component: Navbar,
  hydrate: false,
  placement: 'header',
  examples: [
    { name: 'Logo centralizado', props: { logoHref: '/', align: 'center' } },
    { name: 'Logo à esquerda', props: { logoHref: '/', align: 'start' } },
  ],
});

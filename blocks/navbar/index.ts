import { SPEC } from '../../schema/constants.ts';
import { defineBlock } from '../../runtime/block-api.ts';
import Navbar from './navbar.tsx';
import { navbarSchema } from './navbar.schema.ts';

/** The shared header's sections live on /sodastream-t (spec §2). */
const sharedLinks = [
  { label: 'Sobre a Fillgás', href: '/sodastream-t#sobre' },
  { label: 'Tecnologia', href: '/sodastream-t#tecnologia' },
  { label: 'Experiência', href: '/sodastream-t#experiencia' },
  { label: 'Pré-lançamento', href: '/sodastream-t#pre-lancamento' },
];

export default defineBlock({
  type: 'navbar',
  title: 'Barra do topo',
  description:
    'Barra do topo com o logo (que leva à página inicial) e, se quiser, links para as seções, um botão de WhatsApp e um menu ☰ no celular. Pode ficar presa no topo e ganhar fundo branco ao rolar.',
  schema: navbarSchema,
  component: Navbar,
  // Static HTML. Its phone menu and its scroll state are a small plain-DOM behaviour
  // (navbar.behavior.ts), only where there are links or a sticky bar; never React.
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  behavior: (props) => (props.links?.length ?? 0) > 0 || props.sticky,
  placement: 'header',
  examples: [
    {
      name: 'Logo centralizado',
      props: {
        logoHref: '/',
        align: 'center',
        sticky: false,
        initial: 'solid',
        solidAfter: SPEC.navbarSolidPx,
      },
    },
    {
      name: 'Logo à esquerda',
      props: {
        logoHref: '/',
        align: 'start',
        sticky: false,
        initial: 'solid',
        solidAfter: SPEC.navbarSolidPx,
      },
    },
    {
      name: 'Agendamento',
      props: {
        logoHref: '/',
        align: 'start',
        links: [
          { label: 'Benefícios', href: '#beneficios' },
          { label: 'Dúvidas Comuns', href: '#duvidas' },
          { label: 'Por que nos escolher', href: '#credibilidade' },
        ],
        cta: { label: 'Agendar Recarga', action: 'whatsapp', message: 'recarga', track: 'NavbarT' },
        sticky: true,
        initial: 'solid',
        solidAfter: SPEC.navbarSolidPxAgendamento,
      },
    },
    {
      name: 'Cabeçalho compartilhado',
      props: {
        logoHref: '/',
        align: 'start',
        links: sharedLinks,
        sticky: true,
        initial: 'transparent',
        solidAfter: SPEC.navbarSolidPx,
      },
    },
    {
      name: 'Só o logo, branco ao rolar',
      props: {
        logoHref: '/',
        align: 'center',
        sticky: true,
        initial: 'transparent',
        solidAfter: SPEC.navbarSolidPxAgendamento,
      },
    },
    {
      name: 'Recarregue',
      props: {
        logoHref: '/recarregue',
        align: 'start',
        cta: { label: 'Agendar recarga', action: 'whatsapp', message: 'recarga', track: 'NavbarC' },
        sticky: true,
        initial: 'transparent',
        solidAfter: SPEC.navbarSolidPx,
      },
    },
    {
      name: 'Sodastream F',
      props: {
        logoHref: '/',
        align: 'start',
        links: [
          { label: 'Como funciona', href: '#como-funciona' },
          { label: 'Garantias', href: '#garantias' },
          { label: 'Dúvidas', href: '#faq' },
        ],
        cta: { label: 'Agendar recarga', action: 'whatsapp', message: 'recarga', track: 'NavbarF' },
        sticky: true,
        initial: 'solid',
        solidAfter: SPEC.navbarSolidPx,
      },
    },
  ],
});

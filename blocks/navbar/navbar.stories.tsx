import { css } from '@emotion/react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import { colors, space } from '../../design/theme.ts';
import { BlockProviders, useSite } from '../../runtime/block-api.ts';
import block from './index.ts';
import Navbar from './navbar.tsx';

const page = css`
  min-height: 1800px;
  background: linear-gradient(
    180deg,
    ${colors.waterLight} 0,
    ${colors.surfaceAlt} 420px,
    ${colors.surface} 900px
  );
  padding: ${space(8)} 20px;
  .fake {
    max-width: 1200px;
    margin: 0 auto;
  }
  h1 {
    font-size: clamp(2rem, 6vw, 3.25rem);
    max-width: 14ch;
  }
  p {
    max-width: 56ch;
    color: ${colors.muted};
    font-size: 1.125rem;
  }
  .box {
    height: 220px;
    margin-top: ${space(6)};
    border-radius: 24px;
    background:
      radial-gradient(circle at 20% 30%, ${colors.water} 0 26px, transparent 27px),
      radial-gradient(circle at 70% 60%, ${colors.orangeLight} 0 60px, transparent 61px), ${colors.navy};
  }
`;

/** A page under the bar, so the sticky and scrolled states can be seen. */
const withPage: Decorator = (Story) => (
  <>
    <Story />
    <div css={page} aria-hidden="true">
      <div className="fake">
        <h1>Sodastream Refil fácil e rápido.</h1>
        <p>Buscamos o cilindro vazio e entregamos o cheio na mesma visita, em São Paulo e Grande SP.</p>
        <div className="box" />
        <div className="box" />
      </div>
    </div>
  </>
);

function OnRoute({ route, children }: { route: string; children: ReactNode }) {
  const site = useSite();
  return (
    <BlockProviders site={site} page={{ route }}>
      {children}
    </BlockProviders>
  );
}

/** Renders the story as if it were on /sodastream-t, the page that has the shared header's sections. */
const onSodastreamT: Decorator = (Story) => (
  <OnRoute route="/sodastream-t">
    <Story />
  </OnRoute>
);

/**
 * Opens the phone menu. userEvent is imported rather than taken from the story context, which
 * has none where the browser lacks a clipboard (jsdom in tests/stories.test.tsx).
 */
const openMenu = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const toggle = within(canvasElement).getByRole('button', { name: 'Abrir menu' });
  await userEvent.click(toggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
};

/** Scrolls the page past the bar's threshold (SPEC.navbarSolidPx / 20 px). */
const scrollDown = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  window.scrollTo({ top: 320, behavior: 'instant' });
  // jsdom (tests/stories.test.tsx) has no layout and does not scroll: stand in for the position.
  if (window.scrollY === 0) Object.defineProperty(window, 'scrollY', { configurable: true, value: 320 });
  window.dispatchEvent(new Event('scroll'));
  await waitFor(() => expect(within(canvasElement).getByRole('banner')).toHaveAttribute('data-scrolled'));
};

const meta = {
  title: 'Blocos/Barra do topo',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-navbar',
  component: Navbar,
  args: exampleProps(block, 'Logo centralizado'),
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Navbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LogoCentralizado: Story = {
  name: 'Logo centralizado',
  args: exampleProps(block, 'Logo centralizado'),
};

export const LogoAEsquerda: Story = {
  name: 'Logo à esquerda',
  args: exampleProps(block, 'Logo à esquerda'),
};

export const LogoCentralizadoCelular: Story = {
  name: 'Logo centralizado (celular)',
  args: exampleProps(block, 'Logo centralizado'),
  globals: phoneViewport,
};

export const Agendamento: Story = {
  name: 'Agendamento',
  args: exampleProps(block, 'Agendamento'),
  decorators: [withPage],
};

export const AgendamentoRolado: Story = {
  name: 'Agendamento: rolado (fundo branco com sombra)',
  args: exampleProps(block, 'Agendamento'),
  decorators: [withPage],
  play: scrollDown,
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento (celular)',
  args: exampleProps(block, 'Agendamento'),
  decorators: [withPage],
  globals: phoneViewport,
};

export const AgendamentoMenuAberto: Story = {
  name: 'Agendamento: menu aberto (celular)',
  args: exampleProps(block, 'Agendamento'),
  decorators: [withPage],
  globals: phoneViewport,
  play: openMenu,
};

export const AgendamentoSemJavaScript: Story = {
  name: 'Agendamento sem JavaScript (celular)',
  args: exampleProps(block, 'Agendamento'),
  decorators: [withPage],
  globals: phoneViewport,
  // What a visitor without JavaScript sees: the links stay listed under the logo.
  parameters: { htmlJs: false },
};

export const CabecalhoCompartilhado: Story = {
  name: 'Cabeçalho compartilhado',
  args: exampleProps(block, 'Cabeçalho compartilhado'),
  decorators: [withPage],
};

export const CabecalhoCompartilhadoRolado: Story = {
  name: 'Cabeçalho compartilhado: rolado (branco com desfoque)',
  args: exampleProps(block, 'Cabeçalho compartilhado'),
  decorators: [withPage],
  play: scrollDown,
};

export const CabecalhoCompartilhadoNaPagina: Story = {
  name: 'Cabeçalho compartilhado: na própria /sodastream-t (links #sobre…)',
  args: exampleProps(block, 'Cabeçalho compartilhado'),
  decorators: [withPage, onSodastreamT],
};

export const CabecalhoCompartilhadoMenuAberto: Story = {
  name: 'Cabeçalho compartilhado: menu aberto (celular)',
  args: exampleProps(block, 'Cabeçalho compartilhado'),
  decorators: [withPage],
  globals: phoneViewport,
  play: openMenu,
};

export const SoOLogo: Story = {
  name: 'Só o logo, branco ao rolar',
  args: exampleProps(block, 'Só o logo, branco ao rolar'),
  decorators: [withPage],
};

export const SoOLogoRolado: Story = {
  name: 'Só o logo: rolado (branco com desfoque)',
  args: exampleProps(block, 'Só o logo, branco ao rolar'),
  decorators: [withPage],
  play: scrollDown,
};

export const Recarregue: Story = {
  name: 'Recarregue',
  args: exampleProps(block, 'Recarregue'),
  decorators: [withPage],
};

export const RecarregueCelular: Story = {
  name: 'Recarregue (celular)',
  args: exampleProps(block, 'Recarregue'),
  decorators: [withPage],
  globals: phoneViewport,
};

export const SodastreamF: Story = {
  name: 'Sodastream F',
  args: exampleProps(block, 'Sodastream F'),
  decorators: [withPage],
};

export const SodastreamFCelular: Story = {
  name: 'Sodastream F (celular)',
  args: exampleProps(block, 'Sodastream F'),
  decorators: [withPage],
  globals: phoneViewport,
};

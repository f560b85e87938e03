import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import LoadingOverlay, { OverlayView, type OverlayState } from './loadingOverlay.tsx';
import block from './index.ts';

const padrao = exampleProps(block, 'Padrão');
const comMensagem = exampleProps(block, 'Com mensagem');

/** The overlay shows only under html.js (set before first paint on the site); Storybook has no such script. */
const withJs = () => {
  document.documentElement.classList.add('js');
  return () => document.documentElement.classList.remove('js');
};

const meta = {
  title: 'Blocos/Tela de carregamento',
  id: 'blocos-loading-overlay',
  component: LoadingOverlay,
  argTypes: argTypesFromSchema(block.schema),
  beforeEach: withJs,
  parameters: { ...blockParameters(block), layout: 'fullscreen' },
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Runs for real: 0 to 100%, then fades out and leaves (reload the story to see it again). */
export const Padrao: Story = { name: 'Padrão', args: padrao };

export const ComMensagem: Story = { name: 'Com mensagem', args: comMensagem };

const at = (progress: number, state: OverlayState) => ({
  render: () => (
    <OverlayView label="Carregando" message={comMensagem.message} progress={progress} state={state} />
  ),
});

export const Inicial: Story = { name: 'Início (0%)', args: comMensagem, ...at(0, 'loading') };
export const MeioDoCaminho: Story = {
  name: 'Meio do caminho (45%)',
  args: comMensagem,
  ...at(45, 'loading'),
};
export const Completo: Story = { name: 'Completo (100%)', args: comMensagem, ...at(100, 'done') };
/** 500 ms after 100%: the overlay fades out, then leaves the page. */
export const Saindo: Story = { name: 'Saindo (esmaece e some)', args: comMensagem, ...at(100, 'hiding') };
export const InicialCelular: Story = {
  name: 'Início (celular)',
  args: comMensagem,
  ...at(0, 'loading'),
  globals: phoneViewport,
};
export const MeioDoCaminhoCelular: Story = {
  name: 'Meio do caminho (celular)',
  args: comMensagem,
  ...at(45, 'loading'),
  globals: phoneViewport,
};
export const CompletoCelular: Story = {
  name: 'Completo (celular)',
  args: comMensagem,
  ...at(100, 'done'),
  globals: phoneViewport,
};

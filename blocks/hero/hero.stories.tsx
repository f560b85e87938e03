import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Hero from './hero.tsx';
import block from './index.ts';

const agendamento = exampleProps(block, 'Agendamento');
const escuro = exampleProps(block, 'Tom escuro: recarga oficial');
const animada = exampleProps(block, 'Entrada em etapas com cilindros flutuantes');

const meta = {
  title: 'Blocos/Abertura da página',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-hero',
  component: Hero,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Hero>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento',
  args: agendamento,
};

export const TomEscuro: Story = {
  name: 'Tom escuro: recarga oficial',
  args: escuro,
};

export const AgendamentoTomEscuro: Story = {
  name: 'Agendamento em tom escuro',
  args: { ...agendamento, tone: 'dark' },
};

export const SemImagem: Story = {
  name: 'Sem imagem (selo na coluna de texto)',
  args: { ...agendamento, image: undefined, secondaryCta: undefined },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento (celular)',
  args: agendamento,
  globals: phoneViewport,
};

export const TomEscuroCelular: Story = {
  name: 'Tom escuro (celular)',
  args: escuro,
  globals: phoneViewport,
};

export const Animada: Story = {
  name: 'Entrada em etapas com cilindros flutuantes',
  args: animada,
  // The staged entrance runs only under html.js (set before first paint on the site).
  beforeEach: () => {
    document.documentElement.classList.add('js');
    return () => document.documentElement.classList.remove('js');
  },
};

export const AnimadaCelular: Story = {
  ...Animada,
  name: 'Entrada em etapas (celular)',
  globals: phoneViewport,
};

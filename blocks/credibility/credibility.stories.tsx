import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Credibility from './credibility.tsx';
import block from './index.ts';

const agendamento = exampleProps(block, 'Agendamento: por que nos escolher');
const escuro = exampleProps(block, 'Tom escuro: números e ícones');

const meta = {
  title: 'Blocos/Números e selos de confiança',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-credibility',
  component: Credibility,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Credibility>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento: por que nos escolher',
  args: agendamento,
};

export const TomEscuro: Story = {
  name: 'Tom escuro: números e ícones',
  args: escuro,
};

export const AgendamentoTomEscuro: Story = {
  name: 'Agendamento em tom escuro',
  args: { ...agendamento, tone: 'dark' },
};

export const SoNumeros: Story = {
  name: 'Só os números, fundo cinza',
  args: { ...agendamento, badges: [], tone: 'alt' },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento: por que nos escolher (celular)',
  args: agendamento,
  globals: phoneViewport,
};

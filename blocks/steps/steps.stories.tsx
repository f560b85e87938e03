import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import block from './index.ts';
import Steps from './steps.tsx';

const agendamento = exampleProps(block, 'Agendamento: como funciona');
const escuro = exampleProps(block, 'Tom escuro: valor fixo');

const meta = {
  title: 'Blocos/Passo a passo',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-steps',
  component: Steps,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Steps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento: como funciona',
  args: agendamento,
};

export const TomEscuro: Story = {
  name: 'Tom escuro: valor fixo',
  args: escuro,
};

export const QuatroPassos: Story = {
  name: 'Quatro passos, fundo cinza',
  args: {
    heading: 'O processo, passo a passo',
    items: [
      ...agendamento.items.slice(0, 2),
      {
        title: 'Conferência na entrega',
        description: 'O cilindro chega lacrado, com pressão e peso conferidos.',
        icon: 'gauge',
      },
      agendamento.items[2]!,
    ],
    noteIcon: 'check',
    tone: 'alt',
  },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento: como funciona (celular)',
  args: agendamento,
  globals: phoneViewport,
};

export const TomEscuroCelular: Story = {
  name: 'Tom escuro: valor fixo (celular)',
  args: escuro,
  globals: phoneViewport,
};

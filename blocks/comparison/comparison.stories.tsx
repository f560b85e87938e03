import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Comparison from './comparison.tsx';
import block from './index.ts';

const agendamento = exampleProps(block, 'Agendamento: novo ou recarga');
const tres = exampleProps(block, 'Tom escuro: três opções');

const meta = {
  title: 'Blocos/Tabela comparativa',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-comparison',
  component: Comparison,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Comparison>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento: novo ou recarga',
  args: agendamento,
};

export const TomEscuroTresOpcoes: Story = {
  name: 'Tom escuro: três opções',
  args: tres,
};

export const TomClaroSemLegenda: Story = {
  name: 'Tom claro, legenda só para leitores de tela',
  args: { ...agendamento, caption: undefined, rowHeader: undefined, tone: 'light' },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento: novo ou recarga (celular)',
  args: agendamento,
  globals: phoneViewport,
};

export const TresOpcoesCelular: Story = {
  name: 'Três opções (celular, rola de lado)',
  args: tres,
  globals: phoneViewport,
};

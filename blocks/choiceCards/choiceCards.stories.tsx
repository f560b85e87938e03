import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import ChoiceCards from './choiceCards.tsx';
import block from './index.ts';

const meta = {
  title: 'Blocos/Cartões de escolha',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-choicecards',
  component: ChoiceCards,
  args: exampleProps(block, 'Início: recarga e máquina em breve'),
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof ChoiceCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InicioRecargaEMaquina: Story = {
  name: 'Início: recarga e máquina em breve',
  args: exampleProps(block, 'Início: recarga e máquina em breve'),
};

export const InicioRecargaEMaquinaCelular: Story = {
  name: 'Início: recarga e máquina em breve (celular)',
  args: exampleProps(block, 'Início: recarga e máquina em breve'),
  globals: phoneViewport,
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import block from './index.ts';
import NotFound from './notFound.tsx';

const meta = {
  title: 'Blocos/Página não encontrada',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-notfound',
  component: NotFound,
  args: exampleProps(block, 'Padrão'),
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Padrao: Story = {
  name: 'Padrão',
  args: exampleProps(block, 'Padrão'),
};

export const ComIlustracao: Story = {
  name: 'Com ilustração',
  args: exampleProps(block, 'Com ilustração'),
};

export const PadraoCelular: Story = {
  name: 'Padrão (celular)',
  args: exampleProps(block, 'Padrão'),
  globals: phoneViewport,
};

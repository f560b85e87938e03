import type { Meta, StoryObj } from '@storybook/react-vite';
import { argTypesFromSchema, exampleProps, phoneViewport } from '../../.storybook/controls.ts';
import block from './index.ts';
import Navbar from './navbar.tsx';

const meta = {
  title: 'Blocos/Barra do topo',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-navbar',
  component: Navbar,
  args: exampleProps(block, 'Logo centralizado'),
  argTypes: argTypesFromSchema(block.schema),
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

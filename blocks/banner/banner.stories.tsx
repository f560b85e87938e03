import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Banner from './banner.tsx';
import block from './index.ts';

const primaria = exampleProps(block, 'Primária: faixa clara');
const secundaria = exampleProps(block, 'Secundária: faixa azul com dois botões');
const final = exampleProps(block, 'Final: chamada grande');

const meta = {
  title: 'Blocos/Faixa de chamada',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-banner',
  component: Banner,
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primaria: Story = { name: 'Primária: faixa clara', args: primaria };

export const Secundaria: Story = { name: 'Secundária: faixa azul com dois botões', args: secundaria };

export const Final: Story = { name: 'Final: chamada grande', args: final };

export const FinalDoisBotoesTomEscuro: Story = {
  name: 'Final com dois botões, fundo escuro',
  args: {
    ...final,
    tone: 'dark',
    secondaryCta: { label: 'Tirar dúvidas', action: 'whatsapp', message: 'duvidas' },
  },
};

export const PrimariaComLinha: Story = {
  name: 'Primária com linha de garantia, fundo alt',
  args: { ...primaria, tone: 'alt', note: 'Entrega grátis em toda a Grande SP', noteIcon: 'truck' },
};

export const FinalCelular: Story = { name: 'Final (celular)', args: final, globals: phoneViewport };

export const SecundariaCelular: Story = {
  name: 'Secundária (celular)',
  args: secundaria,
  globals: phoneViewport,
};

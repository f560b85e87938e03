import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Specs from './specs.tsx';
import block from './index.ts';

const ficha = exampleProps(block, 'Cilindro de CO2: ficha técnica');
const escuro = exampleProps(block, 'Tom escuro, sem ilustração');

const meta = {
  title: 'Blocos/Especificações técnicas',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-specs',
  component: Specs,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Specs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FichaTecnica: Story = {
  name: 'Cilindro de CO2: ficha técnica',
  args: ficha,
};

export const TomEscuro: Story = {
  name: 'Tom escuro, sem ilustração',
  args: escuro,
};

export const FundoCinza: Story = {
  name: 'Ficha técnica em fundo cinza, sem ícones',
  args: { ...ficha, tone: 'alt', items: ficha.items.map(({ term, value }) => ({ term, value })) },
};

export const FichaTecnicaCelular: Story = {
  name: 'Cilindro de CO2: ficha técnica (celular)',
  args: ficha,
  globals: phoneViewport,
};

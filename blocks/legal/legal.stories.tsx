import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import block from './index.ts';
import Legal from './legal.tsx';

const REEMBOLSO = 'Política de Reembolso';
const CURTO = 'Texto curto, sem numeração';

const meta = {
  title: 'Blocos/Texto legal',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-legal',
  component: Legal,
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Legal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Reembolso: Story = {
  name: REEMBOLSO,
  args: exampleProps(block, REEMBOLSO),
};

export const Curto: Story = {
  name: CURTO,
  args: exampleProps(block, CURTO),
};

export const ReembolsoCelular: Story = {
  name: 'Política de Reembolso (celular)',
  args: exampleProps(block, REEMBOLSO),
  globals: phoneViewport,
};

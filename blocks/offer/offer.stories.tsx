import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import block from './index.ts';
import Offer from './offer.tsx';

const agendamento = exampleProps(block, 'Agendamento: R$ 350 por R$ 150');
const claro = exampleProps(block, 'Tom claro: preço fixo, sem preço riscado');

const meta = {
  title: 'Blocos/Oferta com preço',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-offer',
  component: Offer,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Offer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento: R$ 350 por R$ 150',
  args: agendamento,
};

export const TomClaro: Story = {
  name: 'Tom claro: preço fixo, sem preço riscado',
  args: claro,
};

export const AgendamentoFundoCinza: Story = {
  name: 'Agendamento em fundo cinza',
  args: { ...agendamento, tone: 'alt' },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento: R$ 350 por R$ 150 (celular)',
  args: agendamento,
  globals: phoneViewport,
};

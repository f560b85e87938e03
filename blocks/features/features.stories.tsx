import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Features from './features.tsx';
import block from './index.ts';

const agendamento = exampleProps(block, 'Agendamento: benefícios');
const cinco = exampleProps(block, 'Tom escuro: cinco benefícios');

const meta = {
  title: 'Blocos/Cartões de benefícios',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-features',
  component: Features,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Features>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento: benefícios',
  args: agendamento,
};

export const TomEscuroCinco: Story = {
  name: 'Tom escuro: cinco benefícios',
  args: cinco,
};

export const TomClaro: Story = {
  name: 'Tom claro',
  args: { ...agendamento, tone: 'light' },
};

export const SeisCartoes: Story = {
  name: 'Seis cartões (3 por linha)',
  args: {
    ...cinco,
    tone: 'light',
    items: [
      ...cinco.items,
      {
        title: 'Pagamento fácil',
        description: 'PIX, cartão ou dinheiro na entrega.',
        icon: 'creditCard',
        accent: 'navy',
      },
    ],
  },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento: benefícios (celular)',
  args: agendamento,
  globals: phoneViewport,
};

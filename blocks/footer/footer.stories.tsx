import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Footer from './footer.tsx';
import block from './index.ts';

const PADRAO = 'Padrão';
const AGENDAMENTO = 'Agendamento: com perguntas rápidas';
const CLARO = 'Fundo claro';
const COMPACTO = 'Compacto (página inicial)';

const meta = {
  title: 'Blocos/Rodapé',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-footer',
  component: Footer,
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Padrao: Story = {
  name: PADRAO,
  args: exampleProps(block, PADRAO),
};

export const Agendamento: Story = {
  name: AGENDAMENTO,
  args: exampleProps(block, AGENDAMENTO),
};

export const AgendamentoPerguntaAberta: Story = {
  name: 'Agendamento: pergunta rápida aberta',
  args: exampleProps(block, AGENDAMENTO),
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByText('Quanto custa a recarga?');
    await userEvent.click(summary);
    await expect(summary.closest('details')).toHaveProperty('open', true);
  },
};

export const FundoClaro: Story = {
  name: CLARO,
  args: exampleProps(block, CLARO),
};

export const Compacto: Story = {
  name: COMPACTO,
  args: exampleProps(block, COMPACTO),
};

export const CompactoCelular: Story = {
  name: 'Compacto (celular)',
  args: exampleProps(block, COMPACTO),
  globals: phoneViewport,
};

export const PadraoCelular: Story = {
  name: 'Padrão (celular)',
  args: exampleProps(block, PADRAO),
  globals: phoneViewport,
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento (celular)',
  args: exampleProps(block, AGENDAMENTO),
  globals: phoneViewport,
};

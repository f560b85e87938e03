import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Faq from './faq.tsx';
import block from './index.ts';

const AGENDAMENTO = 'Agendamento: 9 perguntas e cartão de dúvidas';
const RECARREGUE = 'Recarregue: 6 perguntas';

const meta = {
  title: 'Blocos/Perguntas frequentes',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-faq',
  component: Faq,
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Faq>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: AGENDAMENTO,
  args: exampleProps(block, AGENDAMENTO),
};

export const Recarregue: Story = {
  name: RECARREGUE,
  args: exampleProps(block, RECARREGUE),
};

export const PrimeiraAberta: Story = {
  name: 'Agendamento: primeira pergunta aberta',
  args: exampleProps(block, AGENDAMENTO),
  play: async ({ canvasElement }) => {
    const question = within(canvasElement).getByRole('button', { name: 'Quanto custa a recarga?' });
    await userEvent.click(question);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  },
};

export const SemJavaScript: Story = {
  name: 'Sem JavaScript: todas as respostas visíveis',
  args: exampleProps(block, RECARREGUE),
  parameters: { htmlJs: false },
};

export const FundoEscuro: Story = {
  name: 'Fundo escuro, com cartão',
  args: { ...exampleProps(block, AGENDAMENTO), tone: 'dark' },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento (celular)',
  args: exampleProps(block, AGENDAMENTO),
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const question = within(canvasElement).getByRole('button', {
      name: 'Como funciona a troca do cilindro?',
    });
    await userEvent.click(question);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  },
};

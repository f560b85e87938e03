import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import MediaText from './mediaText.tsx';
import block from './index.ts';

const sobre = exampleProps(block, 'Sobre a empresa');
const emBreve = exampleProps(block, 'Em breve: máquina 2025');
const atendimento = exampleProps(block, 'Tom escuro: atendimento com dois botões');

const meta = {
  title: 'Blocos/Imagem e texto',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-mediatext',
  component: MediaText,
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof MediaText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sobre: Story = { name: 'Sobre a empresa', args: sobre };

export const EmBreve: Story = { name: 'Em breve: máquina 2025', args: emBreve };

export const Atendimento: Story = { name: 'Tom escuro: atendimento com dois botões', args: atendimento };

export const ImagemAEsquerdaTomAlt: Story = {
  name: 'Imagem à esquerda, tom alt, sem botões',
  args: { ...sobre, imageSide: 'left', tone: 'alt', ctas: undefined },
};

export const SoTexto: Story = {
  name: 'Só parágrafos, sem lista',
  args: { ...emBreve, muted: false, badge: undefined, tone: 'light', ctas: undefined },
};

export const SobreCelular: Story = { name: 'Sobre a empresa (celular)', args: sobre, globals: phoneViewport };

export const AtendimentoCelular: Story = {
  name: 'Atendimento (celular)',
  args: atendimento,
  globals: phoneViewport,
};

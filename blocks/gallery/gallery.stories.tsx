import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import Gallery from './gallery.tsx';
import block from './index.ts';

/** The carousel; its data-slide is the slide in view (0 = first). */
const carousel = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Galeria de imagens' });

const RECARREGUE = 'Recarregue: 9 imagens, 3 por vez';
const ESCURO = 'Tom escuro: 4 imagens, 2 por vez';

const meta = {
  title: 'Blocos/Galeria',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-gallery',
  component: Gallery,
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Recarregue: Story = {
  name: RECARREGUE,
  args: exampleProps(block, RECARREGUE),
};

export const TomEscuro: Story = {
  name: ESCURO,
  args: exampleProps(block, ESCURO),
};

export const SegundoSlide: Story = {
  name: 'Recarregue: segundo slide (imagens 4 a 6)',
  args: exampleProps(block, RECARREGUE),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Próximas imagens' }));
    await expect(carousel(canvasElement)).toHaveAttribute('data-slide', '1');
  },
};

export const UltimoSlide: Story = {
  name: 'Recarregue: último slide (próximas indisponível)',
  args: exampleProps(block, RECARREGUE),
  play: async ({ canvasElement }) => {
    const next = within(canvasElement).getByRole('button', { name: 'Próximas imagens' });
    await userEvent.click(next);
    await userEvent.click(next);
    await expect(carousel(canvasElement)).toHaveAttribute('data-slide', '2');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Celular: Story = {
  name: 'Recarregue: celular (uma grande e duas menores por slide)',
  args: exampleProps(block, RECARREGUE),
  globals: phoneViewport,
};

export const UmaPorVez: Story = {
  name: 'Uma imagem por vez',
  args: { ...exampleProps(block, RECARREGUE), perSlide: 1, tone: 'light' },
};

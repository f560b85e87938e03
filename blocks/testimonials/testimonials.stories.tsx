import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import block from './index.ts';
import Testimonials from './testimonials.tsx';

/** The slider; its data-slide is the testimonial in view (0 = first). */
const sliderRegion = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Depoimentos de clientes' });

const agendamento = exampleProps(block, 'Agendamento: três depoimentos');
const escuro = exampleProps(block, 'Tom escuro');
const SLIDER = 'Recarregue: slider de três depoimentos';
const slider = exampleProps(block, SLIDER);

const meta = {
  title: 'Blocos/Depoimentos',
  // ASCII story ids (the Portuguese title would put accents in the URLs).
  id: 'blocos-testimonials',
  component: Testimonials,
  // No meta-level args: story args merge with them, and an example must not inherit another's props.
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Testimonials>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento: três depoimentos',
  args: agendamento,
};

export const TomEscuro: Story = {
  name: 'Tom escuro',
  args: escuro,
};

export const FundoCinza: Story = {
  name: 'Fundo cinza, sem nota média',
  args: { ...agendamento, summary: undefined, tone: 'alt' },
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento: três depoimentos (celular)',
  args: agendamento,
  globals: phoneViewport,
};

export const Slider: Story = {
  name: SLIDER,
  args: slider,
};

export const SliderUltimo: Story = {
  name: 'Slider: anterior no primeiro volta ao último',
  args: slider,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Depoimento anterior' }));
    await expect(sliderRegion(canvasElement)).toHaveAttribute('data-slide', '2');
  },
};

export const SliderEscuro: Story = {
  name: 'Slider em tom escuro, no segundo depoimento',
  args: { ...slider, tone: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Depoimento 2 de 3' }));
    await expect(sliderRegion(canvasElement)).toHaveAttribute('data-slide', '1');
  },
};

export const SliderCelular: Story = {
  name: 'Slider (celular)',
  args: slider,
  globals: phoneViewport,
};

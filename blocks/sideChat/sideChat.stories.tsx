import { css } from '@emotion/react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  argTypesFromSchema,
  blockParameters,
  exampleProps,
  phoneViewport,
} from '../../.storybook/controls.ts';
import { colors, space } from '../../design/theme.ts';
import block from './index.ts';
import SideChat from './sideChat.tsx';

const backdrop = css`
  min-height: 100vh;
  padding: ${space(8)} 20px;
  background: linear-gradient(180deg, ${colors.waterLight}, ${colors.surface} 70%);
  color: ${colors.muted};
  p {
    max-width: 52ch;
    margin: 0 auto;
    text-align: center;
  }
`;

/** A page behind the floating button, with a note on where it shows. */
const withPage: Decorator = (Story) => (
  <>
    <div css={backdrop}>
      <p>
        Conteúdo da página. O botão do WhatsApp fica no canto inferior direito, só em telas a partir de 1024
        px; no celular quem faz esse papel é a barra fixa do rodapé.
      </p>
    </div>
    <Story />
  </>
);

/** Flags are per browser tab: start each story from a fresh visit unless it sets its own. */
const freshVisit = () => {
  sessionStorage.removeItem('sideWhatsCollapsed');
};

const meta = {
  title: 'Blocos/Botão lateral do WhatsApp',
  id: 'blocos-sidechat',
  component: SideChat,
  decorators: [withPage],
  beforeEach: freshVisit,
  args: exampleProps(block, 'Agendamento'),
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof SideChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** First view: expanded with the label, folds to the icon after 4 s. */
export const Agendamento: Story = {
  name: 'Agendamento',
  args: exampleProps(block, 'Agendamento'),
};

export const Aberto: Story = {
  name: 'Aberto (sem recolher, para revisão)',
  args: { ...exampleProps(block, 'Agendamento'), collapseAfterMs: 60_000 },
};

export const Recolhido: Story = {
  name: 'Recolhido (já visto nesta sessão)',
  args: exampleProps(block, 'Agendamento'),
  beforeEach: () => {
    sessionStorage.setItem('sideWhatsCollapsed', 'true');
    return () => sessionStorage.removeItem('sideWhatsCollapsed');
  },
};

const desktop = { viewport: { value: 'desktop', isRotated: false } };

/** Seen already this visit: folded to the icon; the pointer unfolds it, leaving folds it again. */
export const RecolhidoAoPassarOMouse: Story = {
  name: 'Recolhido: abre ao passar o mouse',
  args: exampleProps(block, 'Agendamento'),
  globals: desktop,
  beforeEach: () => {
    sessionStorage.setItem('sideWhatsCollapsed', 'true');
    return () => sessionStorage.removeItem('sideWhatsCollapsed');
  },
  play: async ({ canvasElement }) => {
    const side = within(canvasElement).getByRole('complementary', { name: 'Botão do WhatsApp' });
    await expect(side).toHaveAttribute('data-collapsed', 'true');
    await userEvent.hover(side);
    await expect(side).toHaveAttribute('data-collapsed', 'false');
    await userEvent.unhover(side);
    await expect(side).toHaveAttribute('data-collapsed', 'true');
  },
};

/** The visitor clicks the X: the button leaves for the rest of the page view. */
export const FechandoAgora: Story = {
  name: 'Fechar com o X',
  args: exampleProps(block, 'Agendamento'),
  globals: desktop,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = canvas.getByRole('complementary', { name: 'Botão do WhatsApp' });
    await userEvent.click(canvas.getByRole('button', { name: 'Fechar botão do WhatsApp' }));
    await expect(side).not.toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const Celular: Story = {
  name: 'Celular (não aparece)',
  args: exampleProps(block, 'Agendamento'),
  globals: phoneViewport,
};

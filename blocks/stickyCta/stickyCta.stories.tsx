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
import StickyCta from './stickyCta.tsx';

const page = css`
  padding: ${space(6)} 20px;
  background: linear-gradient(180deg, ${colors.waterLight}, ${colors.surface} 60%);
  color: ${colors.muted};
  min-height: 120vh;
  p {
    max-width: 52ch;
    margin: 0 auto;
  }
`;

const footer = css`
  padding: ${space(4)} 20px;
  background: ${colors.navy};
  color: #cbd5e1;
  text-align: center;
  p {
    margin: 0;
  }
`;

/** A page behind the bar, ending with a footer that must stay readable above it. */
const withPage: Decorator = (Story) => (
  <>
    <div css={page}>
      <p>
        Conteúdo da página. A barra fica presa no rodapé da tela, só no celular e no tablet; role até o fim: a
        última linha do rodapé continua visível acima dela.
      </p>
    </div>
    <footer css={footer}>
      <p>© Fillgás · Última linha do rodapé</p>
    </footer>
    <Story />
  </>
);

/** Flags are per browser tab: start each story from a fresh visit. */
const freshVisit = () => {
  sessionStorage.removeItem('stickyWhatsDismissed');
};

const meta = {
  title: 'Blocos/Barra fixa do WhatsApp',
  id: 'blocos-stickycta',
  component: StickyCta,
  decorators: [withPage],
  beforeEach: freshVisit,
  args: exampleProps(block, 'Agendamento'),
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
  globals: phoneViewport,
} satisfies Meta<typeof StickyCta>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agendamento: Story = {
  name: 'Agendamento',
  args: exampleProps(block, 'Agendamento'),
};

export const AgendamentoCelular: Story = {
  name: 'Agendamento (celular)',
  args: exampleProps(block, 'Agendamento'),
  globals: phoneViewport,
};

export const SemPreco: Story = {
  name: 'Só a frase, sem preço',
  args: { ...exampleProps(block, 'Agendamento'), price: undefined, text: 'Troca na sua porta em SP' },
};

export const Computador: Story = {
  name: 'Computador (não aparece)',
  args: exampleProps(block, 'Agendamento'),
  globals: { viewport: { value: 'desktop', isRotated: false } },
};

/** The visitor taps the X: the bar leaves, the end of the page gets its space back, the flag is set. */
export const FechandoAgora: Story = {
  name: 'Fechar com o X (celular)',
  args: exampleProps(block, 'Agendamento'),
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('complementary', { name: 'Barra do WhatsApp' });
    await userEvent.click(canvas.getByRole('button', { name: 'Fechar barra do WhatsApp' }));
    await expect(bar).not.toBeVisible();
    await expect(canvasElement.querySelector('[data-sticky-spacer]')).not.toBeVisible();
    await expect(sessionStorage.getItem('stickyWhatsDismissed')).toBe('true');
  },
};

/**
 * After the visitor closed the bar: it stays away for the rest of the visit (session flag).
 * The site's pre-paint script puts `flag-stickyWhatsDismissed` on <html> before first paint
 * (runtime/render/document.ts), so the bar never flashes; the story does the same.
 */
export const Fechada: Story = {
  name: 'Fechada pelo visitante (não volta nesta visita)',
  args: exampleProps(block, 'Agendamento'),
  beforeEach: () => {
    sessionStorage.setItem('stickyWhatsDismissed', 'true');
    document.documentElement.classList.add('flag-stickyWhatsDismissed');
    return () => {
      sessionStorage.removeItem('stickyWhatsDismissed');
      document.documentElement.classList.remove('flag-stickyWhatsDismissed');
    };
  },
};

import { css } from '@emotion/react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
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

export const Celular: Story = {
  name: 'Celular (não aparece)',
  args: exampleProps(block, 'Agendamento'),
  globals: phoneViewport,
};

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
import Popup from './popup.tsx';

const page = css`
  min-height: 100vh;
  padding: ${space(8)} 20px;
  background: linear-gradient(180deg, ${colors.waterLight}, ${colors.surface} 70%);
  .fake {
    max-width: 640px;
    margin: 0 auto;
  }
  p {
    color: ${colors.muted};
  }
`;

/** A page under the popup; its button shows where focus returns when the popup closes. */
const withPage: Decorator = (Story) => (
  <>
    <div css={page}>
      <div className="fake">
        <h1>Sodastream Refil fácil e rápido.</h1>
        <p>
          Conteúdo da página. O popup abre depois do tempo configurado (30 segundos por padrão), a não ser que
          o visitante já o tenha fechado nesta sessão (recarregue a página para ver de novo).
        </p>
        <button type="button">Um botão da página</button>
      </div>
    </div>
    <Story />
  </>
);

/** Flags are per browser tab: start each story from a fresh visit. */
const freshVisit = () => {
  sessionStorage.removeItem('hasClosedPopup');
};

const meta = {
  title: 'Blocos/Popup de oferta',
  id: 'blocos-popup',
  component: Popup,
  decorators: [withPage],
  beforeEach: freshVisit,
  args: exampleProps(block, 'Oferta da primeira recarga'),
  argTypes: argTypesFromSchema(block.schema),
  parameters: blockParameters(block),
} satisfies Meta<typeof Popup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As on /agendamento: closed at load, opens after 30 s. */
export const OfertaDaPrimeiraRecarga: Story = {
  name: 'Oferta da primeira recarga',
  args: exampleProps(block, 'Oferta da primeira recarga'),
};

export const Aberto: Story = {
  name: 'Abre logo ao carregar',
  args: exampleProps(block, 'Abre logo ao carregar'),
};

export const AbertoCelular: Story = {
  name: 'Aberto (celular)',
  args: exampleProps(block, 'Abre logo ao carregar'),
  globals: phoneViewport,
};

export const SoOPreco: Story = {
  name: 'Aberto, só título, preço e botão',
  args: {
    // Story args merge with the meta's: clear the optional parts explicitly.
    eyebrow: undefined,
    oldPrice: undefined,
    coupon: undefined,
    image: undefined,
    badge: undefined,
    note: undefined,
    title: 'Recarga com entrega grátis',
    text: 'Troca do cilindro na sua porta, em São Paulo e Grande SP.',
    price: 'R$ 150',
    priceNote: 'por recarga',
    cta: { label: 'Agendar pelo WhatsApp', action: 'whatsapp', message: 'recarga', track: 'OfferPopupT' },
    delayMs: 0,
  },
};

/** A visitor who closed the popup earlier in this visit: it does not open again (session flag). */
export const JaFechado: Story = {
  name: 'Já fechado nesta visita (não abre de novo)',
  args: exampleProps(block, 'Abre logo ao carregar'),
  beforeEach: () => {
    sessionStorage.setItem('hasClosedPopup', 'true');
    return () => sessionStorage.removeItem('hasClosedPopup');
  },
};

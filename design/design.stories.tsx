import { css } from '@emotion/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Logo } from './logo.tsx';
import { colors, fonts, radii, shadows, space } from './theme.ts';

const meta = {
  title: 'Design/Identidade visual',
  id: 'design',
  component: Logo,
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = css`
  padding: ${space(4)};
  display: grid;
  gap: ${space(3)};
`;

const panel = css`
  display: grid;
  place-items: center;
  padding: ${space(5)} ${space(4)};
  border-radius: ${radii.lg};
`;

const caption = css`
  margin-top: ${space(1)};
  color: ${colors.muted};
  font-size: 0.875rem;
`;

/** Each tone on the background it is drawn for. */
export const Logos: Story = {
  name: 'Logo (tons escuro e claro)',
  args: { height: 64 },
  render: (args) => (
    <div css={page}>
      <figure css={css({ margin: 0 })}>
        <div css={[panel, css({ background: colors.surface, border: `1px solid ${colors.line}` })]}>
          <Logo {...args} tone="dark" />
        </div>
        <figcaption css={caption}>tone=&quot;dark&quot;: fundos claros (barra do topo, páginas)</figcaption>
      </figure>
      <figure css={css({ margin: 0 })}>
        <div css={[panel, css({ background: colors.navy })]}>
          <Logo {...args} tone="light" />
        </div>
        <figcaption css={caption}>
          tone=&quot;light&quot;: fundos escuros (hero azul-marinho, rodapé)
        </figcaption>
      </figure>
    </div>
  ),
};

const grid = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
`;

const swatch = css`
  border-radius: ${radii.md};
  overflow: hidden;
  background: ${colors.surface};
  box-shadow: ${shadows.card};
`;

const chip = css`
  height: 88px;
  border-bottom: 1px solid ${colors.line};
`;

const label = css`
  padding: ${space(1)} ${space(1.5)};
  font-size: 0.875rem;
  line-height: 1.4;
  strong {
    display: block;
    font-family: ${fonts.display};
    color: ${colors.navy};
  }
  code {
    color: ${colors.muted};
  }
`;

/** Every colour token of design/theme.ts, with its name and value. */
export const Paleta: Story = {
  name: 'Paleta de cores',
  render: () => (
    <div css={page}>
      <h1>Cores</h1>
      <ul css={grid} role="list">
        {Object.entries(colors).map(([name, value]) => (
          <li key={name} css={swatch}>
            <div css={[chip, css({ background: value })]} />
            <div css={label}>
              <strong>{name}</strong>
              <code>{value}</code>
            </div>
          </li>
        ))}
      </ul>
    </div>
  ),
};

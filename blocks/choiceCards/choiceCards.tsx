import { css } from '@emotion/react';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import { ctaButton } from '../../design/cta-link.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import type { BlockProps } from '../../runtime/block-api.ts';
import type { choiceCardsSchema } from './choiceCards.schema.ts';

export type ChoiceCardsProps = BlockProps<typeof choiceCardsSchema>;

const wrap = css`
  position: relative;
  overflow: hidden;
  padding: ${space(6)} 0 ${space(8)};
  background:
    radial-gradient(circle at 12% 18%, ${colors.waterLight} 0 90px, transparent 91px),
    radial-gradient(circle at 88% 78%, ${colors.waterLight} 0 140px, transparent 141px), ${colors.surfaceAlt};
  ${mq.md} {
    padding: ${space(10)} 0 ${space(12)};
  }
`;

const header = css`
  text-align: center;
  max-width: 640px;
  margin: 0 auto ${space(5)};
  h1 {
    font-size: clamp(1.875rem, 6vw, 3rem);
  }
  p {
    color: ${colors.muted};
    font-size: 1.125rem;
    margin: 0;
  }
`;

const grid = css`
  list-style: none;
  padding: 0;
  display: grid;
  gap: ${space(3)};
  max-width: 880px;
  margin: 0 auto;
  ${mq.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const card = css`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  padding: ${space(4)} ${space(3)};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  h2 {
    font-size: 1.5rem;
    margin-top: ${space(2)};
  }
  p {
    color: ${colors.muted};
  }
`;

const disabledCard = css`
  background: #eef2f6;
  box-shadow: none;
  border: 2px dashed #cbd5e1;
  ${PICTURE_IMG} {
    filter: grayscale(1);
    opacity: 0.7;
  }
  h2 {
    color: ${colors.muted};
  }
`;

const badge = css`
  position: absolute;
  top: ${space(2)};
  right: ${space(2)};
  padding: 4px 12px;
  border-radius: ${radii.pill};
  background: ${colors.navy};
  color: ${colors.white};
  font-family: ${fonts.display};
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.02em;
`;

const note = css`
  margin-top: auto;
  padding: 8px 16px;
  border-radius: ${radii.pill};
  background: ${colors.surface};
  color: ${colors.navy};
  font-family: ${fonts.display};
  font-weight: 600;
`;

const image = css`
  width: auto;
  height: 200px;
`;

const action = css`
  margin-top: auto;
`;

export default function ChoiceCards({ heading, intro, cards }: ChoiceCardsProps) {
  return (
    <section css={wrap}>
      <div className="container">
        <div css={header}>
          <h1>{heading}</h1>
          {intro && <p>{intro}</p>}
        </div>
        <ul css={grid} role="list">
          {cards.map((c) => (
            <li key={c.title} css={[card, c.disabled && disabledCard]}>
              {c.badge && <span css={badge}>{c.badge}</span>}
              {c.image && (
                <Picture
                  css={image}
                  image={c.image}
                  // The cards are the first screen of the page they are on.
                  loading="eager"
                  // Shown 200 px high: as wide as its aspect ratio makes it.
                  sizes={`${Math.round((200 * c.image.width) / c.image.height)}px`}
                />
              )}
              <h2>{c.title}</h2>
              {c.text && <p>{c.text}</p>}
              {c.note && <span css={note}>{c.note}</span>}
              {c.cta && !c.disabled && (
                <a css={[ctaButton, action]} href={c.cta.href}>
                  {c.cta.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

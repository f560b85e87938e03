import { css } from '@emotion/react';
import { CtaLink } from '../../design/cta-link.tsx';
import { CheckList } from '../../design/check-list.tsx';
import { Icon } from '../../design/icons.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { mediaTextSchema } from './mediaText.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type MediaTextProps = BlockProps<typeof mediaTextSchema>;
type Tone = MediaTextProps['tone'];

const frame = (tone: Tone) => css`
  padding: ${space(7)} 0;
  background: ${tone === 'dark' ? colors.navy : tone === 'alt' ? colors.surfaceAlt : colors.surface};
  color: ${tone === 'dark' ? '#e2e8f0' : colors.ink};
  ${mq.md} {
    padding: ${space(11)} 0;
  }
`;

/** Text first on phones; side by side from tablets, the image on the chosen side. */
const grid = (imageSide: 'left' | 'right') => css`
  display: grid;
  gap: ${space(5)};
  align-items: center;
  ${mq.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: ${space(6)};
  }
  ${mq.lg} {
    gap: ${space(10)};
  }
  ${mq.md} {
    > figure {
      order: ${imageSide === 'left' ? -1 : 1};
    }
  }
`;

const body = (tone: Tone) => css`
  min-width: 0;
  h2 {
    margin: 0 0 ${space(2)};
    font-size: clamp(1.625rem, 4.5vw, 2.375rem);
    color: ${tone === 'dark' ? colors.white : colors.navy};
  }
  p {
    margin: 0 0 ${space(2)};
    font-size: 1.0625rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
`;

const topLine = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(1.5)};
  margin-bottom: ${space(1.5)};
`;

const eyebrowStyle = (tone: Tone) => css`
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-family: ${fonts.displayCaps};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
`;

const badgeStyle = (tone: Tone, muted: boolean) => css`
  display: inline-block;
  padding: 4px ${space(1.5)};
  border-radius: ${radii.pill};
  font-family: ${fonts.display};
  font-size: 0.8125rem;
  font-weight: 600;
  line-height: 1.4;
  ${
    muted
      ? tone === 'dark'
        ? `background: rgba(255, 255, 255, 0.12); color: #e2e8f0; border: 1px solid rgba(255, 255, 255, 0.3);`
        : `background: ${colors.line}; color: ${colors.ink};`
      : `background: ${colors.orangeLight}; color: ${colors.orangeHover};`
  }
`;

const checklistSpacing = css`
  margin-top: ${space(3)};
`;

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)} ${space(2)};
  margin-top: ${space(4)};
  > a {
    flex: 1 1 100%;
  }
  ${mq.sm} {
    > a {
      flex: 0 0 auto;
    }
  }
`;

/** Doubled class: beats the body's \`p\` rule. */
const noteStyle = (tone: Tone) => css`
  && {
    display: flex;
    align-items: center;
    gap: ${space(1)};
    margin: ${space(2)} 0 0;
    font-size: 0.9375rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
  svg {
    flex: none;
    color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  }
`;

const figureStyle = (tone: Tone, muted: boolean) => css`
  position: relative;
  margin: 0;
  padding: ${space(3)};
  border-radius: ${radii.lg};
  background: ${
    tone === 'dark'
      ? 'rgba(255, 255, 255, 0.06)'
      : tone === 'alt'
        ? colors.surface
        : `linear-gradient(160deg, ${colors.waterLight}, ${colors.surfaceAlt})`
  };
  ${tone === 'alt' ? `box-shadow: ${shadows.card};` : ''}
  text-align: center;
  ${PICTURE_IMG} {
    display: block;
    width: 100%;
    max-width: 520px;
    max-height: 420px;
    height: auto;
    margin: 0 auto;
    object-fit: contain;
    ${muted ? 'filter: grayscale(1); opacity: 0.7;' : ''}
  }
`;

export default function MediaText({
  id,
  eyebrow,
  heading,
  badge,
  paragraphs,
  bullets,
  image,
  imageSide,
  muted,
  ctas,
  note,
  tone,
}: MediaTextProps) {
  const headingId = id ? `${id}-titulo` : undefined;
  return (
    <section id={id} css={frame(tone)} aria-labelledby={headingId} data-muted={muted ? '' : undefined}>
      <div className="container" css={grid(imageSide)}>
        <div css={body(tone)} {...reveal}>
          {(eyebrow || badge) && (
            <div css={topLine}>
              {eyebrow && <span css={eyebrowStyle(tone)}>{eyebrow}</span>}
              {badge && <span css={badgeStyle(tone, muted)}>{badge}</span>}
            </div>
          )}
          <h2 id={headingId}>{keepTogether(heading)}</h2>
          {paragraphs?.map((p, i) => (
            <p key={i}>{keepTogether(p)}</p>
          ))}
          {bullets && <CheckList items={bullets} onDark={tone === 'dark'} extraCss={checklistSpacing} />}
          {ctas && ctas.length > 0 && (
            <div css={actions}>
              {ctas.map((cta, i) => (
                <CtaLink
                  key={cta.label}
                  cta={cta}
                  variant={i === 0 ? 'primary' : tone === 'dark' ? 'light' : 'secondary'}
                />
              ))}
            </div>
          )}
          {note && (
            <p css={noteStyle(tone)}>
              <Icon name="clock" size={20} />
              <span>{keepTogether(note)}</span>
            </p>
          )}
        </div>
        <figure css={figureStyle(tone, muted)} {...reveal}>
          <Picture image={image} sizes="(min-width: 1200px) 600px, (min-width: 768px) 50vw, 100vw" />
        </figure>
      </div>
    </section>
  );
}

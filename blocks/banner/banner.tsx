import { css } from '@emotion/react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { bannerSchema } from './banner.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type BannerProps = BlockProps<typeof bannerSchema>;
type Variant = BannerProps['variant'];
type Tone = BannerProps['tone'];

const frame = (tone: Tone) => css`
  padding: ${space(6)} 0;
  background: ${tone === 'dark' ? colors.navyDeep : tone === 'alt' ? colors.surfaceAlt : colors.surface};
  ${mq.md} {
    padding: ${space(8)} 0;
  }
`;

const dark = (variant: Variant) => variant !== 'primary';

/** The band: a rounded panel whose look is the variant. */
const band = (variant: Variant, tone: Tone) => css`
  position: relative;
  overflow: hidden;
  display: grid;
  gap: ${space(3)};
  padding: ${variant === 'final' ? `${space(6)} ${space(3)}` : `${space(4)} ${space(3)}`};
  border-radius: ${radii.lg};
  ${
    variant === 'primary'
      ? `background: linear-gradient(135deg, #fff7ed, ${colors.orangeLight});
         border: 1px solid #fed7aa;
         border-left: 6px solid ${colors.orange};
         color: ${colors.ink};`
      : variant === 'secondary'
        ? `background: ${colors.navy}; color: #e2e8f0;
           ${tone === 'dark' ? 'border: 1px solid rgba(255, 255, 255, 0.16);' : ''}`
        : `background: radial-gradient(120% 140% at 100% 0%, ${colors.blue} 0%, ${colors.navy} 55%, ${colors.navyDeep} 100%);
           color: #e2e8f0;
           text-align: center;
           justify-items: center;`
  }
  ${tone === 'dark' ? '' : `box-shadow: ${shadows.card};`}
  ${mq.md} {
    padding: ${variant === 'final' ? `${space(10)} ${space(6)}` : `${space(5)} ${space(6)}`};
    ${variant === 'final' ? '' : `grid-template-columns: minmax(0, 1fr) auto; align-items: center; gap: ${space(5)};`}
  }
  h2 {
    margin: 0;
    font-size: ${variant === 'final' ? 'clamp(1.875rem, 6vw, 3rem)' : 'clamp(1.5rem, 4vw, 2rem)'};
    color: ${dark(variant) ? colors.white : colors.navy};
  }
  p {
    margin: ${space(1.5)} 0 0;
    font-size: ${variant === 'final' ? '1.125rem' : '1.0625rem'};
    color: ${dark(variant) ? '#cbd5e1' : colors.muted};
    ${variant === 'final' ? 'max-width: 620px; margin-left: auto; margin-right: auto;' : ''}
  }
`;

/** Decorative bubbles on the dark bands (the brand's motif). */
const bubbles = css`
  position: absolute;
  inset: 0;
  pointer-events: none;
  span {
    position: absolute;
    border-radius: 50%;
    border: 2px solid rgba(125, 211, 252, 0.22);
    background: rgba(14, 165, 198, 0.08);
  }
  /* On phones only the corner bubble: the others would sit on the text. */
  span:nth-of-type(n + 2) {
    display: none;
    ${mq.md} {
      display: block;
    }
  }
  span:nth-of-type(1) {
    width: 160px;
    height: 160px;
    top: -60px;
    right: -40px;
  }
  span:nth-of-type(2) {
    width: 64px;
    height: 64px;
    bottom: 24px;
    left: 6%;
  }
  span:nth-of-type(3) {
    width: 28px;
    height: 28px;
    bottom: 18%;
    right: 14%;
  }
`;

const content = css`
  position: relative;
  min-width: 0;
`;

const eyebrowStyle = (variant: Variant) => css`
  display: inline-block;
  margin-bottom: ${space(1)};
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-family: ${fonts.displayCaps};
  color: ${dark(variant) ? '#7dd3fc' : colors.orangeHover};
`;

const actions = (variant: Variant) => css`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${space(1.5)};
  width: 100%;
  ${mq.sm} {
    flex-direction: row;
    flex-wrap: wrap;
    width: auto;
    justify-content: ${variant === 'final' ? 'center' : 'flex-start'};
  }
  ${mq.md} {
    justify-content: ${variant === 'final' ? 'center' : 'flex-end'};
  }
`;

const bigCta = css`
  min-height: 56px;
  padding-left: ${space(4)};
  padding-right: ${space(4)};
  font-size: 1.0625rem;
`;

/** Doubled class: beats the band's \`p\` rule. */
const noteStyle = (variant: Variant) => css`
  && {
    position: relative;
    display: inline-flex;
    align-items: center;
    gap: ${space(1)};
    margin: 0;
    font-size: 0.9375rem;
    color: ${dark(variant) ? '#e2e8f0' : colors.ink};
  }
  svg {
    flex: none;
    color: ${dark(variant) ? '#7dd3fc' : colors.orange};
  }
`;

export default function Banner({
  id,
  variant,
  eyebrow,
  heading,
  text,
  cta,
  secondaryCta,
  note,
  noteIcon,
  tone,
}: BannerProps) {
  const headingId = id ? `${id}-titulo` : undefined;
  const noteLine = note && (
    <p css={noteStyle(variant)}>
      <Icon name={noteIcon} size={20} />
      <span>{keepTogether(note)}</span>
    </p>
  );
  return (
    <section id={id} css={frame(tone)} aria-labelledby={headingId} data-variant={variant}>
      <div className="container">
        <div css={band(variant, tone)} {...reveal}>
          {dark(variant) && (
            <div css={bubbles} aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
          )}
          <div css={content}>
            {eyebrow && <span css={eyebrowStyle(variant)}>{eyebrow}</span>}
            <h2 id={headingId}>{keepTogether(heading)}</h2>
            {text && <p>{keepTogether(text)}</p>}
            {variant !== 'final' && noteLine}
          </div>
          <div css={actions(variant)}>
            <CtaLink cta={cta} variant="primary" extraCss={variant === 'final' ? bigCta : undefined} />
            {secondaryCta && (
              <CtaLink
                cta={secondaryCta}
                variant={dark(variant) ? 'light' : 'secondary'}
                extraCss={variant === 'final' ? bigCta : undefined}
              />
            )}
          </div>
          {variant === 'final' && noteLine}
        </div>
      </div>
    </section>
  );
}

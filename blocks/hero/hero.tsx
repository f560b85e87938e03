import { css, keyframes, type SerializedStyles } from '@emotion/react';
import { useId, useRef } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import { colors, fonts, motion, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { useBehavior } from '../../runtime/block-api.ts';
import heroBehavior from './hero.behavior.ts';
import { SPEC } from '../../schema/constants.ts';
import { keepTogether } from '../../design/typography.ts';
import type { heroSchema } from './hero.schema.ts';

export type HeroProps = BlockProps<typeof heroSchema>;
type HeroTone = 'light' | 'dark';

const frame = (tone: HeroTone) => css`
  position: relative;
  overflow: hidden;
  padding: ${space(5)} 0 ${space(7)};
  color: ${tone === 'dark' ? '#e2e8f0' : colors.ink};
  background: ${
    tone === 'dark'
      ? `radial-gradient(circle at 92% 12%, rgba(14, 165, 198, 0.22) 0 160px, transparent 161px),
       radial-gradient(circle at 6% 88%, ${colors.blue} 0 120px, transparent 121px),
       linear-gradient(160deg, ${colors.navy} 0%, ${colors.navyDeep} 100%)`
      : `radial-gradient(circle at 95% 8%, ${colors.waterLight} 0 180px, transparent 181px),
       radial-gradient(circle at 4% 92%, ${colors.waterLight} 0 96px, transparent 97px),
       ${colors.surfaceAlt}`
  };
  ${mq.md} {
    padding: ${space(8)} 0 ${space(10)};
  }
`;

const grid = css`
  display: grid;
  gap: ${space(5)};
  align-items: center;
  ${mq.lg} {
    grid-template-columns: minmax(0, 1.05fr) minmax(0, 1fr);
    gap: ${space(8)};
  }
`;

const copy = (tone: HeroTone) => css`
  text-align: center;
  ${mq.lg} {
    text-align: left;
  }
  h1 {
    margin-bottom: ${space(2)};
    font-size: clamp(2rem, 8.5vw, 3.5rem);
    line-height: 1.12;
    letter-spacing: -0.01em;
    color: ${tone === 'dark' ? colors.white : colors.navy};
  }
`;

const eyebrowStyle = (tone: HeroTone) => css`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  margin: 0 0 ${space(2)};
  padding: 6px ${space(2)};
  /* A long eyebrow wraps to two lines on a phone: a softer radius than a pill then. */
  border-radius: ${radii.md};
  font-family: ${fonts.displayCaps};
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.06em;
  line-height: 1.4;
  text-transform: uppercase;
  background: ${tone === 'dark' ? 'rgba(125, 211, 252, 0.14)' : colors.waterLight};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  border: 1px solid ${tone === 'dark' ? 'rgba(125, 211, 252, 0.35)' : 'transparent'};
  ${mq.md} {
    border-radius: ${radii.pill};
  }
`;

const highlightStyle = (tone: HeroTone) => css`
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  background: linear-gradient(
      transparent 72%,
      ${tone === 'dark' ? 'rgba(14, 165, 198, 0.35)' : 'rgba(14, 165, 198, 0.22)'} 72% 92%,
      transparent 92%
    )
    no-repeat;
  box-decoration-break: clone;
  -webkit-box-decoration-break: clone;
`;

const lead = (tone: HeroTone) => css`
  max-width: 560px;
  margin: 0 auto ${space(4)};
  font-size: 1.125rem;
  color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  ${mq.lg} {
    margin-left: 0;
    font-size: 1.1875rem;
  }
`;

const actions = css`
  display: flex;
  flex-direction: column;
  gap: ${space(1.5)};
  ${mq.sm} {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: center;
  }
  ${mq.lg} {
    justify-content: flex-start;
  }
`;

const bigButton = css`
  min-height: 56px;
  padding: 14px ${space(4)};
  font-size: 1.0625rem;
`;

const outlineOnDark = css`
  color: ${colors.white};
  border-color: rgba(255, 255, 255, 0.7);
  &:hover {
    background: ${colors.white};
    color: ${colors.navy};
  }
`;

const noteStyle = (tone: HeroTone) => css`
  display: flex;
  align-items: center;
  gap: ${space(1)};
  width: fit-content;
  margin: ${space(3)} auto 0;
  text-align: left;
  font-family: ${fonts.display};
  font-weight: 600;
  color: ${tone === 'dark' ? '#e2e8f0' : colors.navy};
  ${mq.lg} {
    margin-left: 0;
  }
`;

const noteIconStyle = (tone: HeroTone) => css`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${tone === 'dark' ? 'rgba(125, 211, 252, 0.14)' : colors.white};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  box-shadow: ${tone === 'dark' ? 'none' : shadows.card};
`;

const art = css`
  position: relative;
  justify-self: center;
  width: 100%;
  max-width: 400px;
  ${mq.lg} {
    max-width: 560px;
  }
  ${PICTURE_IMG} {
    width: 100%;
    height: auto;
  }
`;

const badgeStyle = css`
  display: none;
  ${mq.lg} {
    position: absolute;
    left: -${space(2)};
    bottom: ${space(4)};
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    width: 136px;
    height: 136px;
    margin: 0;
    border-radius: 50%;
    background: ${colors.orange};
    color: ${colors.white};
    border: 6px solid ${colors.white};
    box-shadow: ${shadows.raised};
    text-align: center;
    line-height: 1.15;
    transform: rotate(-8deg);
  }
  strong {
    font-family: ${fonts.display};
    font-size: 2.25rem;
    font-weight: 700;
  }
  span {
    max-width: 96px;
    font-family: ${fonts.display};
    font-size: 0.875rem;
    font-weight: 600;
  }
`;

/** The badge without an image to sit on: a pill in the text column (still desktop only). */
const badgeInline = css`
  ${mq.lg} {
    position: static;
    flex-direction: row;
    gap: ${space(1)};
    width: auto;
    height: auto;
    margin-top: ${space(3)};
    padding: ${space(1)} ${space(3)};
    border-radius: ${radii.pill};
    border: 0;
    transform: none;
    display: inline-flex;
  }
  span {
    max-width: none;
  }
`;

/** Spec §4: how far a floating image moves per pixel of scroll, by its index (0.2, 0.3, 0.4…). */
export const parallaxFactor = (index: number): number => Math.round((0.2 + 0.1 * index) * 10) / 10;

const rise = keyframes`
  from {
    opacity: 0;
    transform: translateY(12px);
  }
  to {
    opacity: 1;
    transform: none;
  }
`;

/**
 * Staged entrance (spec §4: 0.5, 1, 1.5 and 2 s). Pure CSS, so it starts with the first paint
 * and never waits for the script: only under `html.js` (set before first paint), so with
 * scripts off nothing is ever hidden, and an animation always ends visible even if the page
 * script fails. Opacity and transform only: no layout shift. The illustration is not staged:
 * it is the largest element of the first screen (LCP) and paints at once.
 */
const enter = (step: number) => css`
  html.js & {
    animation: ${rise} 400ms ${motion.ease} ${SPEC.heroRevealStepsMs[step]}ms both;
  }
  @media (prefers-reduced-motion: reduce) {
    html.js & {
      animation: none;
    }
  }
`;

const floatingLayer = css`
  position: absolute;
  inset: 0;
  pointer-events: none;
`;

const bob = keyframes`
  from {
    transform: translateY(-6px) rotate(-4deg);
  }
  to {
    transform: translateY(6px) rotate(4deg);
  }
`;

/**
 * Sized from the author's width; the height follows the image's ratio (no layout shift). Below
 * 1024 px the text spans the whole width, so each image shrinks to 60% and sits half outside
 * the nearest side edge, where it cannot cover the text.
 */
const floatingItem = (item: FloatingImage, index: number) => {
  const phoneWidth = Math.round(item.width * 0.6);
  const edge = item.left < 50 ? `${-phoneWidth / 2}px` : `calc(100% - ${phoneWidth / 2}px)`;
  return css`
    position: absolute;
    top: ${item.top}%;
    left: ${edge};
    width: ${phoneWidth}px;
    opacity: 0.55;
    will-change: transform;
    ${mq.lg} {
      left: ${item.left}%;
      width: ${item.width}px;
      opacity: 0.9;
    }
    ${PICTURE_IMG} {
      display: block;
      width: 100%;
      height: auto;
      animation: ${bob} ${4 + index}s ease-in-out ${-index * 1.3}s infinite alternate;
    }
    @media (prefers-reduced-motion: reduce) {
      ${PICTURE_IMG} {
        animation: none;
      }
    }
  `;
};

/** With floating images, the text sits above them. */
const aboveFloating = css`
  position: relative;
  z-index: 1;
`;

type FloatingImage = NonNullable<HeroProps['floating']>[number];

/** The title with the `highlight` part wrapped for colour; the text stays one h1 for screen readers. */
function Title({ title, highlight, tone }: Pick<HeroProps, 'title' | 'highlight' | 'tone'>) {
  const at = highlight ? title.indexOf(highlight) : -1;
  if (!highlight || at < 0) return <>{keepTogether(title)}</>;
  return (
    <>
      {keepTogether(title.slice(0, at))}
      <span css={highlightStyle(tone)}>{keepTogether(highlight)}</span>
      {keepTogether(title.slice(at + highlight.length))}
    </>
  );
}

export default function Hero({
  id,
  eyebrow,
  title,
  highlight,
  subtitle,
  cta,
  secondaryCta,
  note,
  noteIcon,
  badge,
  image,
  tone,
  entrance,
  floating,
}: HeroProps) {
  const titleId = `${useId()}titulo`;
  const staged = entrance === 'staged';
  // Unstaged heroes keep exactly their former styles (and class names).
  const stage = (base: SerializedStyles, step: number) => (staged ? [base, enter(step)] : base);
  const sectionRef = useRef<HTMLElement>(null);
  useBehavior(sectionRef, heroBehavior);
  const badgeEl = badge && (
    <p css={[badgeStyle, !image && badgeInline]}>
      <strong>{badge.value}</strong> <span>{badge.label}</span>
    </p>
  );
  return (
    <section ref={sectionRef} id={id} css={frame(tone)} aria-labelledby={titleId}>
      {floating && (
        <div css={floatingLayer} aria-hidden="true" data-hero-floating="">
          {floating.map((item, i) => (
            <span key={`${item.src}-${i}`} css={floatingItem(item, i)} data-parallax={parallaxFactor(i)}>
              <Picture image={{ ...item, alt: '' }} loading="eager" sizes={`${item.width}px`} />
            </span>
          ))}
        </div>
      )}
      <div className="container" css={floating ? [grid, aboveFloating] : grid}>
        <div css={copy(tone)}>
          {eyebrow && <p css={stage(eyebrowStyle(tone), 0)}>{eyebrow}</p>}
          <h1 id={titleId} {...(staged && { css: enter(1) })}>
            <Title title={title} highlight={highlight} tone={tone} />
          </h1>
          {subtitle && <p css={stage(lead(tone), 2)}>{keepTogether(subtitle)}</p>}
          {(cta || secondaryCta) && (
            <div css={stage(actions, 3)}>
              {cta && <CtaLink cta={cta} variant="primary" extraCss={bigButton} />}
              {secondaryCta && (
                <CtaLink
                  cta={secondaryCta}
                  variant="secondary"
                  extraCss={tone === 'dark' ? css([bigButton, outlineOnDark]) : bigButton}
                />
              )}
            </div>
          )}
          {note && (
            <p css={stage(noteStyle(tone), 3)}>
              <span css={noteIconStyle(tone)}>
                <Icon name={noteIcon} size={22} />
              </span>
              {keepTogether(note)}
            </p>
          )}
          {!image && badgeEl}
        </div>
        {image && (
          <div css={art}>
            <Picture image={image} priority sizes="(min-width: 1024px) 560px, 400px" />
            {badgeEl}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The frame of a content block: a <section> with the block's anchor id, its tone
 * (light, alt, dark) and an optional heading, eyebrow and intro, on the 8 px grid.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, fonts, mq, space } from './theme.ts';
import { reveal } from './reveal.ts';

export type SectionTone = 'light' | 'alt' | 'dark';

const frame = (tone: SectionTone) => css`
  padding: ${space(7)} 0;
  background: ${tone === 'dark' ? colors.navy : tone === 'alt' ? colors.surfaceAlt : colors.surface};
  color: ${tone === 'dark' ? '#e2e8f0' : colors.ink};
  ${mq.md} {
    padding: ${space(11)} 0;
  }
  ${tone === 'dark' ? `h2, h3 { color: ${colors.white}; }` : ''}
`;

const header = (tone: SectionTone) => css`
  max-width: 720px;
  margin: 0 auto ${space(5)};
  text-align: center;
  h2 {
    font-size: clamp(1.625rem, 4.5vw, 2.375rem);
    margin-bottom: ${space(1.5)};
  }
  p {
    margin: 0;
    font-size: 1.0625rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
`;

const eyebrowStyle = (tone: SectionTone) => css`
  display: inline-block;
  margin-bottom: ${space(1)};
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-family: ${fonts.displayCaps};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
`;

export interface SectionProps {
  id?: string;
  tone?: SectionTone;
  eyebrow?: string;
  heading?: string;
  intro?: string;
  /** Accessible name when there is no visible heading. */
  label?: string;
  children: ReactNode;
  className?: string;
}

export function Section({
  id,
  tone = 'light',
  eyebrow,
  heading,
  intro,
  label,
  children,
  className,
}: SectionProps) {
  const headingId = id ? `${id}-titulo` : undefined;
  return (
    <section
      id={id}
      css={frame(tone)}
      className={className}
      aria-labelledby={heading && headingId ? headingId : undefined}
      aria-label={heading ? undefined : label}
    >
      <div className="container">
        {(heading || eyebrow || intro) && (
          <header css={header(tone)} {...reveal}>
            {eyebrow && <span css={eyebrowStyle(tone)}>{eyebrow}</span>}
            {heading && <h2 id={headingId}>{heading}</h2>}
            {intro && <p>{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}

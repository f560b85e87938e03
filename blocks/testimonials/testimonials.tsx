import { css } from '@emotion/react';
import type { Static } from '@sinclair/typebox';
import { useId, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../design/icons.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, motion, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { accentAt } from '../../design/accents.ts';
import { arrowButton } from '../gallery/arrow-button.ts';
import { useHydrated, useSwipe } from '../gallery/swipe.ts';
import { keepTogether } from '../../design/typography.ts';
import type { testimonialSchema, testimonialsSchema } from './testimonials.schema.ts';

export type TestimonialsProps = BlockProps<typeof testimonialsSchema>;
type Tone = SectionTone;
/** A testimonial as rendered: ajv has filled in the schema's nested default (rating 5). */
type Testimonial = Static<typeof testimonialSchema> &
  Required<Pick<Static<typeof testimonialSchema>, 'rating'>>;

/** "Mariana Souza" → "MS", "Ana" → "A": first and last initial, upper case. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

// Amber stars: 3.2:1 on white and 9:1 on navy (graphics need 3:1); the rating is also text.
const STAR_ON_LIGHT = '#d97706';
const STAR_ON_DARK = '#fbbf24';

interface StarsProps {
  rating: number;
  tone: Tone;
  size?: number;
  /** Decorative stars (the text beside them says the rating). */
  decorative?: boolean;
}

/** Five stars, `rating` of them filled, read as "Nota 4 de 5". */
function Stars({ rating, tone, size = 18, decorative }: StarsProps) {
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : `Nota ${rating} de 5`}
      aria-hidden={decorative ? true : undefined}
      css={css`
        display: inline-flex;
        gap: 2px;
        color: ${tone === 'dark' ? STAR_ON_DARK : STAR_ON_LIGHT};
        svg {
          fill: currentColor;
        }
        .off {
          fill: none;
          color: ${tone === 'dark' ? '#64748b' : colors.disabled};
        }
      `}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" size={size} className={n <= rating ? undefined : 'off'} />
      ))}
    </span>
  );
}

const summaryStyle = (tone: Tone) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${space(1)} ${space(1.5)};
  width: fit-content;
  max-width: 100%;
  margin: -${space(2)} auto ${space(5)};
  padding: ${space(1)} ${space(2.5)};
  border-radius: ${radii.pill};
  background: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.08)' : colors.surface};
  box-shadow: ${tone === 'dark' ? 'none' : shadows.card};
  color: ${tone === 'dark' ? '#e2e8f0' : colors.muted};
  strong {
    font-family: ${fonts.display};
    font-size: 1.25rem;
    font-weight: 700;
    color: ${tone === 'dark' ? colors.white : colors.navy};
  }
`;

const grid = (count: number) => css`
  display: grid;
  gap: ${space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${mq.md} {
    grid-template-columns: repeat(${Math.min(count, 2)}, minmax(0, 1fr));
  }
  ${mq.lg} {
    grid-template-columns: repeat(${Math.min(count, 3)}, minmax(0, 1fr));
  }
`;

const card = (tone: Tone) => css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  height: 100%;
  margin: 0;
  padding: ${space(4)} ${space(3)} ${space(3)};
  border-radius: ${radii.lg};
  ${
    tone === 'dark'
      ? `background: rgba(255, 255, 255, 0.06); border: 1px solid rgba(255, 255, 255, 0.14);`
      : `background: ${colors.surface}; border: 1px solid ${colors.line}; box-shadow: ${shadows.card};`
  }
  blockquote {
    flex: 1;
    margin: 0;
    font-size: 1.0625rem;
    line-height: 1.65;
    color: ${tone === 'dark' ? '#e2e8f0' : colors.ink};
  }
  blockquote p {
    margin: 0;
  }
`;

/** A big decorative quotation mark in the card's corner. */
const quoteMark = (tone: Tone) => css`
  position: absolute;
  top: ${space(1)};
  right: ${space(3)};
  /* The brand's display face (a file the page already loads): no system-font lookup for one glyph. */
  font-family: ${fonts.display};
  font-weight: 700;
  font-size: 5rem;
  line-height: 1;
  color: ${tone === 'dark' ? 'rgba(125, 211, 252, 0.25)' : colors.waterLight};
  pointer-events: none;
`;

const caption = (tone: Tone) => css`
  display: flex;
  align-items: center;
  gap: ${space(1.5)};
  padding-top: ${space(2)};
  border-top: 1px solid ${tone === 'dark' ? 'rgba(255, 255, 255, 0.14)' : colors.line};
  line-height: 1.35;
  cite {
    display: block;
    font-family: ${fonts.display};
    font-style: normal;
    font-weight: 600;
    color: ${tone === 'dark' ? colors.white : colors.navy};
  }
  span.meta {
    display: block;
    font-size: 0.875rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
  .nowrap {
    white-space: nowrap;
  }
`;

const avatar = (solid: string) => css`
  display: grid;
  place-items: center;
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${solid};
  color: ${colors.white};
  font-family: ${fonts.display};
  font-weight: 700;
  font-size: 1rem;
  letter-spacing: 0.02em;
`;

/** One testimonial: stars, the quote, and the author's initials, name, place and customer age. */
function TestimonialCard({ t, i, tone }: { t: Testimonial; i: number; tone: Tone }) {
  const meta = [t.location, t.since].filter((m): m is string => Boolean(m));
  return (
    <figure css={card(tone)}>
      <span css={quoteMark(tone)} aria-hidden="true">
        “
      </span>
      <Stars rating={t.rating} tone={tone} />
      <blockquote>
        <p>“{keepTogether(t.text)}”</p>
      </blockquote>
      <figcaption css={caption(tone)}>
        <span css={avatar(accentAt(i, t.accent).solid)} aria-hidden="true">
          {t.initials ?? initialsOf(t.author)}
        </span>
        <span>
          <cite>{t.author}</cite>
          {meta.length > 0 && (
            <span className="meta">
              {meta.map((m, k) => (
                <span key={m}>
                  {k > 0 && ' · '}
                  <span className="nowrap">{m}</span>
                </span>
              ))}
            </span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}

/** The slider's position, wrapping at both ends: after the last comes the first, before the first the last. */
export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

const slider = css`
  max-width: 760px;
  margin: 0 auto;
`;

/**
 * Without JavaScript every testimonial is visible, stacked. Under html.js (before first
 * paint) they share one grid cell: the stage is as tall as the tallest, so changing slides
 * never moves the page, and only the active one is visible.
 */
const stage = css`
  display: grid;
  gap: ${space(3)};
  html.js & {
    touch-action: pan-y;
  }
  html.js & > * {
    grid-area: 1 / 1;
    transition:
      opacity ${motion.base} ${motion.ease},
      transform ${motion.base} ${motion.ease},
      visibility ${motion.base};
  }
  html.js & > [data-active='false'] {
    visibility: hidden;
    opacity: 0;
    transform: translateX(16px);
  }
  @media (prefers-reduced-motion: reduce) {
    html.js & > * {
      transition: none;
    }
  }
`;

const sliderControls = (tone: Tone) => css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  margin-top: ${space(3)};
  html:not(.js) & {
    display: none;
  }
  .dot {
    display: grid;
    place-items: center;
    width: 44px;
    height: 44px;
    padding: 0;
    border: 0;
    background: transparent;
    cursor: pointer;
  }
  .dot::before {
    content: '';
    width: 12px;
    height: 12px;
    border-radius: 6px;
    background: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.45)' : '#64748b'};
    transition:
      width ${motion.base} ${motion.ease},
      background ${motion.base} ${motion.ease};
  }
  .dot[aria-current='true']::before {
    width: 28px;
    background: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  }
`;

function TestimonialSlider({ items, tone }: { items: Testimonial[]; tone: Tone }) {
  const [index, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const ready = useHydrated();
  const stageId = `${useId()}stage`;
  const count = items.length;
  const label = (i: number) => `Depoimento ${i + 1} de ${count}`;

  const go = (target: number) => {
    const next = wrapIndex(target, count);
    setIndex(next);
    setAnnouncement(label(next));
  };
  const swipe = useSwipe((direction) => go(index + direction));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in target)) return;
    event.preventDefault();
    go(target[event.key]!);
  };

  return (
    <div
      role="region"
      aria-roledescription="carrossel"
      aria-label="Depoimentos de clientes"
      css={slider}
      onKeyDown={onKeyDown}
      data-slide={index}
      data-reveal=""
    >
      <div id={stageId} css={stage} {...swipe}>
        {items.map((t, i) => (
          <div
            key={`${t.author}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={label(i)}
            aria-hidden={ready && i !== index ? true : undefined}
            data-active={i === index ? 'true' : 'false'}
          >
            <TestimonialCard t={t} i={i} tone={tone} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div css={sliderControls(tone)}>
          <button
            type="button"
            css={arrowButton(tone)}
            aria-label="Depoimento anterior"
            aria-controls={stageId}
            onClick={() => go(index - 1)}
          >
            <Icon name="chevronLeft" size={22} />
          </button>
          {items.map((_, i) => (
            <button
              key={i}
              type="button"
              className="dot"
              aria-label={label(i)}
              aria-controls={stageId}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
          <button
            type="button"
            css={arrowButton(tone)}
            aria-label="Próximo depoimento"
            aria-controls={stageId}
            onClick={() => go(index + 1)}
          >
            <Icon name="chevronRight" size={22} />
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}

export default function Testimonials({
  id,
  eyebrow,
  heading,
  intro,
  summary,
  items,
  layout,
  tone,
}: TestimonialsProps) {
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      {summary && (
        <p css={summaryStyle(tone)} data-reveal="">
          <Stars rating={5} tone={tone} size={20} decorative />
          <span>
            <strong>{summary.value}</strong> {summary.label}
          </span>
        </p>
      )}
      {layout === 'slider' ? (
        <TestimonialSlider items={items as Testimonial[]} tone={tone} />
      ) : (
        <ul css={grid(items.length)} role="list">
          {(items as Testimonial[]).map((t, i) => (
            <li key={`${t.author}-${i}`} data-reveal="">
              <TestimonialCard t={t} i={i} tone={tone} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

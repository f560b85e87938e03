import { css } from '@emotion/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../design/icons.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, motion, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import type { gallerySchema } from './gallery.schema.ts';
import { arrowButton } from './arrow-button.ts';
import { useHydrated, useSwipe } from './swipe.ts';
import { reveal } from '../../design/reveal.ts';

export type GalleryProps = BlockProps<typeof gallerySchema>;

/** From this width every slide shows its images side by side; below it, one large and the others smaller. */
export const GALLERY_ROW_MIN_PX = 640;

/** [a, b, c, d] by 3 → [[a, b, c], [d]]. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** "Imagens 4 a 6 de 9", or "Imagem 9 de 9" for a slide of one. */
export function slideLabel(first: number, count: number, total: number): string {
  return count === 1 ? `Imagem ${first} de ${total}` : `Imagens ${first} a ${first + count - 1} de ${total}`;
}

const carousel = css`
  position: relative;
`;

/**
 * Without JavaScript: a horizontally scrollable row that snaps to each slide. Under
 * html.js (set before first paint): a clipped window the track slides through.
 */
const viewport = css`
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  overscroll-behavior-x: contain;
  padding: ${space(1)} 0 ${space(2)};
  border-radius: ${radii.lg};
  &:focus-visible {
    outline-offset: 2px;
  }
  html.js & {
    overflow: hidden;
    touch-action: pan-y;
  }
`;

const track = css`
  display: flex;
  html.js & {
    transition: transform 450ms ${motion.ease};
  }
  @media (prefers-reduced-motion: reduce) {
    html.js & {
      transition: none;
    }
  }
`;

const slide = (perSlide: number) => css`
  flex: 0 0 100%;
  min-width: 0;
  display: grid;
  grid-template-columns: repeat(${perSlide === 1 ? 1 : 2}, minmax(0, 1fr));
  gap: ${space(1.5)};
  padding: 0 2px;
  scroll-snap-align: start;
  ${perSlide % 2 === 1 && perSlide > 1 ? `> :first-of-type { grid-column: 1 / -1; }` : ''}
  @media (min-width: ${GALLERY_ROW_MIN_PX}px) {
    grid-template-columns: repeat(${perSlide}, minmax(0, 1fr));
    gap: ${space(3)};
    > :first-of-type {
      grid-column: auto;
    }
  }
`;

const frame = (tone: SectionTone) => css`
  margin: 0;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  border-radius: ${radii.md};
  background: ${tone === 'dark' ? colors.blue : colors.waterLight};
  box-shadow: ${tone === 'dark' ? 'none' : shadows.card};
  ${PICTURE_IMG} {
    width: 100%;
    height: 100%;
    object-fit: cover;
    user-select: none;
    -webkit-user-drag: none;
  }
`;

const controls = (tone: SectionTone) => css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  margin-top: ${space(2)};
  html:not(.js) & {
    display: none;
  }
  .dots {
    display: flex;
    gap: ${space(1)};
  }
  .dots span {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.35)' : colors.disabled};
    transition:
      width ${motion.base} ${motion.ease},
      background ${motion.base} ${motion.ease};
  }
  .dots span[data-active='true'] {
    width: 24px;
    border-radius: 4px;
    background: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  }
`;

const hintCss = (tone: SectionTone) => css`
  display: none;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  margin: ${space(1.5)} 0 0;
  font-family: ${fonts.display};
  font-size: 0.9375rem;
  font-weight: 600;
  color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  @media (hover: none), (max-width: ${GALLERY_ROW_MIN_PX - 1}px) {
    display: flex;
  }
`;

export default function Gallery({
  id,
  eyebrow,
  heading,
  intro,
  images,
  perSlide,
  label,
  hint,
  tone,
}: GalleryProps) {
  const slides = chunk(images, perSlide);
  const last = slides.length - 1;
  const [index, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  // Inactive slides leave the accessibility tree only once the carousel works (after hydration):
  // without JavaScript every image stays readable.
  const ready = useHydrated();
  const trackId = `${useId()}track`;

  const go = (target: number) => {
    // The carousel stops at both ends (its buttons say so by being unavailable there).
    const next = Math.max(0, Math.min(last, target));
    if (next === index) return;
    setIndex(next);
    setAnnouncement(slideLabel(next * perSlide + 1, slides[next]!.length, images.length));
  };
  const swipe = useSwipe((direction) => go(index + direction));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in target)) return;
    event.preventDefault();
    go(target[event.key]!);
  };

  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      <div
        role="region"
        aria-roledescription="carrossel"
        aria-label={label}
        css={carousel}
        onKeyDown={onKeyDown}
        data-slide={index}
        {...reveal}
      >
        <div css={viewport} tabIndex={0} {...swipe}>
          <div id={trackId} css={track} style={{ transform: `translateX(${-100 * index}%)` }}>
            {slides.map((group, s) => (
              <div
                key={s}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(s * perSlide + 1, group.length, images.length)}
                aria-hidden={ready && s !== index ? true : undefined}
                data-active={s === index ? 'true' : 'false'}
                css={slide(perSlide)}
              >
                {group.map((image, i) => (
                  <figure key={`${image.src}-${i}`} css={frame(tone)}>
                    <Picture
                      image={image}
                      sizes="(min-width: 768px) 33vw, 100vw"
                      loading={s === 0 ? 'eager' : 'lazy'}
                      // Below the fold: low priority, so React does not hoist a preload for it either.
                      fetchPriority="low"
                      decoding="async"
                      draggable={false}
                    />
                  </figure>
                ))}
              </div>
            ))}
          </div>
        </div>
        {slides.length > 1 && (
          <div css={controls(tone)}>
            <button
              type="button"
              css={arrowButton(tone)}
              aria-label="Imagens anteriores"
              aria-controls={trackId}
              aria-disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              <Icon name="chevronLeft" size={22} />
            </button>
            <span className="dots" aria-hidden="true">
              {slides.map((_, s) => (
                <span key={s} data-active={s === index ? 'true' : 'false'} />
              ))}
            </span>
            <button
              type="button"
              css={arrowButton(tone)}
              aria-label="Próximas imagens"
              aria-controls={trackId}
              aria-disabled={index === last}
              onClick={() => go(index + 1)}
            >
              <Icon name="chevronRight" size={22} />
            </button>
          </div>
        )}
        {slides.length > 1 && (
          <p css={hintCss(tone)}>
            <Icon name="arrowRight" size={18} />
            {hint}
          </p>
        )}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      </div>
    </Section>
  );
}

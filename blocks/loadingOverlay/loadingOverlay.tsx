import { css, keyframes } from '@emotion/react';
import { useRef } from 'react';
import { Logo } from '../../design/logo.tsx';
import { colors, motion, radii, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { useBehavior } from '../../runtime/block-api.ts';
import loadingOverlayBehavior, { FADE_MS } from './loadingOverlay.behavior.ts';

export { FADE_MS, randomStep } from './loadingOverlay.behavior.ts';
import type { loadingOverlaySchema } from './loadingOverlay.schema.ts';

export type LoadingOverlayProps = BlockProps<typeof loadingOverlaySchema>;
export type OverlayState = 'loading' | 'done' | 'hiding';

/**
 * The overlay is never on screen longer than this, whatever the script does: if the page
 * script never runs (blocked, failed, very slow phone), a CSS animation fades it out by itself.
 */
export const SAFETY_CAP_MS = 6000;

const safetyFade = keyframes`
  to {
    opacity: 0;
  }
`;

/** Zero-length, so its filled end state is exact: out of sight and out of the way. */
const safetyHide = keyframes`
  to {
    visibility: hidden;
    pointer-events: none;
  }
`;

/*
 * First paint, JavaScript and Lighthouse (issue 6):
 * - The overlay is in the server HTML, so with JavaScript on it covers the very first paint
 *   (rendering it only after hydration would flash the page, then cover it). It shows only
 *   under `html.js`, which a one-line inline script sets before first paint: with scripts off
 *   there is no overlay at all, and nothing else on the page is hidden.
 * - It covers the page; it does not replace it. Everything underneath renders normally from the
 *   first paint, so the browser paints (and times) the hero illustration, the largest element,
 *   at once: an occluding layer does not delay Largest Contentful Paint, and the overlay holds
 *   no LCP candidate of its own (inline SVG logo, short texts, CSS gradients, no url() images).
 * - position: fixed, opacity and transform only, removed from the DOM at the end: no layout
 *   shift. The scroll lock keeps the scrollbar's width as padding, so nothing moves either.
 * - prefers-reduced-motion: no overlay at all (hidden by CSS from the first paint, then for
 *   good by its behaviour). It carries no information, only motion, so those visitors get the page at once.
 * - A safety cap (SAFETY_CAP_MS) fades it out even if the script never runs.
 */
const layer = css`
  display: none;
  position: fixed;
  inset: 0;
  z-index: 1000;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(3)};
  padding: ${space(3)};
  color: ${colors.white};
  text-align: center;
  /*
   * The metric-matched fallbacks only: the overlay is on screen exactly while the web fonts
   * arrive, and their swap would move its (centred, changing) text: a layout shift.
   */
  font-family: 'Inter Fallback', system-ui, sans-serif;
  background:
    radial-gradient(circle at 14% 22%, rgba(14, 165, 198, 0.28) 0 46px, transparent 47px),
    radial-gradient(circle at 84% 72%, rgba(14, 165, 198, 0.2) 0 84px, transparent 85px),
    radial-gradient(circle at 78% 16%, rgba(255, 255, 255, 0.08) 0 22px, transparent 23px),
    radial-gradient(circle at 24% 84%, rgba(255, 255, 255, 0.08) 0 14px, transparent 15px),
    linear-gradient(160deg, ${colors.navy} 0%, ${colors.navyDeep} 100%);
  transition:
    opacity ${FADE_MS}ms ${motion.ease},
    visibility 0s linear ${FADE_MS}ms;
  html.js & {
    display: flex;
    animation:
      ${safetyFade} ${FADE_MS}ms linear ${SAFETY_CAP_MS}ms forwards,
      ${safetyHide} 0s linear ${SAFETY_CAP_MS + FADE_MS}ms forwards;
  }
  &[data-state='hiding'] {
    opacity: 0;
    visibility: hidden;
    pointer-events: none;
  }
  html.js &[hidden] {
    display: none;
  }
  @media (prefers-reduced-motion: reduce) {
    html.js & {
      display: none;
    }
  }
`;

/* Fixed-width boxes throughout: when the web fonts replace the fallback, no box moves (CLS 0). */
const messageStyle = css`
  width: min(320px, 100%);
  margin: 0;
  font-size: 1rem;
  color: #cbd5e1;
`;

const meter = css`
  width: min(280px, 100%);
`;

const meterText = css`
  display: flex;
  justify-content: space-between;
  /* Not baseline: a baseline moves when the web font replaces the fallback. */
  align-items: center;
  line-height: 28px;
  margin-bottom: ${space(1)};
  font-family: 'Poppins Fallback', system-ui, sans-serif;
  font-weight: 600;
  font-size: 0.9375rem;
  /* Fixed width (em, not ch: the same in every font), right-aligned: "8%" becoming "100%" moves nothing. */
  .value {
    width: 3.5em;
    height: 28px;
    overflow: hidden;
    text-align: right;
    font-variant-numeric: tabular-nums;
    font-size: 1.125rem;
    color: #7dd3fc;
  }
`;

const track = css`
  height: 10px;
  overflow: hidden;
  border-radius: ${radii.pill};
  background: rgba(255, 255, 255, 0.16);
`;

/** scaleX, not width: the bar moves on the compositor, no layout. */
const fill = css`
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, ${colors.water}, #7dd3fc);
  transform-origin: left center;
  transition: transform 150ms linear;
`;

export interface OverlayViewProps {
  label: string;
  message?: string;
  progress: number;
  state: OverlayState;
  /** The spec timings the behaviour reads (loadingOverlay.behavior.ts); the stories' fixed states have none. */
  timing?: Pick<LoadingOverlayProps, 'tickMs' | 'maxStep' | 'hideDelayMs'>;
  rootRef?: React.Ref<HTMLDivElement>;
}

/** The overlay's markup for a given progress (also used by the stories to show fixed states). */
export function OverlayView({ label, message, progress, state, timing, rootRef }: OverlayViewProps) {
  const value = Math.min(100, Math.round(progress));
  return (
    <div
      css={layer}
      ref={rootRef}
      // A labelled live region (axe `region`: content outside landmarks while it shows).
      role="status"
      aria-label={label}
      data-loading-overlay=""
      data-state={state}
      data-safety-hide={safetyHide.name}
      data-tick-ms={timing?.tickMs}
      data-max-step={timing?.maxStep}
      data-hide-delay-ms={timing?.hideDelayMs}
    >
      <Logo tone="light" height={48} />
      {message && <p css={messageStyle}>{message}</p>}
      <div css={meter}>
        <p css={meterText} aria-hidden="true">
          <span>{label}</span>
          <span className="value">{`${value}%`}</span>
        </p>
        <div
          css={track}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          aria-valuetext={`${value}%`}
        >
          <div css={fill} style={{ transform: `scaleX(${value / 100})` }} />
        </div>
      </div>
    </div>
  );
}

/**
 * The overlay as the server renders it, at 0%. Its progress, fade and scroll lock are the
 * plain-DOM behaviour of loadingOverlay.behavior.ts: on the site the page script runs it as
 * soon as it loads (no React to wait for); here the effect runs the same code.
 */
export default function LoadingOverlay({
  label,
  message,
  tickMs,
  maxStep,
  hideDelayMs,
}: LoadingOverlayProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useBehavior(rootRef, loadingOverlayBehavior);
  return (
    <OverlayView
      label={label}
      message={message}
      progress={0}
      state="loading"
      timing={{ tickMs, maxStep, hideDelayMs }}
      rootRef={rootRef}
    />
  );
}

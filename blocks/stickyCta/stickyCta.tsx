import { css, keyframes } from '@emotion/react';
import { useRef } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { colors, fonts, motion, mq, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { useBehavior } from '../../runtime/block-api.ts';
import stickyCtaBehavior from './stickyCta.behavior.ts';
import type { stickyCtaSchema } from './stickyCta.schema.ts';

export type StickyCtaProps = BlockProps<typeof stickyCtaSchema>;

/** The bar's height above the safe area; the spacer reserves exactly the same. */
const BAR_PX = 72;
const height = `calc(${BAR_PX}px + env(safe-area-inset-bottom, 0px))`;

const slideUp = keyframes`
  from { transform: translateY(100%); }
  to { transform: none; }
`;

/** Phones and tablets only (below 1024 px); the desktop has the side button. */
const bar = css`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 40;
  height: ${height};
  padding: 0 ${space(1)} env(safe-area-inset-bottom, 0px) ${space(2)};
  background: ${colors.navy};
  color: ${colors.white};
  box-shadow: 0 -8px 24px rgba(6, 26, 51, 0.22);
  animation: ${slideUp} ${motion.base} ${motion.ease} both;
  ${mq.lg} {
    display: none;
  }
  /* Dismissed earlier this session: hidden from first paint, before the page script runs. */
  .flag-stickyWhatsDismissed &,
  &[hidden] {
    display: none;
  }
`;

const inner = css`
  display: flex;
  align-items: center;
  gap: ${space(1)};
  height: ${BAR_PX}px;
  max-width: 720px;
  margin: 0 auto;
`;

const copy = css`
  flex: 1;
  min-width: 0;
  line-height: 1.25;
  p {
    margin: 0;
  }
`;

const lead = css`
  font-size: 0.8125rem;
  color: #cbd5e1;
  text-wrap: balance;
`;

/** Without a price the sentence is the bar's headline. */
const leadAlone = css`
  font-family: ${fonts.display};
  font-weight: 600;
  font-size: 0.9375rem;
  color: ${colors.white};
`;

const priceStyle = css`
  font-family: ${fonts.display};
  font-weight: 700;
  font-size: 1.25rem;
  color: ${colors.white};
`;

const button = css`
  flex: none;
  min-height: 44px;
  padding: 10px ${space(2)};
  font-size: 0.9375rem;
  ${mq.sm} {
    padding: 10px ${space(3)};
  }
`;

const closeButton = css`
  flex: none;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: #cbd5e1;
  cursor: pointer;
  transition: background-color ${motion.fast} ${motion.ease};
  &:hover {
    background: rgba(255, 255, 255, 0.1);
    color: ${colors.white};
  }
  /* Without JavaScript there is nothing to close with. */
  html:not(.js) & {
    display: none;
  }
`;

/** Keeps the end of the page above the bar: same height, at the end of the document. */
const spacer = css`
  height: ${height};
  ${mq.lg} {
    display: none;
  }
  .flag-stickyWhatsDismissed &,
  &[hidden] {
    display: none;
  }
`;

/**
 * The bar as the server renders it: shown, unless the pre-paint script marked the flag on <html>.
 * Closing it is the plain-DOM behaviour of stickyCta.behavior.ts (`hidden` on the bar and its
 * spacer, the session flag): on the site the page script runs it; here the effect runs the same code.
 */
export default function StickyCta({ text, price, cta }: StickyCtaProps) {
  const barRef = useRef<HTMLElement>(null);
  useBehavior(barRef, stickyCtaBehavior);
  return (
    <>
      <aside css={bar} ref={barRef} aria-label="Barra do WhatsApp" data-sticky-bar="">
        <div css={inner}>
          <div css={copy}>
            <p css={[lead, !price && leadAlone]}>{text}</p>
            {price && <p css={priceStyle}>{price}</p>}
          </div>
          <CtaLink cta={cta} variant="chat" extraCss={button} />
          <button type="button" css={closeButton} aria-label="Fechar barra do WhatsApp">
            <Icon name="close" size={22} />
          </button>
        </div>
      </aside>
      <div css={spacer} aria-hidden="true" data-sticky-spacer="" />
    </>
  );
}

import { css, keyframes } from '@emotion/react';
import { useState } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { colors, fonts, motion, mq, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/define-block.ts';
import { setFlag } from '../../runtime/client/session-flags.ts';
import { useSessionFlag } from '../../runtime/client/use-session-flag.ts';
import type { stickyCtaSchema } from './stickyCta.schema.ts';

export type StickyCtaProps = BlockProps<typeof stickyCtaSchema>;

const FLAG = 'stickyWhatsDismissed';

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
  /* Dismissed earlier this session: hidden from first paint, before the island hydrates. */
  .flag-stickyWhatsDismissed & {
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
  .flag-stickyWhatsDismissed & {
    display: none;
  }
`;

export default function StickyCta({ text, price, cta }: StickyCtaProps) {
  // The server shows the bar; the browser hides it after hydration if it was dismissed this session.
  const dismissedBefore = useSessionFlag(FLAG);
  const [dismissed, setDismissed] = useState(false);
  if (dismissedBefore || dismissed) return null;

  const close = () => {
    setFlag(FLAG);
    setDismissed(true);
  };

  return (
    <>
      <aside css={bar} aria-label="Barra do WhatsApp">
        <div css={inner}>
          <div css={copy}>
            <p css={[lead, !price && leadAlone]}>{text}</p>
            {price && <p css={priceStyle}>{price}</p>}
          </div>
          <CtaLink cta={cta} variant="chat" extraCss={button} />
          <button type="button" css={closeButton} aria-label="Fechar barra do WhatsApp" onClick={close}>
            <Icon name="close" size={22} />
          </button>
        </div>
      </aside>
      <div css={spacer} aria-hidden="true" data-sticky-spacer="" />
    </>
  );
}

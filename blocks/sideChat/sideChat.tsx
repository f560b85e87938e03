import { css, keyframes } from '@emotion/react';
import { useRef } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { breakpoints, colors, fonts, motion } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { useBehavior } from '../../runtime/block-api.ts';
import sideChatBehavior from './sideChat.behavior.ts';
import type { sideChatSchema } from './sideChat.schema.ts';

export type SideChatProps = BlockProps<typeof sideChatSchema>;

const belowDesktop = `@media (max-width: ${breakpoints.lg - 0.02}px)`;

const enter = keyframes`
  from { opacity: 0; transform: translateX(24px); }
  to { opacity: 1; transform: none; }
`;

/** Desktop only: below 1024 px the sticky bottom bar takes over. */
const wrap = css`
  position: fixed;
  right: 24px;
  bottom: 24px;
  z-index: 40;
  animation: ${enter} ${motion.base} ${motion.ease} both;
  ${belowDesktop} {
    display: none;
  }
  /* Closed for this page view (sideChat.behavior.ts). */
  &[hidden] {
    display: none;
  }
`;

const button = css`
  gap: 0;
  min-height: 60px;
  padding: 6px;
  font-size: 1rem;
  font-family: ${fonts.display};
  box-shadow:
    0 2px 6px rgba(6, 26, 51, 0.16),
    0 12px 28px rgba(6, 26, 51, 0.22);
`;

const disc = css`
  display: grid;
  place-items: center;
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.28);
`;

/**
 * The label folds to zero width, but stays in the accessibility tree: the link's name
 * always contains it.
 */
const labelText = css`
  display: block;
  max-width: 260px;
  overflow: hidden;
  white-space: nowrap;
  padding: 0 10px 0 20px;
  opacity: 1;
  transition:
    max-width ${motion.base} ${motion.ease},
    padding ${motion.base} ${motion.ease},
    opacity ${motion.fast} ${motion.ease};
  [data-collapsed='true'] &,
  .flag-sideWhatsCollapsed [data-behavior]:not([data-enhanced]) & {
    max-width: 0;
    padding: 0;
    opacity: 0;
  }
`;

const closeButton = css`
  position: absolute;
  top: -16px;
  right: -14px;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${colors.navy};
  cursor: pointer;
  span {
    display: grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    background: ${colors.surface};
    border: 1px solid ${colors.line};
    box-shadow: 0 2px 8px rgba(6, 26, 51, 0.18);
    transition: background-color ${motion.fast} ${motion.ease};
  }
  &:hover span {
    background: ${colors.surfaceAlt};
  }
`;

/**
 * The button as the server renders it: expanded, as on a first view. Folding, unfolding and
 * closing are the plain-DOM behaviour of sideChat.behavior.ts (state in `data-collapsed` and
 * `hidden`): on the site the page script runs it; here the effect runs the same code. A
 * visitor who saw it already gets it folded from the first paint (the pre-paint
 * `flag-sideWhatsCollapsed` class, until the behaviour takes over).
 */
export default function SideChat({ label, cta, collapseAfterMs }: SideChatProps) {
  const rootRef = useRef<HTMLElement>(null);
  useBehavior(rootRef, sideChatBehavior);
  return (
    <aside
      ref={rootRef}
      css={wrap}
      aria-label="Botão do WhatsApp"
      data-side-chat=""
      data-collapsed="false"
      data-collapse-after-ms={collapseAfterMs}
    >
      <CtaLink cta={cta} variant="chat" icon={false} extraCss={button}>
        <span css={labelText}>{label}</span>
        {cta.label !== label && <span className="visually-hidden"> – {cta.label}</span>}
        <span css={disc}>
          <Icon name={cta.action === 'phone' ? 'phone' : 'whatsapp'} size={28} />
        </span>
      </CtaLink>
      <button type="button" css={closeButton} aria-label="Fechar botão do WhatsApp" data-close="">
        <span>
          <Icon name="close" size={14} />
        </span>
      </button>
    </aside>
  );
}

import { css, keyframes } from '@emotion/react';
import { useEffect, useState, type FocusEvent } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { breakpoints, colors, fonts, motion } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/define-block.ts';
import { getFlag, setFlag } from '../../runtime/client/session-flags.ts';
import { useSessionFlag } from '../../runtime/client/use-session-flag.ts';
import type { sideChatSchema } from './sideChat.schema.ts';

export type SideChatProps = BlockProps<typeof sideChatSchema>;

const FLAG = 'sideWhatsCollapsed';
const DESKTOP = `(min-width: ${breakpoints.lg}px)`;
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
  .flag-sideWhatsCollapsed [data-island]:not([data-hydrated]) & {
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

export default function SideChat({ label, cta, collapseAfterMs }: SideChatProps) {
  // Hydration renders the server's expanded button; the browser then reads the session flag.
  const collapsedBefore = useSessionFlag(FLAG);
  const [timedOut, setTimedOut] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [closed, setClosed] = useState(false);

  // First view: collapse after collapseAfterMs, counted while the button is on screen (desktop).
  useEffect(() => {
    if (getFlag(FLAG)) return;
    const desktop = typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP) : null;
    let timer: number | undefined;
    const start = () => {
      if (timer !== undefined || (desktop && !desktop.matches)) return;
      timer = window.setTimeout(() => {
        setFlag(FLAG);
        setTimedOut(true);
      }, collapseAfterMs);
    };
    start();
    desktop?.addEventListener('change', start);
    return () => {
      desktop?.removeEventListener('change', start);
      window.clearTimeout(timer);
    };
  }, [collapseAfterMs]);

  if (closed) return null;

  const collapsed = (collapsedBefore || timedOut) && !hovered && !focused;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <aside
      css={wrap}
      aria-label="Botão do WhatsApp"
      data-collapsed={collapsed}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <CtaLink cta={cta} variant="chat" icon={false} extraCss={button}>
        <span css={labelText}>{label}</span>
        {cta.label !== label && <span className="visually-hidden"> – {cta.label}</span>}
        <span css={disc}>
          <Icon name={cta.action === 'phone' ? 'phone' : 'whatsapp'} size={28} />
        </span>
      </CtaLink>
      <button
        type="button"
        css={closeButton}
        aria-label="Fechar botão do WhatsApp"
        onClick={() => setClosed(true)}
      >
        <span>
          <Icon name="close" size={14} />
        </span>
      </button>
    </aside>
  );
}

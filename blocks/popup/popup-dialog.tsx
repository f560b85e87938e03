/**
 * The popup's dialog and its animations. popup.tsx loads this module (and framer-motion
 * with it) only when the popup is about to open, so a page with a popup does not pay for
 * framer-motion before the 30 seconds are up.
 */
import { css } from '@emotion/react';
import { AnimatePresence, LazyMotion, m, MotionConfig, useReducedMotion } from 'framer-motion';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import { colors, fonts, motion as tokens, mq, radii, space } from '../../design/theme.ts';
import { TABBABLE, lockScroll, type BlockProps } from '../../runtime/block-api.ts';
import motionFeatures from './motion-features.ts';
import type { popupSchema } from './popup.schema.ts';

export type PopupDialogProps = Omit<BlockProps<typeof popupSchema>, 'delayMs'> & {
  open: boolean;
  onClose: () => void;
};

const layer = css`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  padding: ${space(2)};
`;

const backdrop = css`
  position: absolute;
  inset: 0;
  background: rgba(6, 26, 51, 0.62);
  backdrop-filter: blur(3px);
  -webkit-backdrop-filter: blur(3px);
`;

const panel = css`
  position: relative;
  width: 100%;
  max-width: 420px;
  max-height: calc(100vh - 32px);
  max-height: calc(100dvh - 32px);
  overflow-y: auto;
  overscroll-behavior: contain;
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: 0 24px 64px rgba(6, 26, 51, 0.35);
  ${mq.md} {
    display: grid;
    grid-template-columns: 260px 1fr;
    max-width: 760px;
  }
  &:focus {
    outline: none;
  }
`;

const art = css`
  position: relative;
  display: grid;
  place-items: center;
  padding: ${space(3)} ${space(2)} ${space(1)};
  background:
    radial-gradient(circle at 18% 22%, rgba(255, 255, 255, 0.9) 0 10px, transparent 11px),
    radial-gradient(circle at 84% 70%, rgba(255, 255, 255, 0.8) 0 7px, transparent 8px),
    radial-gradient(circle at 80% 16%, rgba(14, 165, 198, 0.25) 0 22px, transparent 23px),
    linear-gradient(160deg, ${colors.waterLight}, #c7ebf5);
  ${PICTURE_IMG} {
    width: auto;
    height: 150px;
  }
  ${mq.md} {
    padding: ${space(4)} ${space(2)};
    ${PICTURE_IMG} {
      height: 280px;
    }
  }
`;

const badgeStyle = css`
  position: absolute;
  left: ${space(2)};
  bottom: ${space(2)};
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 12px;
  border-radius: ${radii.pill};
  background: ${colors.navy};
  color: ${colors.white};
  font-family: ${fonts.display};
  font-weight: 600;
  font-size: 0.8125rem;
  svg {
    flex: none;
    width: 16px;
    height: 16px;
  }
  ${mq.md} {
    left: 50%;
    transform: translateX(-50%);
    bottom: ${space(3)};
    white-space: nowrap;
  }
`;

const body = css`
  padding: ${space(3)} ${space(3)} ${space(3)};
  ${mq.md} {
    padding: ${space(5)} ${space(4)} ${space(4)};
  }
`;

const eyebrowStyle = css`
  display: block;
  margin-bottom: ${space(1)};
  font-size: 0.8125rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-family: ${fonts.displayCaps};
  color: ${colors.orange};
`;

const titleStyle = css`
  font-size: clamp(1.375rem, 5vw, 1.75rem);
  margin: 0 0 ${space(1)};
  padding-right: ${space(4)};
`;

const textStyle = css`
  color: ${colors.muted};
  margin: 0 0 ${space(2)};
`;

const priceRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px ${space(1.5)};
  margin: 0 0 ${space(2)};
  s {
    color: ${colors.muted};
    font-size: 1.0625rem;
  }
  strong {
    font-family: ${fonts.display};
    font-size: 2.25rem;
    font-weight: 700;
    line-height: 1;
    color: ${colors.navy};
  }
  .note {
    color: ${colors.waterDark};
    font-family: ${fonts.display};
    font-weight: 600;
    font-size: 0.9375rem;
  }
`;

const couponBox = css`
  display: flex;
  align-items: center;
  gap: ${space(1.5)};
  margin: 0 0 ${space(2.5)};
  padding: ${space(1.5)} ${space(1.5)} ${space(1.5)} ${space(2)};
  border: 2px dashed ${colors.water};
  border-radius: ${radii.md};
  background: ${colors.waterLight};
  p {
    flex: 1;
    margin: 0;
    line-height: 1.35;
    font-size: 0.875rem;
    color: ${colors.ink};
  }
  code {
    display: block;
    font-family: ${fonts.display};
    font-weight: 700;
    font-size: 1.25rem;
    letter-spacing: 0.06em;
    color: ${colors.navy};
  }
`;

const copyButton = css`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 ${space(1.5)};
  border: 1px solid ${colors.waterDark};
  border-radius: ${radii.pill};
  background: ${colors.surface};
  color: ${colors.waterDark};
  font-family: ${fonts.display};
  font-weight: 600;
  font-size: 0.875rem;
  cursor: pointer;
  transition: background-color ${tokens.fast} ${tokens.ease};
  &:hover {
    background: ${colors.surfaceAlt};
  }
  svg {
    flex: none;
    width: 16px;
    height: 16px;
  }
`;

const ctaStyle = css`
  width: 100%;
`;

const noteStyle = css`
  margin: ${space(1.5)} 0 0;
  text-align: center;
  font-size: 0.875rem;
  color: ${colors.muted};
`;

const closeButton = css`
  position: absolute;
  top: ${space(1)};
  right: ${space(1)};
  z-index: 1;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.92);
  color: ${colors.navy};
  box-shadow: 0 1px 4px rgba(6, 26, 51, 0.16);
  cursor: pointer;
  transition: background-color ${tokens.fast} ${tokens.ease};
  &:hover {
    background: ${colors.surfaceAlt};
  }
`;

const EASE = [0.22, 1, 0.36, 1] as const;

/**
 * Passing onUpdate keeps framer's animations on its own frame loop instead of the browser's
 * (WAAPI) clock. The two clocks disagree under a test's fake clock (Playwright's page.clock,
 * vitest's fake timers): the popup would stay transparent and never finish closing.
 */
const onMainThread = () => {};

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapTab(event: ReactKeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export default function PopupDialog({
  open,
  onClose: close,
  eyebrow,
  title,
  text,
  oldPrice,
  price,
  priceNote,
  coupon,
  image,
  badge,
  cta,
  note,
}: PopupDialogProps) {
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();

  // While open: focus inside, Escape closes, the page does not scroll; focus returns on close.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The dialog itself takes focus: screen readers read its title and text, Tab reaches the controls.
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    const unlock = lockScroll();
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      if (previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
    };
  }, [open, close]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copyCode = () => {
    if (!coupon) return;
    navigator.clipboard?.writeText(coupon.code).then(
      () => setCopied(true),
      () => {},
    );
  };

  const fade = reduceMotion ? { duration: 0 } : { duration: 0.2, ease: EASE };
  const pop = reduceMotion ? { duration: 0 } : { duration: 0.3, ease: EASE };

  return (
    <LazyMotion features={motionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <AnimatePresence>
          {open && (
            <div css={layer} key="popup">
              <m.div
                css={backdrop}
                aria-hidden="true"
                data-popup-backdrop=""
                onClick={close}
                onUpdate={onMainThread}
                initial={{ opacity: 0 }}
                animate={{ opacity: 1 }}
                exit={{ opacity: 0 }}
                transition={fade}
              />
              <m.div
                css={panel}
                ref={dialogRef}
                role="dialog"
                aria-modal="true"
                aria-labelledby={titleId}
                aria-describedby={textId}
                tabIndex={-1}
                onKeyDown={trapTab}
                onUpdate={onMainThread}
                initial={{ opacity: 0, scale: 0.94, y: 16 }}
                animate={{ opacity: 1, scale: 1, y: 0 }}
                exit={{ opacity: 0, scale: 0.96, y: 8 }}
                transition={pop}
              >
                <button type="button" css={closeButton} aria-label="Fechar oferta" onClick={close}>
                  <Icon name="close" size={22} />
                </button>
                {image && (
                  <div css={art}>
                    <Picture image={image} sizes="(min-width: 768px) 210px, 113px" />
                    {badge && (
                      <span css={badgeStyle}>
                        <Icon name="truck" size={16} />
                        {badge}
                      </span>
                    )}
                  </div>
                )}
                <div css={body}>
                  <h2 id={titleId} css={titleStyle}>
                    {eyebrow && <span css={eyebrowStyle}>{eyebrow}</span>}
                    {title}
                  </h2>
                  <p id={textId} css={textStyle}>
                    {text}
                  </p>
                  <p css={priceRow}>
                    {oldPrice && (
                      <s>
                        <span className="visually-hidden">de </span>
                        {oldPrice}
                      </s>
                    )}
                    <strong>
                      {oldPrice && <span className="visually-hidden">por </span>}
                      {price}
                    </strong>
                    {priceNote && <span className="note">{priceNote}</span>}
                  </p>
                  {coupon && (
                    <div css={couponBox}>
                      <p>
                        <span className="visually-hidden">Cupom: </span>
                        <code>{coupon.code}</code>
                        {coupon.text}
                      </p>
                      {typeof navigator !== 'undefined' && navigator.clipboard && (
                        <button type="button" css={copyButton} onClick={copyCode}>
                          {copied && <Icon name="check" size={16} />}
                          {copied ? 'Copiado!' : 'Copiar'}
                          <span className="visually-hidden"> o código {coupon.code}</span>
                        </button>
                      )}
                      <span className="visually-hidden" aria-live="polite">
                        {copied ? `Código ${coupon.code} copiado.` : ''}
                      </span>
                    </div>
                  )}
                  <CtaLink
                    cta={cta}
                    variant="primary"
                    extraCss={ctaStyle}
                    // Let the link open and the page script record the click, then close.
                    onClick={() => window.setTimeout(close, 0)}
                  />
                  {note && <p css={noteStyle}>{note}</p>}
                </div>
              </m.div>
            </div>
          )}
        </AnimatePresence>
      </MotionConfig>
    </LazyMotion>
  );
}

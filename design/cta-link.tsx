/**
 * Every call to action of the site: a real <a href> that works before hydration, with
 * middle-click and for screen readers. Chat links open in a new tab (noopener noreferrer)
 * and carry data-track / data-cta, which the page script turns into analytics events.
 */
import { css, type SerializedStyles } from '@emotion/react';
import type { MouseEventHandler, ReactNode } from 'react';
import type { CtaValue } from '../schema/shared.ts';
import { ctaTarget, useSite } from '../runtime/block-api.ts';
import { Icon } from './icons.tsx';
import { colors, fonts, motion, radii, space } from './theme.ts';

export type CtaVariant = 'primary' | 'secondary' | 'light' | 'chat' | 'text';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  min-height: 48px;
  padding: 12px ${space(3)};
  border-radius: ${radii.pill};
  font-family: ${fonts.display};
  font-weight: 600;
  font-size: 1rem;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  border: 2px solid transparent;
  transition:
    background ${motion.fast} ${motion.ease},
    color ${motion.fast} ${motion.ease},
    transform ${motion.fast} ${motion.ease};
  &:hover {
    transform: translateY(-1px);
  }
  &:active {
    transform: none;
  }
`;

export const ctaVariants: Record<CtaVariant, SerializedStyles> = {
  // Deep orange behind white text: 5.2:1.
  primary: css`
    background: ${colors.orange};
    color: ${colors.white};
    box-shadow: 0 6px 16px rgba(194, 65, 12, 0.28);
    &:hover {
      background: ${colors.orangeHover};
    }
  `,
  secondary: css`
    background: transparent;
    color: ${colors.navy};
    border-color: ${colors.navy};
    &:hover {
      background: ${colors.navy};
      color: ${colors.white};
    }
  `,
  // For dark backgrounds.
  light: css`
    background: ${colors.white};
    color: ${colors.navy};
    &:hover {
      background: ${colors.waterLight};
    }
  `,
  // The chat app's green, only on chat-specific floating controls, with dark text.
  chat: css`
    background: ${colors.chat};
    color: ${colors.navyDeep};
    &:hover {
      background: #1ebe5a;
    }
  `,
  text: css`
    min-height: 44px;
    padding: 10px 0;
    border-radius: 0;
    color: ${colors.waterDark};
    text-decoration: underline;
    text-underline-offset: 3px;
  `,
};

/** The primary look for plain links that are not calls to action (the home card, the 404 link). */
export const ctaButton = [base, ctaVariants.primary];

export interface CtaLinkProps {
  cta: CtaValue;
  variant?: CtaVariant;
  /** Show the chat icon before the label (default: on for WhatsApp actions). */
  icon?: boolean;
  /** Marks the footer's chat link, which records the spec's Contato / WhatsApp Click event. */
  footer?: boolean;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children?: ReactNode;
  extraCss?: SerializedStyles;
}

export function CtaLink({
  cta,
  variant = 'primary',
  icon,
  footer,
  className,
  onClick,
  children,
  extraCss,
}: CtaLinkProps) {
  const site = useSite();
  const { href, newTab } = ctaTarget(site, cta);
  const action = cta.action ?? 'whatsapp';
  const showIcon = icon ?? action === 'whatsapp';
  return (
    <a
      href={href}
      css={[base, ctaVariants[variant], extraCss]}
      className={className}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
      data-track={cta.track}
      data-cta={action}
      data-track-footer={footer ? '' : undefined}
      onClick={onClick}
    >
      {showIcon && <Icon name={action === 'phone' ? 'phone' : 'whatsapp'} size={20} />}
      {children ?? cta.label}
      {newTab && <span className="visually-hidden"> (abre em nova aba)</span>}
    </a>
  );
}

/** Shared style fragments for blocks: buttons and section rhythm, from the tokens. */
import { css } from '@emotion/react';
import { colors, fonts, motion, radii, space } from './theme.ts';

/** The orange call to action for plain links (not CTAs): see design/cta-link.tsx for calls to action. */
export const ctaButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  min-height: 48px;
  padding: 12px ${space(3)};
  border-radius: ${radii.pill};
  background: ${colors.orange};
  color: ${colors.white};
  font-family: ${fonts.display};
  font-weight: 600;
  font-size: 1rem;
  line-height: 1.2;
  text-decoration: none;
  box-shadow: 0 6px 16px rgba(194, 65, 12, 0.28);
  transition:
    background ${motion.fast} ${motion.ease},
    transform ${motion.fast} ${motion.ease};
  &:hover {
    background: ${colors.orangeHover};
    transform: translateY(-1px);
  }
  &:active {
    transform: translateY(0);
  }
`;

export const section = css`
  padding: ${space(6)} 0;
  @media (min-width: 768px) {
    padding: ${space(10)} 0;
  }
`;

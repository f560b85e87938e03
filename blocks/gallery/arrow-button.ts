/** The round previous/next button of the gallery carousel and the testimonial slider. */
import { css } from '@emotion/react';
import type { SectionTone } from '../../design/section.tsx';
import { colors, motion } from '../../design/theme.ts';

export const arrowButton = (tone: SectionTone) => css`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  padding: 0;
  border-radius: 50%;
  border: 2px solid ${tone === 'dark' ? 'rgba(255, 255, 255, 0.6)' : colors.navy};
  background: ${tone === 'dark' ? 'transparent' : colors.surface};
  color: ${tone === 'dark' ? colors.white : colors.navy};
  cursor: pointer;
  transition:
    background ${motion.fast} ${motion.ease},
    color ${motion.fast} ${motion.ease};
  &:hover:not([aria-disabled='true']) {
    background: ${tone === 'dark' ? colors.white : colors.navy};
    color: ${tone === 'dark' ? colors.navy : colors.white};
  }
  &[aria-disabled='true'] {
    cursor: default;
    border-color: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.3)' : colors.line};
    color: ${tone === 'dark' ? 'rgba(255, 255, 255, 0.45)' : '#64748b'};
  }
`;

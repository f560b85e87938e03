/**
 * The screens that list things as cards (Prévias compartilhadas, Agendamentos, Pedidos): one
 * column, a list of white cards, each with its title, a muted line or two, its files and its
 * buttons. One style for the three, so they look alike and change together.
 */
import { css } from '@emotion/react';
import { colors, radii, shadows } from '../../../design/theme.ts';

/** The screen: one centred column. Its section headings are the screen's own (`h2`). */
export const cardScreenCss = css`
  max-width: 1000px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`;

/** A section heading of such a screen. */
export const cardSectionTitleCss = css`
  font-size: 1.2rem;
  margin: 24px 0 8px;
`;

/** The list of cards. */
export const cardListCss = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 12px;
`;

/**
 * One card: its `h3` title, `.meta` lines (who, when), `.files` (what it changes) and `.actions`
 * (its buttons, wrapping on a phone).
 */
export const cardCss = css`
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  padding: 14px 16px;
  overflow-wrap: anywhere;
  h3 {
    font-size: 1.05rem;
    margin: 0 0 4px;
    color: ${colors.navy};
  }
  .meta {
    margin: 0 0 6px;
    color: ${colors.muted};
    font-size: 14px;
  }
  .files {
    margin: 0 0 8px;
    padding-left: 20px;
    font-size: 14px;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;

/** A card's state beside its title ("Ativo", "No ar agora", "esperando decisão"): its colours are the screen's. */
export const cardPillCss = css`
  display: inline-block;
  margin-left: 8px;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 600;
`;

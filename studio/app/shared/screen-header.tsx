/**
 * The top of every screen reached from Páginas: the way back ("← Páginas") and the screen's title,
 * on one line that wraps on a phone. One component, so every screen's way back looks, reads and is
 * reached by the keyboard the same way (the link first, then the `h1`).
 *
 *   <ScreenHeader title="Agendamentos" />
 *   <ScreenHeader title="Experimento a" back={{ href: '#/experimentos', label: 'Experimentos' }}>
 *     <a href="#/experimentos">Todos os experimentos</a>
 *   </ScreenHeader>
 *
 * `children` go after the title, on the same line when there is room (secondary links, a count).
 */
import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { buttonCss } from './ui.tsx';

const headerCss = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  margin-bottom: 16px;
  /* The way back looks as the editor's "← Páginas" button (a link: it navigates). */
  > a:first-of-type {
    display: inline-flex;
    align-items: center;
    text-decoration: none;
  }
  h1 {
    font-size: 1.6rem;
    overflow-wrap: anywhere;
  }
`;

/** Where "←" leads: Páginas unless said otherwise. */
export interface ScreenBack {
  href: string;
  label: string;
}

export const BACK_TO_PAGES: ScreenBack = { href: '#/', label: 'Páginas' };

export function ScreenHeader({
  title,
  back = BACK_TO_PAGES,
  children,
}: {
  /** The screen's `h1`. */
  title: ReactNode;
  back?: ScreenBack;
  children?: ReactNode;
}) {
  return (
    <header css={headerCss}>
      <a href={back.href} css={buttonCss('quiet')}>
        ← {back.label}
      </a>
      <h1>{title}</h1>
      {children}
    </header>
  );
}

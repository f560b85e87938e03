/** The Estúdio's few shared pieces: buttons, a modal dialog, a message line, the global styles. */
import { useEffect, useRef, useSyncExternalStore, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { css, Global } from '@emotion/react';
import { fontBaseName, fontFaceCss } from '../../../design/fonts.ts';
import { colors, fonts, radii, shadows } from '../../../design/theme.ts';

/**
 * The Estúdio's phone width: below 700 px the screens stack and every control is a finger's size
 * (44 px; decision 0055). `PHONE_QUERY` for matchMedia, `ON_PHONE` inside an emotion style.
 */
export const PHONE_QUERY = '(max-width: 699px)';
export const ON_PHONE = `@media ${PHONE_QUERY}`;

export function GlobalStyles() {
  return (
    <Global
      styles={css`
        ${fontFaceCss((font) => `/assets/fonts/${fontBaseName(font)}.woff2`)}
        *,
        *::before,
        *::after {
          box-sizing: border-box;
        }
        html,
        body,
        #estudio {
          height: 100%;
          margin: 0;
        }
        body {
          font-family: ${fonts.body};
          color: ${colors.ink};
          background: ${colors.surfaceAlt};
          font-size: 15px;
          line-height: 1.5;
        }
        h1,
        h2,
        h3 {
          font-family: ${fonts.display};
          color: ${colors.navy};
          margin: 0;
        }
        a {
          color: ${colors.waterDark};
        }
        :focus-visible {
          outline: 3px solid ${colors.focus};
          outline-offset: 2px;
        }
        /* A finger's size on a phone: every field and list at least 44 px high. */
        ${ON_PHONE} {
          input:not([type='checkbox'], [type='radio'], [type='file'], [type='hidden']),
          select {
            min-height: 44px;
          }
          /* A details' toggle: the whole row taps, 44 px high, its words (and marker) centred in it
             (align-content centres a block's lines). A screen's own summary style keeps its look on
             a wide screen; one that sets its width keeps it here too unless it says otherwise. */
          summary {
            min-height: 44px;
            align-content: center;
          }
        }
        .visually-hidden {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip-path: inset(50%);
          white-space: nowrap;
        }
      `}
    />
  );
}

export const buttonCss = (tone: 'primary' | 'secondary' | 'danger' | 'quiet') => css`
  font: 600 14px/1.2 ${fonts.display};
  min-height: 36px;
  padding: 8px 14px;
  /* A finger's size on a phone. */
  ${ON_PHONE} {
    min-height: 44px;
  }
  border-radius: ${radii.pill};
  cursor: pointer;
  white-space: nowrap;
  border: 1px solid
    ${tone === 'primary' ? colors.orange : tone === 'danger' ? colors.orangeHover : colors.line};
  background: ${tone === 'primary' ? colors.orange : tone === 'quiet' ? 'transparent' : colors.white};
  color: ${tone === 'primary' ? colors.white : tone === 'danger' ? colors.orangeHover : colors.navy};
  /* Only where a pointer hovers: after a tap, a touch screen keeps the last button "hovered". */
  @media (hover: hover) {
    &:hover:not(:disabled) {
      background: ${tone === 'primary' ? colors.orangeHover : colors.waterLight};
    }
  }
  &:disabled {
    cursor: default;
    color: ${colors.muted};
    background: ${colors.line};
    border-color: ${colors.line};
  }
  /* Selected (a toggle such as the preview's "Celular"): navy with white text in every state. The
     hover rule above is more specific, so hover and focus are spelled out here: a tap leaves the
     button hovered and focused, and it once showed white text on the hover's pale blue. */
  &[aria-pressed='true'],
  &[aria-pressed='true']:hover:not(:disabled),
  &[aria-pressed='true']:focus,
  &[aria-pressed='true']:active {
    background: ${colors.navy};
    border-color: ${colors.navy};
    color: ${colors.white};
  }
  &[aria-pressed='true']:hover:not(:disabled) {
    background: ${colors.blue};
  }
  /* The focus ring is separated from a dark button by a white gap: ≥ 3:1 against both. */
  &[aria-pressed='true']:focus-visible {
    box-shadow: 0 0 0 2px ${colors.white};
  }
`;

export function Button({
  tone = 'secondary',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'primary' | 'secondary' | 'danger' | 'quiet' }) {
  return <button type="button" css={buttonCss(tone)} {...props} />;
}

/**
 * A dialog that always shows its buttons: it is never taller than the part of the screen the
 * visitor sees (the visual viewport: an on-screen keyboard takes the rest), it scrolls inside, and
 * its row of buttons (`actionsCss`) stays stuck to its bottom edge while the rest scrolls. On a
 * phone it sits at the top of the visible area, full width: a centred dialog in a page wider than
 * the screen, or under a keyboard, once had its button below the screen. `--visible-top` and
 * `--visible-height` come from `window.visualViewport` (see `useVisibleArea`); without it, `dvh`.
 */
const dialogCss = css`
  border: 0;
  border-radius: ${radii.md};
  box-shadow: ${shadows.raised};
  padding: 24px 24px 0;
  width: min(640px, calc(100vw - 32px));
  max-width: none;
  max-height: calc(min(100dvh, var(--visible-height, 100dvh)) - 64px);
  overflow: auto;
  overscroll-behavior: contain;
  color: ${colors.ink};
  &::backdrop {
    background: rgba(6, 26, 51, 0.45);
  }
  h2 {
    font-size: 1.25rem;
    margin-bottom: 12px;
  }
  /* The title's own place, whatever a screen's rule for its h2s says (a dialog is rendered inside
     its screen: Pedidos' and Agendamentos' section headings pushed it 24 px down). */
  > h2#dialogo-titulo {
    margin: 0 0 12px;
  }
  /* A touch screen: near the top, where the keyboard that comes up never covers it. */
  @media (pointer: coarse) {
    margin: calc(var(--visible-top, 0px) + 32px) auto auto;
  }
  @media (max-width: 600px) {
    width: calc(100vw - 16px);
    margin: calc(var(--visible-top, 0px) + 8px) auto auto;
    max-height: calc(min(100dvh, var(--visible-height, 100dvh)) - 16px);
    padding: 16px 16px 0;
  }
`;

/**
 * The visual viewport's top and height as CSS variables on `element` (what is left above an
 * on-screen keyboard, and where it is when the page scrolled under it), kept up to date.
 */
function useVisibleArea(ref: { current: HTMLElement | null }) {
  useEffect(() => {
    const element = ref.current;
    const visible = window.visualViewport;
    if (!element || !visible) return;
    const update = () => {
      element.style.setProperty('--visible-top', `${visible.offsetTop}px`);
      element.style.setProperty('--visible-height', `${visible.height}px`);
    };
    update();
    visible.addEventListener('resize', update);
    visible.addEventListener('scroll', update);
    return () => {
      visible.removeEventListener('resize', update);
      visible.removeEventListener('scroll', update);
    };
  }, [ref]);
}

/**
 * A native modal <dialog>: the browser keeps focus inside and closes it on Escape; focus goes back
 * to what had it before (the button that opened it) when it closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useVisibleArea(ref);
  useEffect(() => {
    const dialog = ref.current!;
    // Focus goes back where it was when the dialog closes. The browser does this only for a dialog
    // closed in place; this one leaves the page with its component (removed while still open).
    const opener = document.activeElement;
    dialog.showModal();
    return () => {
      dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected && !document.querySelector('dialog[open]'))
        opener.focus();
    };
  }, []);
  useEffect(() => {
    // A field focused inside (the keyboard comes up): once the visible area has shrunk, the
    // field and the buttons under it are scrolled into the dialog's view.
    const dialog = ref.current!;
    const visible = window.visualViewport;
    if (!visible) return;
    const onResize = () => {
      const field = document.activeElement;
      if (field instanceof HTMLElement && dialog.contains(field) && field.matches('input, textarea, select'))
        field.scrollIntoView({ block: 'nearest' });
    };
    visible.addEventListener('resize', onResize);
    return () => visible.removeEventListener('resize', onResize);
  }, []);
  return (
    <dialog
      ref={ref}
      css={[dialogCss, wide && { width: 'min(1100px, calc(100vw - 16px))' }]}
      aria-labelledby="dialogo-titulo"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="dialogo-titulo">{title}</h2>
      {children}
    </dialog>
  );
}

export const fieldCss = css`
  display: grid;
  gap: 4px;
  margin-bottom: 16px;
  label {
    font: 600 14px/1.4 ${fonts.display};
    color: ${colors.navy};
  }
  /* Not a checkbox: its label takes the tap (Públicos' gclid was a box 24 wide and 44 high). */
  input:not([type='checkbox'], [type='radio']),
  select {
    font: inherit;
    padding: 8px 10px;
    border: 1px solid ${colors.disabled};
    border-radius: ${radii.sm};
    min-height: 44px;
  }
  /* A phone zooms the page into a field whose text is under 16 px. */
  @media (max-width: 600px) {
    input,
    select,
    textarea {
      font-size: 16px;
    }
  }
  small {
    color: ${colors.muted};
  }
`;

/**
 * A schedule's day and hour fields (and the publish dialog's name beside them): one look for
 * Agendamentos' Alterar horário, the requests' times (schedule-times.tsx) and Publicar's Agendar
 * (publicar/schedule-fields.tsx). Used inside a selector: `input { ${scheduleInputCss} }`.
 */
export const scheduleInputCss = css`
  font: inherit;
  padding: 6px 8px;
  min-height: 36px;
  /* A finger's size on a phone, as every field. */
  ${ON_PHONE} {
    min-height: 44px;
  }
  box-sizing: border-box;
  border-radius: ${radii.sm};
  border: 1px solid ${colors.disabled};
  background: ${colors.white};
  color: ${colors.ink};
`;

/** Text shown as it is, a command's output or a file: monospaced, scrolled when long. */
export const preCss = css`
  font:
    12.5px/1.5 ui-monospace,
    Menlo,
    monospace;
  background: ${colors.surfaceAlt};
  border: 1px solid ${colors.line};
  border-radius: ${radii.sm};
  padding: 10px 12px;
  max-height: 40vh;
  overflow: auto;
  white-space: pre-wrap;
  word-break: break-word;
  margin: 0 0 16px;
`;

export const actionsCss = css`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  flex-wrap: wrap;
  /* A dialog's closing row (the last thing in it or in its form): stuck to its bottom edge while
     the rest scrolls (see dialogCss). A row of buttons in the middle stays where it is. */
  dialog &:last-child {
    position: sticky;
    bottom: 0;
    z-index: 1;
    margin: 0 -24px;
    padding: 12px 24px 16px;
    background: ${colors.white};
    border-top: 1px solid ${colors.line};
  }
  @media (max-width: 600px) {
    dialog &:last-child {
      margin: 0 -16px;
      padding: 10px 16px 12px;
    }
    /* Thumb-sized, the main action last and widest. */
    dialog &:last-child > button {
      min-height: 44px;
      flex: 1 1 auto;
    }
  }
`;

/** A line that screen readers announce: errors in orange, the rest in muted text. */
export function Message({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      css={css`
        margin: 0 0 12px;
        color: ${tone === 'error' ? colors.orangeHover : colors.muted};
        font-weight: ${tone === 'error' ? 600 : 400};
      `}
    >
      {children}
    </p>
  );
}

/** Whether a media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

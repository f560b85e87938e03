/** The Estúdio's few shared pieces: buttons, a modal dialog, a message line, the global styles. */
import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { css, Global } from '@emotion/react';
import { fontBaseName, fontFaceCss } from '../../design/fonts.ts';
import { colors, fonts, radii, shadows } from '../../design/theme.ts';

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

const buttonCss = (tone: 'primary' | 'secondary' | 'danger' | 'quiet') => css`
  font: 600 14px/1.2 ${fonts.display};
  min-height: 36px;
  padding: 8px 14px;
  border-radius: ${radii.pill};
  cursor: pointer;
  white-space: nowrap;
  border: 1px solid
    ${tone === 'primary' ? colors.orange : tone === 'danger' ? colors.orangeHover : colors.line};
  background: ${tone === 'primary' ? colors.orange : tone === 'quiet' ? 'transparent' : colors.white};
  color: ${tone === 'primary' ? colors.white : tone === 'danger' ? colors.orangeHover : colors.navy};
  &:hover:not(:disabled) {
    background: ${tone === 'primary' ? colors.orangeHover : colors.waterLight};
  }
  &:disabled {
    cursor: default;
    color: ${colors.muted};
    background: ${colors.line};
    border-color: ${colors.line};
  }
  &[aria-pressed='true'] {
    background: ${colors.navy};
    border-color: ${colors.navy};
    color: ${colors.white};
  }
`;

export function Button({
  tone = 'secondary',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'primary' | 'secondary' | 'danger' | 'quiet' }) {
  return <button type="button" css={buttonCss(tone)} {...props} />;
}

const dialogCss = css`
  border: 0;
  border-radius: ${radii.md};
  box-shadow: ${shadows.raised};
  padding: 24px;
  width: min(640px, calc(100vw - 32px));
  max-height: calc(100vh - 64px);
  color: ${colors.ink};
  &::backdrop {
    background: rgba(6, 26, 51, 0.45);
  }
  h2 {
    font-size: 1.25rem;
    margin-bottom: 12px;
  }
`;

/** A native modal <dialog>: the browser keeps focus inside and closes it on Escape. */
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
  useEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      css={[dialogCss, wide && { width: 'min(1100px, calc(100vw - 32px))' }]}
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
  input,
  select {
    font: inherit;
    padding: 8px 10px;
    border: 1px solid ${colors.disabled};
    border-radius: ${radii.sm};
  }
  small {
    color: ${colors.muted};
  }
`;

export const actionsCss = css`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  flex-wrap: wrap;
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

/**
 * "Mais": the editor bar's less frequent actions (Histórico, Compartilhar prévia) behind one button
 * on a phone, so the bar keeps to two lines at 375 px. A disclosure, not an ARIA menu: the button
 * says whether it is open (`aria-expanded`), its items are ordinary links and buttons reached with
 * Tab, the first is focused when it opens, Escape closes it and gives focus back to the button, and
 * so does a click or a focus anywhere else. `[data-more-menu] > button` is "Mais" (focus goes back to
 * it when an item's dialog closes, the item being gone with the menu).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import { Button } from '../../shared/ui.tsx';

const menuCss = css`
  position: relative;
  .panel {
    position: absolute;
    right: 0;
    top: calc(100% + 4px);
    z-index: 20;
    display: grid;
    min-width: 200px;
    padding: 6px;
    background: ${colors.white};
    border: 1px solid ${colors.line};
    border-radius: ${radii.md};
    box-shadow: ${shadows.raised};
  }
  .panel[hidden] {
    display: none;
  }
  .panel > * {
    display: flex;
    align-items: center;
    justify-content: flex-start;
    width: 100%;
    min-height: 44px;
    padding: 8px 12px;
    text-align: left;
    /* A link and a button alike: one list of actions. */
    font: 600 14px/1.2 ${fonts.display};
    color: ${colors.navy};
    text-decoration: none;
    background: transparent;
    border: 0;
    border-radius: ${radii.sm};
    cursor: pointer;
  }
  .panel > *:hover {
    background: ${colors.surfaceAlt};
  }
`;

export function MoreMenu({
  label = 'Mais',
  className,
  children,
}: {
  label?: string;
  className?: string;
  /** The items; `close` shuts the menu (an item that opens a dialog calls it first). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('.panel a, .panel button')?.focus();
    const outside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  return (
    <div
      css={menuCss}
      className={className}
      ref={root}
      data-more-menu
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          root.current?.querySelector<HTMLElement>(':scope > button')?.focus();
        }
      }}
    >
      <Button aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Button>
      <div className="panel" id={id} hidden={!open}>
        {open && children(close)}
      </div>
    </div>
  );
}

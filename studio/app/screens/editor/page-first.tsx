/**
 * The editor opens on the page (issue 37): what is beside it (the code, the block's form, the
 * structure) is one tab away and remembered per person, and a first-time hint says that the page
 * itself takes clicks and typing. Kept in this browser's localStorage; in hosted mode under the
 * signed-in account's e-mail, so two people sharing a browser keep their own choice.
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type { MeAnswer } from '../../../api.ts';
import { ON_PHONE } from '../../shared/ui.tsx';

export const VIEWS = [
  { id: 'pagina', label: 'Página', short: 'Página' },
  { id: 'codigo', label: 'Código', short: 'Código' },
  { id: 'formulario', label: 'Formulário do bloco', short: 'Formulário' },
  { id: 'estrutura', label: 'Estrutura', short: 'Estrutura' },
] as const;
export type ViewId = (typeof VIEWS)[number]['id'];

const PANEL_KEY = 'estudio:painel';
const HINT_KEY = 'estudio:dica-clique-no-texto';

/** The storage key of one person: per account in hosted mode, per browser in local mode. */
const personal = (key: string, me: MeAnswer | null | undefined) =>
  me && me.mode !== 'local' && me.email ? `${key}:${me.email.trim().toLowerCase()}` : key;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage: the choice lasts while the page is open.
  }
}
const isView = (value: string | null): value is ViewId => VIEWS.some((v) => v.id === value);

/**
 * The view shown (the page alone, or the page with a panel), starting from the person's last
 * choice (the page, the first time). `choose` is a choice of the person's, remembered; `show`
 * opens a panel for the moment (a click on a block opens its form) without changing what is
 * remembered.
 */
export function useView(me: MeAnswer | null | undefined) {
  const key = personal(PANEL_KEY, me);
  // Hosted, the account is known a moment after the editor opens: its own choice then applies.
  const stored = useMemo(() => read(key), [key]);
  const [picked, setPicked] = useState<ViewId>();
  const view: ViewId = picked ?? (isView(stored) ? stored : 'pagina');
  const choose = useCallback(
    (next: ViewId) => {
      setPicked(next);
      write(key, next);
    },
    [key],
  );
  return { view, choose, show: setPicked };
}

/** The first-time hint: shown until dismissed or until the person has edited a text on the page. */
export function useClickHint(me: MeAnswer | null | undefined) {
  const key = personal(HINT_KEY, me);
  const seen = useMemo(() => read(key) !== null, [key]);
  const [dismissed, setDismissed] = useState(false);
  const dismiss = useCallback(() => {
    setDismissed(true);
    write(key, new Date().toISOString());
  }, [key]);
  return { shown: !seen && !dismissed, dismiss };
}

/** Whether a media query matches now, following it as the window changes. */
export function useMatches(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

const hintCss = css`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  margin: 0;
  padding: 4px 4px 4px 12px;
  border-radius: ${radii.sm};
  background: ${colors.waterLight};
  color: ${colors.navy};
  font: 500 14px/1.3 ${fonts.body};
  .words {
    min-width: 0;
  }
  button {
    flex: none;
    min-height: 36px;
    /* A finger's size on a phone. */
    ${ON_PHONE} {
      min-height: 44px;
    }
    padding: 0 12px;
    border: 0;
    border-radius: ${radii.sm};
    background: none;
    color: ${colors.navy};
    font: 600 14px/1 ${fonts.display};
    text-decoration: underline;
    cursor: pointer;
  }
`;

export function ClickHint({ onDismiss, className }: { onDismiss: () => void; className?: string }) {
  return (
    <p css={hintCss} className={className} role="note" data-click-hint>
      <span className="words">
        <strong>Dica:</strong> clique num texto para mudar, ali mesmo na página (pelo teclado: Tab até ele e
        Enter).
      </span>
      <button type="button" onClick={onDismiss}>
        Entendi
      </button>
    </p>
  );
}

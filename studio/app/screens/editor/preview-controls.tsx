/**
 * Beside the preview: the "Estado" control (which state a visitor can meet the page shows) and
 * the "Eventos" strip (the analytics events the page would have sent, newest first). The
 * preview frame runs the page's own script and reports the events instead of sending them.
 */
import { css } from '@emotion/react';
import { useId } from 'react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import { PREVIEW_STATES, type PreviewStateId } from '../../preview/states.ts';
import { ON_PHONE } from '../../shared/ui.tsx';

export interface PageEvent {
  seq: number;
  at: number;
  event: Record<string, unknown>;
}

const stateCss = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font: 600 14px/1.4 ${fonts.body};
  select {
    min-width: 0;
    text-overflow: ellipsis;
    min-height: 40px;
    /* A finger's size on a phone. */
    ${ON_PHONE} {
      min-height: 44px;
    }
    padding: 6px 10px;
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    background: ${colors.white};
    color: ${colors.ink};
    font: 400 14px/1.4 ${fonts.body};
  }
`;

export function StateControl({
  value,
  onChange,
}: {
  value: PreviewStateId;
  onChange: (state: PreviewStateId) => void;
}) {
  const id = useId();
  return (
    <span css={stateCss} data-state-control="">
      <label htmlFor={id}>Estado</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as PreviewStateId)}>
        {PREVIEW_STATES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </select>
    </span>
  );
}

const stripCss = css`
  flex: none;
  max-height: 9.5em;
  @media (max-width: 700px) {
    max-height: 5.5em;
  }
  overflow: auto;
  border: 1px solid ${colors.line};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  font: 400 13px/1.5 ${fonts.body};
  .head {
    margin: 0;
    padding: 6px 10px;
    font: 600 12px/1.4 ${fonts.display};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${colors.muted};
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
  }
  .head button {
    font: 600 12px/1.4 ${fonts.body};
    text-transform: none;
    letter-spacing: 0;
    background: none;
    border: 0;
    color: ${colors.waterDark};
    text-decoration: underline;
    cursor: pointer;
    min-height: 32px;
    /* A finger's size on a phone. */
    ${ON_PHONE} {
      min-height: 44px;
    }
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0 10px 8px;
  }
  li {
    padding: 3px 0;
    border-top: 1px solid ${colors.line};
    overflow-wrap: anywhere;
  }
  code {
    font:
      600 13px/1.5 ui-monospace,
      monospace;
    color: ${colors.navy};
  }
  p {
    margin: 0;
    padding: 0 10px 8px;
    color: ${colors.muted};
  }
`;

/** The event's name and what names the click: section (the block's tracking name) and action. */
function describe(event: Record<string, unknown>): { name: string; details: string } {
  const { event: name, page_path: _path, page_title: _title, ...rest } = event;
  const details = Object.entries(rest)
    .filter(([, v]) => v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');
  return { name: String(name), details };
}

export function EventsStrip({ events, onClear }: { events: PageEvent[]; onClear: () => void }) {
  return (
    <section css={stripCss} aria-label="Eventos que a página enviaria">
      <div className="head">
        Eventos (não enviados na prévia)
        {events.length > 0 && (
          <button type="button" onClick={onClear}>
            Limpar
          </button>
        )}
      </div>
      {events.length === 0 ? (
        <p>Clique num botão da prévia para ver o evento que ele enviaria ao Google Analytics.</p>
      ) : (
        <ol aria-live="polite" data-testid="eventos">
          {[...events].reverse().map(({ seq, event }) => {
            const { name, details } = describe(event);
            return (
              <li key={seq}>
                <code>{name}</code>
                {details && <> · {details}</>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

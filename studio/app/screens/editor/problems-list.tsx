/**
 * The problems of the last preview, in the words of `npm run check` (message, then what to do).
 * A problem in this file moves the cursor to it; one in a base page names that file.
 */
import { css } from '@emotion/react';
import { colors, fonts } from '../../../../design/theme.ts';
import type { DraftProblem } from '../../../../runtime/dev/index.ts';

const listCss = css`
  max-height: 32vh;
  overflow: auto;
  border-top: 1px solid ${colors.line};
  background: ${colors.surfaceAlt};
  h2 {
    font: 600 14px/1.4 ${fonts.display};
    padding: 8px 12px 4px;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0 8px 8px;
  }
  button {
    all: unset;
    display: block;
    width: 100%;
    box-sizing: border-box;
    padding: 6px 8px;
    border-radius: 6px;
    cursor: pointer;
  }
  button:hover {
    background: ${colors.orangeLight};
  }
  button:focus-visible {
    outline: 3px solid ${colors.focus};
  }
  .where {
    font:
      600 12px/1.4 ui-monospace,
      Menlo,
      monospace;
    color: ${colors.orangeHover};
  }
  .hint {
    display: block;
    color: ${colors.muted};
    font-size: 13px;
  }
  p.ok {
    margin: 0;
    padding: 8px 12px;
    color: ${colors.waterDark};
  }
`;

export function ProblemsList({
  problems,
  file,
  onGo,
}: {
  problems: readonly DraftProblem[];
  file: string;
  onGo: (problem: DraftProblem) => void;
}) {
  return (
    <section css={listCss} aria-label="Problemas da página">
      {problems.length === 0 ? (
        <p className="ok" role="status">
          Nenhum problema: a página pode ser salva e publicada.
        </p>
      ) : (
        <>
          <h2 role="status">{problems.length === 1 ? '1 problema' : `${problems.length} problemas`}</h2>
          <ol>
            {problems.map((p, i) => {
              const here = p.loc.file === file;
              const body = (
                <>
                  <span className="where">
                    {here ? '' : `${p.loc.file} · `}linha {p.loc.line}, coluna {p.loc.column}
                  </span>{' '}
                  {p.message}
                  {p.hint && <span className="hint">{p.hint}</span>}
                </>
              );
              return (
                <li key={i}>
                  {here ? (
                    <button type="button" onClick={() => onGo(p)}>
                      {body}
                    </button>
                  ) : (
                    <div css={{ padding: '6px 8px' }}>{body}</div>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/**
 * Histórico's scheduled versions of a page (issue 38): each schedule that changes, creates or
 * removes it, as a version with its times ("Entra no lugar da atual em 20/12/2026 às 00:00, até
 * 26/12/2026 às 00:00"), who scheduled it, and the way to Agendamentos. The newest first: what is
 * coming above what ended.
 */
import { css } from '@emotion/react';
import { colors, radii, shadows } from '../../../../design/theme.ts';
import type { ScheduleInfo, SchedulesAnswer } from '../../../schedules-api.ts';
import { scheduleName } from '../../shared/schedules-client.ts';

const listCss = css`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  overflow: hidden;
  li {
    padding: 10px 14px;
    border-bottom: 1px solid ${colors.line};
    border-left: 4px solid ${colors.orange};
  }
  li:last-child {
    border-bottom: 0;
  }
  .what {
    font-weight: 600;
    color: ${colors.navy};
  }
  .who {
    display: block;
    color: ${colors.muted};
    font-size: 14px;
  }
`;

function versionWords(s: ScheduleInfo, file: string): string {
  const kind = s.files.find((f) => f.file === file)?.kind ?? 'muda';
  const until = s.endWords ? `, até ${s.endWords}` : '';
  const what =
    kind === 'cria'
      ? 'Página criada'
      : kind === 'remove'
        ? 'Página tirada do ar'
        : 'Versão agendada da página';
  const verb =
    s.state === 'encerrado'
      ? s.endWords
        ? `esteve no ar de ${s.startWords} a ${s.endWords}`
        : `entrou no ar em ${s.startWords}`
      : s.state === 'no-ar'
        ? `no ar desde ${s.startWords}${until}`
        : `entra no ar em ${s.startWords}${until}`;
  return `${what}: ${verb} (horário de São Paulo)`;
}

/** `list`: the site's schedules, asked by the screen with the history (both shown at once). */
export function ScheduledVersions({ file, list }: { file: string; list: SchedulesAnswer }) {
  const touches = (s: ScheduleInfo) => s.files.some((f) => f.file === file);
  const found = [...list.upcoming.filter(touches).reverse(), ...list.ended.filter(touches)];
  if (found.length === 0) return null;
  return (
    <section aria-labelledby="versoes-agendadas" data-scheduled-versions>
      <h2 id="versoes-agendadas" css={{ fontSize: '1.1rem', margin: '0 0 8px' }}>
        Versões agendadas
      </h2>
      <ol css={listCss}>
        {found.map((s) => (
          <li key={s.id} data-schedule={s.id}>
            <span className="what">{versionWords(s, file)}.</span>
            <span className="who">
              {s.note ? `${s.note} · ` : ''}
              {scheduleName(s)}
              {s.by && s.when ? ` · agendado por ${s.by} em ${s.when}` : ''} ·{' '}
              <a href="#/agendamentos">Ver em Agendamentos</a>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The editor's banner on a page that has a scheduled change (issue 38): "Esta página muda em
 * 20/12/2026 às 00:00 (agendamento natal)", with the way to Agendamentos; and, after Editar, that
 * the saved text is the schedule's, to be scheduled again under the same name.
 */
import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type { SchedulesAnswer } from '../../../schedules-api.ts';
import {
  changeInWords,
  editedSchedule,
  scheduleName,
  schedulesApi,
  schedulesOf,
} from '../../shared/schedules-client.ts';

/** A full-width line of the editor's bar, under its buttons (like who else is editing). */
const bannerCss = css`
  flex-basis: 100%;
  font-size: 14px;
  padding: 6px 12px;
  border-radius: ${radii.sm};
  border: 1px solid ${colors.orange};
  background: ${colors.orangeLight};
  color: ${colors.navy};
  font-family: ${fonts.body};
  p {
    margin: 0;
  }
  p + p {
    margin-top: 4px;
  }
`;

export function ScheduledBanner({ file }: { file: string }) {
  const [list, setList] = useState<SchedulesAnswer>();
  useEffect(() => {
    // Outside git there is nothing scheduled: no banner.
    schedulesApi.list().then(setList, () => setList(undefined));
  }, [file]);
  const found = schedulesOf(list, file);
  const edited = editedSchedule.get();
  const editing =
    edited && list?.upcoming.some((s) => s.id === edited.id && s.files.some((f) => f.file === file));
  if (found.length === 0) return null;
  return (
    <div css={bannerCss} role="status" data-scheduled-banner>
      {found.map((s) => (
        <p key={s.id}>
          <strong>{changeInWords(s, file)}.</strong>{' '}
          {editing && edited.id === s.id
            ? `O texto salvo aqui é o do ${scheduleName(s)}: ao publicar, escolha “Agendar” para substituí-lo.`
            : 'Publicar esta página agora não muda o agendamento: na hora marcada, a versão agendada entra no lugar.'}{' '}
          <a href="#/agendamentos">Ver em Agendamentos</a>
        </p>
      ))}
    </div>
  );
}

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
import { useCan } from '../../shared/role.ts';
import { usePublishAsks } from '../../shared/publish-words.ts';
import { ScheduleShareButton } from '../previas/index.ts';

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
  .line + .line {
    margin-top: 4px;
  }
`;

export function ScheduledBanner({ file }: { file: string }) {
  const [list, setList] = useState<SchedulesAnswer>();
  // Every role may share a preview (decision 0048); unknown yet: shown, as before roles.
  const mayShare = useCan('share') !== false;
  const asks = usePublishAsks();
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
      {found.map((s) => {
        // The scheduled version of this page, as a link for someone without an account.
        const scheduled = s.files.find((f) => f.file === file);
        const route = mayShare && scheduled && scheduled.kind !== 'remove' ? scheduled.route : null;
        return (
          // A div, not a p: the share button's dialog goes inside it.
          <div key={s.id} className="line">
            <strong>{changeInWords(s, file)}.</strong>{' '}
            {editing && edited.id === s.id
              ? `O texto salvo aqui é o do ${scheduleName(s)}: ao publicar, escolha “Agendar” para substituí-lo.`
              : `${asks ? 'Pedir a publicação desta página' : 'Publicar esta página'} agora não muda o agendamento: na hora marcada, a versão agendada entra no lugar.`}{' '}
            <a href="#/agendamentos">Ver em Agendamentos</a>
            {route !== null && (
              <>
                {' '}
                <ScheduleShareButton
                  file={file}
                  route={route}
                  schedule={{ id: s.id, words: scheduleName(s) }}
                />
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

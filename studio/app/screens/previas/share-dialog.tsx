/**
 * "Compartilhar prévia": a link to the page as saved now (or as a scheduled change will make it),
 * for anyone, without an account; an expiry of 1, 7 (default) or 30 days. The whole address is
 * shown once: the Estúdio keeps only its hash (decision 0050). In local mode the dialog says that
 * sharing needs the hosted Estúdio.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { css } from '@emotion/react';
import { colors } from '../../../../design/theme.ts';
import {
  DEFAULT_SHARE_DAYS,
  SHARE_DAYS,
  type ShareAnswer,
  type ShareDays,
  type SharedPreviewsAnswer,
} from '../../../shared-previews-api.ts';
import { when } from '../../shared/dates.ts';
import { actionsCss, Button, Dialog, fieldCss, Message } from '../../shared/ui.tsx';
import { previewsApi } from './previews-client.ts';

const DAY_WORDS: Record<ShareDays, string> = { 1: '1 dia', 7: '7 dias', 30: '30 dias' };

const dialogBodyCss = css`
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 16px;
  }
  legend {
    font-weight: 600;
    color: ${colors.navy};
    margin-bottom: 6px;
  }
  .days {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 20px;
  }
  .days label {
    display: flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
  }
  .link-row {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
  }
  .link-row input {
    flex: 1 1 240px;
    min-width: 0;
  }
`;

export function ShareDialog({
  file,
  route,
  schedule,
  onClose,
}: {
  file: string;
  route: string;
  schedule?: { id: string; words: string };
  onClose: () => void;
}) {
  const [state, setState] = useState<SharedPreviewsAnswer>();
  const [days, setDays] = useState<ShareDays>(DEFAULT_SHARE_DAYS);
  const [made, setMade] = useState<ShareAnswer>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    previewsApi
      .list(file)
      .then(setState, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [file]);
  useEffect(() => {
    if (made) linkRef.current?.select();
  }, [made]);

  const share = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setMade(await previewsApi.share({ file, days, ...(schedule ? { schedule: schedule.id } : {}) }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied(true);
    } catch {
      linkRef.current?.select();
    }
  };
  const active = state?.links.filter(
    (l) => l.state === 'ativo' && (l.schedule ?? '') === (schedule?.id ?? ''),
  );

  return (
    <Dialog title={`Compartilhar prévia de ${route}`} onClose={onClose}>
      <div css={dialogBodyCss} data-share-dialog>
        {state && !state.available ? (
          <Message tone="info">{state.reason}</Message>
        ) : made ? (
          <>
            <p>
              Pronto. Quem abrir este link vê {route} como ficou salva
              {schedule ? ` no ${schedule.words}` : ''}, sem entrar no Estúdio e sem poder mudar nada, até{' '}
              {when(made.link.expiresAt)}.
            </p>
            <div css={fieldCss}>
              <label htmlFor="previa-link">Link da prévia</label>
              <div className="link-row">
                <input
                  id="previa-link"
                  ref={linkRef}
                  readOnly
                  value={made.url}
                  onFocus={(e) => e.target.select()}
                />
                <Button tone="primary" onClick={() => void copy()}>
                  {copied ? 'Copiado' : 'Copiar link'}
                </Button>
              </div>
            </div>
            <Message tone="info">
              Copie o link agora: por segurança, o Estúdio não o mostra de novo. Se ele for parar com quem não
              devia, revogue-o em Prévias compartilhadas.
            </Message>
          </>
        ) : (
          <>
            <p>
              Um link para quem não tem conta no Estúdio (a gerência, o jurídico, o cliente) ver{' '}
              {schedule ? `a mudança do ${schedule.words}` : 'a versão salva desta página'} antes de ela ir
              para o site, em qualquer tela. A pessoa pode deixar um comentário, que aparece em Prévias
              compartilhadas. Mudanças salvas depois não entram no link: compartilhe de novo.
            </p>
            <fieldset>
              <legend>O link vale por</legend>
              <div className="days">
                {SHARE_DAYS.map((d) => (
                  <label key={d}>
                    <input type="radio" name="previa-dias" checked={days === d} onChange={() => setDays(d)} />
                    {DAY_WORDS[d]}
                  </label>
                ))}
              </div>
            </fieldset>
            {active && active.length > 0 && (
              <Message tone="info">
                {active.length === 1 ? 'Já há 1 link ativo' : `Já há ${active.length} links ativos`} desta
                página: veja em <a href="#/previas">Prévias compartilhadas</a>.
              </Message>
            )}
          </>
        )}
        {error && <Message tone="error">{error}</Message>}
      </div>
      <div css={actionsCss}>
        <Button onClick={onClose}>{made || (state && !state.available) ? 'Fechar' : 'Cancelar'}</Button>
        {!made && state?.available && (
          <Button tone="primary" onClick={() => void share()} disabled={busy}>
            {busy ? 'Criando…' : 'Criar link'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

const buttonCss = css`
  /* The editor bar's second line (editor-screen.tsx's barCss, the same width). */
  @media (max-width: 1199px) {
    order: 2;
  }
`;

/**
 * The editor bar's "Compartilhar prévia": what is shared is the saved text, so unsaved text is
 * saved first (`save` answers false when it could not be).
 */
export function ShareButton({
  file,
  route,
  dirty,
  save,
}: {
  file: string;
  route: string;
  dirty: boolean;
  save: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        tone="quiet"
        css={buttonCss}
        onClick={() => {
          if (!dirty) setOpen(true);
          else void save().then((done) => done && setOpen(true));
        }}
      >
        Compartilhar prévia
      </Button>
      {open && <ShareDialog file={file} route={route} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * "Compartilhar prévia" of a scheduled change (decision 0050): the page as the schedule will make
 * it at its instant. Beside each page of an upcoming schedule in Agendamentos and in the editor's
 * banner on a scheduled page (Prévias compartilhadas lists them too). Named with the route, since a
 * schedule may change several pages; in local mode the dialog says sharing needs the hosted Estúdio.
 */
export function ScheduleShareButton({
  file,
  route,
  schedule,
}: {
  file: string;
  route: string;
  /** The schedule's id and its name in words ("agendamento natal"). */
  schedule: { id: string; words: string };
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        tone="quiet"
        aria-label={`Compartilhar prévia de ${route} no ${schedule.words}`}
        onClick={() => setOpen(true)}
      >
        Compartilhar prévia
      </Button>
      {/* In the body: the button may sit in a live region (the editor's banner), the dialog must not. */}
      {open &&
        createPortal(
          <ShareDialog file={file} route={route} schedule={schedule} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
}

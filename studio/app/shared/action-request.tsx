/**
 * "Pedir para restaurar", "Pedir agendamento"… (decision 0049, session 21): where an Editor (or
 * anyone while every publication needs approval) would have met a refusal, the action becomes a
 * request. The button opens a small dialog with a message for whoever approves; the server runs
 * the action's own checks at once (a refusal says why here), keeps what it would do, and a
 * Publicador approves it in Pedidos.
 *
 *   <AskButton kind="restaurar" body={{ file, commit }} what="A página volta a ficar como …" />
 */
import { useState, type ReactNode } from 'react';
import {
  ACTION_ASK,
  MAX_REQUEST_MESSAGE,
  type ActionKind,
  type PublicationRequest,
} from '../../requests-api.ts';
import { requestsApi, requestsChanged } from './requests-client.ts';
import { actionsCss, Button, Dialog, fieldCss, Message } from './ui.tsx';

export function AskButton({
  kind,
  body,
  what,
  tone = 'primary',
  disabled,
  label,
  fields,
  problem,
  onAsked,
  onDone,
}: {
  kind: ActionKind;
  /** The action's body, exactly as its direct route takes it (a function: read when sending). */
  body: Record<string, unknown> | (() => Record<string, unknown>);
  /** What the action does, in a sentence, for the dialog. */
  what: string;
  tone?: 'primary' | 'secondary';
  disabled?: boolean;
  /** The button's words; default ACTION_ASK[kind] ("Pedir para restaurar"). */
  label?: string;
  /** Inputs the action needs (Alterar horário's times), shown in the dialog above the message. */
  fields?: ReactNode;
  /** Why the fields cannot be sent as they are (the button stays off), or undefined. */
  problem?: string;
  onAsked?: (request: PublicationRequest) => void;
  /**
   * Once the person has read the dialog's confirmation and closed it: a screen that shows the
   * request in place of this button does it here (at onAsked, the dialog would vanish with it).
   */
  onDone?: (request: PublicationRequest) => void;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<PublicationRequest>();
  return (
    <>
      <Button tone={tone} disabled={disabled} onClick={() => setOpen(true)} data-ask={kind}>
        {label ?? ACTION_ASK[kind]}
      </Button>
      {open && (
        <AskDialog
          kind={kind}
          body={typeof body === 'function' ? body : () => body}
          what={what}
          fields={fields}
          problem={problem}
          onClose={() => {
            setOpen(false);
            if (sent) onDone?.(sent);
          }}
          onAsked={(request) => {
            setSent(request);
            onAsked?.(request);
          }}
        />
      )}
    </>
  );
}

function AskDialog({
  kind,
  body,
  what,
  fields,
  problem,
  onClose,
  onAsked,
}: {
  kind: ActionKind;
  body: () => Record<string, unknown>;
  what: string;
  fields?: ReactNode;
  problem?: string;
  onClose: () => void;
  onAsked?: (request: PublicationRequest) => void;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [asked, setAsked] = useState<PublicationRequest>();
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const request = await requestsApi.askAction(kind, body(), message);
      setAsked(request);
      requestsChanged();
      onAsked?.(request);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={ACTION_ASK[kind]} onClose={onClose}>
      {asked ? (
        <div role="status">
          <p css={{ marginTop: 0, fontWeight: 600 }}>Pedido enviado: {asked.action?.summary ?? what}.</p>
          <p>
            Nada mudou no site ainda: quem publica revisa e aprova em <a href="#/pedidos">Pedidos</a>, onde
            você acompanha a decisão.
          </p>
          <div css={actionsCss}>
            <Button tone="primary" onClick={onClose} autoFocus>
              Fechar
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p css={{ marginTop: 0 }}>{what}</p>
          <p>
            Seu pedido vai para quem publica: nada muda no site até alguém aprovar. Se a página mudar antes
            disso, o pedido avisa e você pede de novo.
          </p>
          {fields}
          {problem && <Message tone="error">{problem}</Message>}
          <div css={fieldCss}>
            <label htmlFor="pedido-acao-mensagem">Mensagem para quem aprova</label>
            <textarea
              id="pedido-acao-mensagem"
              rows={3}
              value={message}
              maxLength={MAX_REQUEST_MESSAGE}
              onChange={(event) => setMessage(event.target.value)}
              css={{ font: 'inherit', padding: '8px 10px' }}
            />
          </div>
          {error && <Message tone="error">{error}</Message>}
          <div css={actionsCss}>
            <Button onClick={onClose}>Cancelar</Button>
            <Button
              tone="primary"
              onClick={() => void send()}
              disabled={busy || message.trim() === '' || problem !== undefined}
            >
              {busy ? 'Conferindo e pedindo…' : 'Enviar pedido'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/**
 * Pessoas: each account with its role, a role changed from a list of the three (it counts at that
 * person's next click; their session goes on), and what each role may do. Accounts are added and
 * removed with the account command, which asks for the password in a terminal.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { css } from '@emotion/react';
import { colors, radii, shadows } from '../../../../design/theme.ts';
import type { PessoasAnswer, PersonEntry } from '../../../pessoas-api.ts';
import { ROLE_SUMMARY, ROLES } from '../../../roles.ts';
import { ApiFailure, call } from '../../shared/api-client.ts';
import { useMe } from '../../shared/presence.ts';
import { ROLE_LABEL, useCan, type Role } from '../../shared/role.ts';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { Button, Message } from '../../shared/ui.tsx';

const screenCss = css`
  max-width: 900px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h2 {
    font-size: 1.2rem;
    margin: 28px 0 8px;
  }
  .lead {
    margin: 0 0 16px;
    color: ${colors.muted};
  }
  ul.people {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 12px;
  }
  li.person {
    background: ${colors.white};
    border-radius: ${radii.md};
    box-shadow: ${shadows.card};
    padding: 14px 16px;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
  }
  .who {
    flex: 1 1 240px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .who strong {
    color: ${colors.navy};
  }
  .who .email {
    display: block;
    color: ${colors.muted};
    font-size: 14px;
  }
  .you {
    font-size: 13px;
    font-weight: 600;
    color: ${colors.waterDark};
    margin-left: 6px;
  }
  .role {
    flex: 0 1 320px;
    display: grid;
    gap: 4px;
    margin: 0;
  }
  .choose {
    display: flex;
    gap: 8px;
  }
  .choose select {
    flex: 1 1 auto;
    min-width: 0;
  }
  .role label {
    font-size: 13px;
    font-weight: 600;
    color: ${colors.navy};
  }
  select {
    font: inherit;
    min-height: 44px;
    padding: 8px 10px;
    border: 1px solid ${colors.disabled};
    border-radius: ${radii.sm};
    background: ${colors.white};
  }
  select:focus-visible {
    outline: 3px solid ${colors.water};
    outline-offset: 2px;
  }
  @media (max-width: 600px) {
    .role {
      flex: 1 1 100%;
    }
    select {
      font-size: 16px;
    }
  }
  dl {
    margin: 0;
    display: grid;
    gap: 8px;
  }
  dt {
    font-weight: 600;
    color: ${colors.navy};
  }
  dd {
    margin: 0 0 4px;
  }
  pre {
    margin: 4px 0 12px;
    padding: 10px 12px;
    background: ${colors.surfaceAlt};
    border-radius: ${radii.sm};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 14px;
  }
`;

const pessoas = () => call<PessoasAnswer>('GET', '/api/pessoas');
const changeRole = (email: string, role: Role) => call<PessoasAnswer>('PUT', '/api/pessoas', { email, role });

function PersonRow({
  person,
  isMe,
  editable,
  busy,
  onChange,
}: {
  person: PersonEntry;
  isMe: boolean;
  editable: boolean;
  busy: boolean;
  onChange: (role: Role) => void;
}) {
  const id = useId();
  // Chosen first, then confirmed with the button: arrow keys on a list never change a role by themselves.
  // (The list gives each row a new key after every change tried, so the choice starts again from the role.)
  const [choice, setChoice] = useState<Role>(person.role);
  return (
    <li className="person" data-email={person.email}>
      <span className="who">
        <strong>{person.name}</strong>
        {isMe && <span className="you">(você)</span>}
        <span className="email">{person.email}</span>
      </span>
      <form
        className="role"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice !== person.role) onChange(choice);
        }}
      >
        <label htmlFor={id}>Papel</label>
        <span className="choose">
          <select
            id={id}
            value={choice}
            disabled={!editable || busy}
            onChange={(event) => setChoice(event.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABEL[role]}
              </option>
            ))}
          </select>
          {editable && choice !== person.role && (
            <Button
              type="submit"
              tone="primary"
              disabled={busy}
              aria-label={`Mudar o papel de ${person.name}`}
            >
              Mudar
            </Button>
          )}
        </span>
      </form>
    </li>
  );
}

export function PeopleScreen() {
  const me = useMe();
  // Not an Administrador: the screen says so and asks nothing (the server would refuse anyway).
  const allowed = useCan('accounts');
  const [answer, setAnswer] = useState<PessoasAnswer>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [round, setRound] = useState(0);

  const load = useCallback(() => {
    // Asked once the role is known (GET /api/eu): never a refusal shown to someone who is not an Administrador.
    if (allowed === false || me === undefined) return;
    pessoas().then(
      // (An error stays: a refused change reloads the list and keeps saying why.)
      (found) => setAnswer(found),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [allowed, me]);
  useEffect(load, [load]);
  useEffect(() => {
    document.title = 'Pessoas · Estúdio Fillgás';
  }, []);

  const change = (person: PersonEntry, role: Role) => {
    setBusy(person.email);
    setNotice(undefined);
    setError(undefined);
    changeRole(person.email, role).then(
      (next) => {
        setAnswer(next);
        setBusy(undefined);
        setRound((n) => n + 1);
        setNotice(
          `${person.name} agora é ${ROLE_LABEL[role]}. Vale no próximo clique ${
            me?.email === person.email ? 'seu' : 'dessa pessoa'
          }; ninguém precisa entrar de novo.`,
        );
      },
      (e: unknown) => {
        setBusy(undefined);
        setRound((n) => n + 1);
        setError(e instanceof ApiFailure || e instanceof Error ? e.message : String(e));
        load();
      },
    );
  };

  return (
    <main css={screenCss}>
      <ScreenHeader title="Pessoas" />
      <p className="lead">Quem entra no Estúdio e o que cada pessoa pode fazer.</p>
      {allowed === false && me?.role && (
        <Message tone="info">
          Só Administradores veem e mudam as pessoas do Estúdio. Seu papel é {ROLE_LABEL[me.role]}: para
          mudar, peça a um Administrador.
        </Message>
      )}
      {error && <Message tone="error">{error}</Message>}
      {notice && <Message tone="info">{notice}</Message>}
      {!answer && !error && allowed !== false && <Message tone="info">Carregando as pessoas…</Message>}
      {answer && !answer.editable && answer.reason && <Message tone="info">{answer.reason}</Message>}
      {answer && answer.people.length > 0 && (
        <ul className="people" aria-label="Pessoas e seus papéis">
          {answer.people.map((person) => (
            <PersonRow
              key={`${person.email}:${person.role}:${round}`}
              person={person}
              isMe={me?.email === person.email}
              editable={answer.editable}
              busy={busy !== undefined}
              onChange={(role) => change(person, role)}
            />
          ))}
        </ul>
      )}
      <h2>O que cada papel pode fazer</h2>
      <dl>
        {ROLES.map((role) => (
          <div key={role}>
            <dt>{ROLE_LABEL[role]}</dt>
            <dd>{ROLE_SUMMARY[role]}</dd>
          </div>
        ))}
      </dl>
      {allowed !== false && answer?.access && (
        <>
          <h2>Adicionar ou remover alguém</h2>
          <p>
            Quem entra no Estúdio é decidido no Cloudflare Access. Cada pessoa aparece aqui na primeira vez
            que entra, como Editor; a primeira de todas foi Administradora. Para dar um papel antes da
            primeira entrada, quem cuida do servidor usa, no terminal:
          </p>
          <pre>npm run studio:conta -- acesso --email ana@fillgas.com.br --papel publicador</pre>
          <p>Para tirar alguém, tire a pessoa da política do Cloudflare Access.</p>
        </>
      )}
      {allowed !== false && !answer?.access && (
        <>
          <h2>Adicionar ou remover alguém</h2>
          <p>A senha de uma conta nova é digitada por quem cuida do servidor, no terminal:</p>
          <pre>
            npm run studio:conta -- adicionar --email ana@fillgas.com.br --nome "Ana Souza" --papel editor
          </pre>
          <p>Para remover:</p>
          <pre>npm run studio:conta -- remover --email ana@fillgas.com.br</pre>
        </>
      )}
    </main>
  );
}

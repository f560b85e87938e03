/**
 * The hosted Estúdio's top bar: who is signed in, and Sair (a plain form POST to /sair, which ends
 * the session on the server and returns to /entrar; behind Cloudflare Access it leads to Access's
 * own logout). Local mode has no sign-in and shows the app exactly as before: the hosted build is
 * the only one whose page carries a CSP nonce, so the shell is chosen before the first render
 * and the screens never remount when GET /api/eu answers.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../design/theme.ts';
import type { MeAnswer } from '../api.ts';
import { can, ROLE_LABEL } from '../roles.ts';
import { cspNonce } from './shared/csp-nonce.ts';
import { RequestsCount } from './screens/pedidos/index.ts';

const shellCss = css`
  height: 100%;
  display: grid;
  grid-template-rows: auto minmax(0, 1fr);
`;
const mainCss = css`
  grid-row: 2;
  min-height: 0;
  min-width: 0;
  overflow: auto;
`;
const barCss = css`
  grid-row: 1;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 4px 16px;
  min-height: 40px;
  background: ${colors.navy};
  color: ${colors.white};
  font-size: 13px;
  .marca {
    font: 600 14px/1.2 ${fonts.display};
    margin-right: auto;
  }
  .quem {
    min-width: 0;
  }
  .email {
    opacity: 0.85;
  }
  .papel {
    white-space: nowrap;
  }
  @media (max-width: 640px) {
    /* A phone: one line still, Sair beside the name. The brand and the e-mail leave the screen
       but not the page (read aloud, and the e-mail in the name's tooltip); the role goes under
       the name; a name too long for what is left ends in "…" (whole in the tooltip). */
    gap: 10px;
    padding: 4px 12px;
    /* Before the name is known (GET /api/eu), Pedidos and Sair already stand where they will stay. */
    justify-content: flex-end;
    .marca,
    .email,
    .sep {
      position: absolute;
      width: 1px;
      height: 1px;
      margin: -1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    .quem {
      margin-right: auto;
      display: flex;
      flex-direction: column;
      line-height: 1.2;
    }
    .quem strong,
    .papel {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .papel {
      font-size: 12px;
      opacity: 0.85;
    }
    button {
      padding: 6px 12px;
    }
  }
  form {
    margin: 0;
  }
  a.pedidos,
  a.pessoas {
    color: ${colors.white};
    font-weight: 600;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
  }
  a.pedidos:focus-visible,
  a.pessoas:focus-visible {
    outline: 3px solid ${colors.water};
    outline-offset: 2px;
  }
  .count {
    min-width: 22px;
    padding: 1px 7px;
    border-radius: ${radii.pill};
    background: ${colors.orange};
    color: ${colors.white};
    font-size: 12px;
    text-align: center;
  }
  button {
    font: 600 13px/1.2 ${fonts.display};
    min-height: 32px;
    padding: 6px 14px;
    border-radius: ${radii.pill};
    border: 1px solid rgba(255, 255, 255, 0.6);
    background: transparent;
    color: ${colors.white};
    cursor: pointer;
  }
  button:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  button:focus-visible {
    outline: 3px solid ${colors.water};
    outline-offset: 2px;
  }
  /* A finger's size on a phone: Pedidos, Pessoas and Sair 44 px high (the bar 52). After the rules
     above, which would otherwise win. */
  @media (max-width: 640px) {
    a.pedidos,
    a.pessoas,
    button {
      min-height: 44px;
    }
  }
`;

function SessionBar() {
  const [me, setMe] = useState<MeAnswer | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/eu')
      .then((response) => (response.ok ? (response.json() as Promise<MeAnswer>) : null))
      .then((answer) => live && setMe(answer))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  // A labelled region, not a second banner: the editor's own bar is the page's banner (axe:
  // landmark-no-duplicate-banner).
  return (
    <section css={barCss} aria-label="Sessão">
      <span className="marca">Estúdio Fillgás</span>
      {me && (
        <span
          className="quem"
          title={[me.name, me.name !== me.email ? me.email : '', me.role ? ROLE_LABEL[me.role] : '']
            .filter(Boolean)
            .join(' · ')}
        >
          <span className="visually-hidden">Você entrou como </span>
          <strong>{me.name}</strong>
          {me.name !== me.email && <span className="email"> · {me.email}</span>}
          {me.role && (
            <span className="papel">
              <span className="sep"> · </span>
              {ROLE_LABEL[me.role]}
            </span>
          )}
        </span>
      )}
      <RequestsCount />
      {me?.role && can(me.role, 'accounts') && (
        <a href="#/pessoas" className="pessoas">
          Pessoas
        </a>
      )}
      <form method="post" action="/sair">
        <button type="submit">Sair</button>
      </form>
    </section>
  );
}

/**
 * Local mode has no sign-in: its page, built or through Vite, has no nonce or says it is local
 * (server.ts), and shows no bar with "Sair".
 */
const hosted =
  cspNonce !== undefined &&
  document.querySelector('meta[name="estudio-modo"]')?.getAttribute('content') !== 'local';

export function SessionShell({ children }: { children: ReactNode }) {
  if (!hosted) return <>{children}</>;
  return (
    <div css={shellCss}>
      <SessionBar />
      <div css={mainCss}>{children}</div>
    </div>
  );
}

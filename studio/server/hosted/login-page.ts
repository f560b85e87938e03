/**
 * The sign-in page of the hosted Estúdio: plain HTML rendered by the server, its stylesheet at
 * /entrar.css, no script at all, so it holds under a CSP of `default-src 'none'` with only
 * styles, fonts and images from the Estúdio itself.
 */
import { fontBaseName, fontFaceCss } from '../../../design/fonts.ts';
import { colors, fonts, radii, shadows } from '../../../design/theme.ts';

export const LOGIN_PATH = '/entrar';
export const LOGIN_CSS_PATH = '/entrar.css';
export const LOGOUT_PATH = '/sair';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface LoginPageState {
  /** The e-mail typed, kept in the field after a refusal. */
  email?: string;
  /** A refusal (role=alert) or a notice (after signing out, after a session ended). */
  message?: { kind: 'erro' | 'aviso'; text: string };
}

export function loginPage(state: LoginPageState = {}): string {
  const { email = '', message } = state;
  const refused = message?.kind === 'erro';
  const described = message ? ' aria-describedby="mensagem"' : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Entrar · Estúdio Fillgás</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${LOGIN_CSS_PATH}">
</head>
<body>
<main aria-labelledby="titulo">
<img class="marca" src="/favicon.svg" alt="" width="56" height="56">
<h1 id="titulo">Estúdio Fillgás</h1>
<p class="lead">Entre com o seu e-mail e a sua senha para editar as páginas do site.</p>
${message ? `<p id="mensagem" class="mensagem" data-kind="${message.kind}"${refused ? ' role="alert"' : ' role="status"'}>${escapeHtml(message.text)}</p>\n` : ''}<form method="post" action="${LOGIN_PATH}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="254" value="${escapeHtml(email)}"${email ? '' : ' autofocus'}${refused ? ' aria-invalid="true"' : ''}${described}>
<label for="senha">Senha</label>
<input id="senha" name="senha" type="password" autocomplete="current-password" required maxlength="1024"${email ? ' autofocus' : ''}${refused ? ' aria-invalid="true"' : ''}${described}>
<button type="submit">Entrar</button>
</form>
<p class="ajuda">Esqueceu a senha ou ainda não tem conta? Fale com quem cuida do Estúdio na equipe: só essa pessoa cria contas e troca senhas.</p>
</main>
</body>
</html>
`;
}

export const LOGIN_CSS = `${fontFaceCss((font) => `/assets/fonts/${fontBaseName(font)}.woff2`)}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;display:grid;place-items:center;padding:24px 16px;
  font:400 16px/1.5 ${fonts.body};color:${colors.ink};background:${colors.surfaceAlt}}
main{width:100%;max-width:26rem;background:${colors.white};border:1px solid ${colors.line};
  border-radius:${radii.md};box-shadow:${shadows.card};padding:32px 24px}
@media (min-width:480px){main{padding:40px 36px}}
.marca{display:block;margin:0 0 16px}
h1{font:700 1.5rem/1.25 ${fonts.display};color:${colors.navy};margin:0 0 8px}
.lead{margin:0 0 24px;color:${colors.muted}}
.mensagem{margin:0 0 20px;padding:12px 14px;border-radius:${radii.sm};border-left:4px solid}
.mensagem[data-kind=erro]{background:${colors.orangeLight};color:${colors.orangeHover};border-color:${colors.orangeHover}}
.mensagem[data-kind=aviso]{background:${colors.waterLight};color:${colors.navy};border-color:${colors.waterDark}}
form{display:grid;gap:6px}
label{font:600 14px/1.4 ${fonts.display};color:${colors.navy}}
input{font:inherit;width:100%;min-height:48px;padding:10px 12px;margin:0 0 14px;color:${colors.ink};
  background:${colors.white};border:1px solid ${colors.muted};border-radius:${radii.sm}}
input[aria-invalid=true]{border-color:${colors.orangeHover};border-width:2px}
input:focus-visible,button:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
button{font:600 16px/1.2 ${fonts.display};min-height:48px;margin-top:6px;padding:12px 20px;
  border:0;border-radius:${radii.pill};background:${colors.orange};color:${colors.white};cursor:pointer}
button:hover{background:${colors.orangeHover}}
.ajuda{margin:24px 0 0;font-size:14px;color:${colors.muted}}
`;

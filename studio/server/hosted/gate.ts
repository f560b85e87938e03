/**
 * Who may use the hosted Estúdio (decision 0018). Two ways, one per server:
 *
 * - accounts (mode "hospedado"): the sign-in page /entrar checks an e-mail and a password
 *   against accounts.ts (scrypt), with login-limits.ts against guessing; a right password gets a
 *   session (sessions.ts) in the `__Host-estudio` cookie; POST /sair ends it.
 * - an identity-aware proxy (mode "proxy"): every request must carry the proxy's signed header
 *   (proxy.ts, Cloudflare Access); there is no sign-in page and no session of our own.
 *
 * Every sign-in, refusal, lock and sign-out goes to the audit log with the client's address.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { AuditLog } from '../audit.ts';
import { HttpError, readRawBody, sendHtml, sendPage } from '../http.ts';
import type { ActingPerson } from '../people.ts';
import {
  clearedHostedCookie,
  cookieValues,
  HOSTED_COOKIE,
  hostedOriginAllowed,
  hostedSessionCookie,
  hostedHostAllowed,
  LOGIN_CSP,
  PAGE_CSP,
} from '../security.ts';
import {
  accountsFromFile,
  accountsFromText,
  normaliseEmail,
  type Account,
  type AccountSource,
} from './accounts.ts';
import { cachedAppDir } from '../app-cache.ts';
import { prepareApp, type BuiltApp } from './app.ts';
import { browserSigner } from './browsers.ts';
import type { PeopleDirectory } from './people-directory.ts';
import {
  DEFAULT_LOGIN_LIMITS,
  isRefusal,
  LoginLimiter,
  type LoginLimits,
  type Refusal,
} from './login-limits.ts';
import {
  LOGIN_CSS,
  LOGIN_CSS_PATH,
  LOGIN_PATH,
  loginPage,
  LOGOUT_PATH,
  type LoginPageState,
} from './login-page.ts';
import { costOf, decoyHash, PASSWORD_MAX, verifyPassword } from './passwords.ts';
import { accessRoles, type AccessRoles } from './access-roles.ts';
import { createProxyVerifier, ProxyAuthError, type ProxyOptions, type ProxyVerifier } from './proxy.ts';
import { DEFAULT_SESSION_LIMITS, SessionStore, type SessionLimits } from './sessions.ts';

export interface HostedOptions {
  /**
   * The address people open, e.g. https://estudio.fillgas.com.br: the only Host and Origin the
   * server accepts. https:, or http: on 127.0.0.1/localhost for a trial on one's own computer.
   */
  publicUrl: string;
  /** The accounts file. Default: <dataDir>/contas.json. */
  accountsFile?: string;
  /** Accounts as JSON text (the STUDIO_ACCOUNTS variable): used instead of the file. */
  accountsJson?: string;
  /** Behind Cloudflare Access: no accounts, no sign-in page; its signed header on every request. */
  proxy?: ProxyOptions;
  /**
   * How many proxies in front of the server append to X-Forwarded-For (the client's address
   * for the per-address limit and the audit log). Default 0: the connection's own address.
   */
  trustedProxies?: number;
  /** A folder made by build-app.ts. Default: the app is built at start-up into a temporary one. */
  appDir?: string;
  session?: Partial<SessionLimits>;
  limits?: Partial<LoginLimits>;
  /** The clock, in milliseconds (tests move it forward). Default: Date.now. */
  now?: () => number;
  /** How a sign-in waits its turn on a slowed e-mail (tests move their clock instead). Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
}

export type Identity = { person: ActingPerson } | { refused: string };

export interface HostedGate {
  mode: 'hospedado' | 'proxy';
  publicUrl: URL;
  app: BuiltApp;
  hostAllowed(req: IncomingMessage): boolean;
  originAllowed(req: IncomingMessage): boolean;
  /** /entrar, /entrar.css and /sair; true when it answered. */
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    query: URLSearchParams,
  ): Promise<boolean>;
  identify(req: IncomingMessage): Promise<Identity>;
  /** The accounts, for Pessoas (roles); `file` when roles may be written there. Proxy mode: none. */
  people?: PeopleDirectory;
  /** The answer to a request without access: a redirect to /entrar for the app's page, else 401. */
  refuse(req: IncomingMessage, res: ServerResponse, pathname: string, reason: string): void;
  dispose(): Promise<void>;
}

/** The form's body: small, url-encoded, UTF-8. */
/** The project whose app is served (its build is kept by app-cache.ts). */
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_FORM_BYTES = 4 * 1024;

/** Refuses to start with a Portuguese message (main.ts prints it). */
export class HostedConfigError extends Error {
  override name = 'HostedConfigError';
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function parsePublicUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HostedConfigError(
      `Endereço público inválido: "${value}". Exemplo: https://estudio.fillgas.com.br`,
    );
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new HostedConfigError(
      `O endereço público é só a origem, sem caminho: ${url.origin} (recebido: ${value}).`,
    );
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw new HostedConfigError(
      `O Estúdio hospedado só funciona por HTTPS (o cookie da sessão é Secure): ${value}. Use http:// apenas com 127.0.0.1 ou localhost, para testar no próprio computador.`,
    );
  return url;
}

/** Brasília time, as the team reads it: "14:35". */
const clock = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

function refusalText(refusal: Refusal, now: number): string {
  if (refusal.kind === 'lento') {
    const seconds = Math.max(1, Math.ceil((refusal.until - now) / 1000));
    return `Muitas tentativas com senha errada para este e-mail, vindas de vários lugares. Por segurança, as tentativas estão mais lentas: tente de novo em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}. Num navegador em que você já entrou antes, a entrada não espera.`;
  }
  const minutes = Math.max(1, Math.ceil((refusal.until - now) / 60_000));
  const when = `tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}, às ${clock.format(refusal.until)} (horário de Brasília)`;
  return refusal.kind === 'conta'
    ? `Muitas tentativas com senha errada para este e-mail a partir desta rede. Por segurança, ele está bloqueado aqui: ${when}.`
    : `Muitas tentativas com senha errada a partir desta rede. Por segurança, ${when}.`;
}

/** The client's address: the connection's, or the one the trusted proxies report. */
function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const own = req.socket.remoteAddress ?? 'desconhecido';
  if (trustedProxies <= 0) return own;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - trustedProxies)] ?? own;
}

/** A digest of the account's password hash: a session made before a password change stops working. */
const stampOf = (account: Account) => createHash('sha256').update(account.hash).digest('base64url');

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw new HttpError(415, 'Envie o formulário da página de entrada.');
  const bytes = await readRawBody(
    req,
    MAX_FORM_BYTES,
    () => new HttpError(413, 'Dados grandes demais para entrar.'),
  );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'Os dados enviados não estão em UTF-8.');
  }
  return new URLSearchParams(text);
}

function redirect(res: ServerResponse, location: string, cookie?: string | string[]): void {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  if (cookie) res.setHeader('Set-Cookie', cookie);
  res.end();
}

function sendLogin(res: ServerResponse, status: number, state: LoginPageState): void {
  res.setHeader('Content-Security-Policy', LOGIN_CSP);
  // A form's POST carries its Origin only when the page's referrer policy lets same-origin
  // requests have one ("no-referrer" would send `Origin: null`, refused by the Origin check).
  res.setHeader('Referrer-Policy', 'same-origin');
  sendHtml(res, status, loginPage(state));
}

export async function createHostedGate(
  options: HostedOptions,
  context: { audit: AuditLog; dataDir: string },
): Promise<HostedGate> {
  const publicUrl = parsePublicUrl(options.publicUrl);
  const now = options.now ?? Date.now;
  const trustedProxies = options.trustedProxies ?? 0;
  const { audit } = context;

  let accounts: AccountSource | undefined;
  let accountsFile: string | undefined;
  let proxy: ProxyVerifier | undefined;
  let roles: AccessRoles | undefined;
  if (options.proxy) {
    if (!options.proxy.issuer || !options.proxy.audience)
      throw new HostedConfigError(
        'O modo proxy precisa do domínio da equipe no Cloudflare Access (--proxy-team, https://<equipe>.cloudflareaccess.com) e do AUD da aplicação (--proxy-aud).',
      );
    proxy = createProxyVerifier(options.proxy, now);
    // Access says who enters; papeis.json what each may do (access-roles.ts, decision 0048).
    roles = accessRoles(context.dataDir, (p) =>
      audit.record('mudar-papel', p.email, {
        conta: p.email,
        de: null,
        para: p.role,
        motivo: 'primeira entrada pelo Cloudflare Access',
      }),
    );
  } else {
    const file = path.resolve(options.accountsFile ?? path.join(context.dataDir, 'contas.json'));
    accountsFile = options.accountsJson !== undefined ? undefined : file;
    try {
      accounts =
        options.accountsJson !== undefined ? accountsFromText(options.accountsJson) : accountsFromFile(file);
    } catch (error) {
      throw new HostedConfigError((error as Error).message);
    }
    if ((await accounts.list()).length === 0)
      throw new HostedConfigError(
        `Nenhuma conta em ${accounts.describe}: ninguém conseguiria entrar. Crie a primeira com\n  npm run studio:conta -- adicionar --email ana@fillgas.com.br --nome "Ana Souza"${options.accountsFile ? ` --contas ${file}` : ''}\n(a senha é pedida no terminal) e inicie o Estúdio de novo.`,
      );
  }

  // Made now, so that even the first unknown e-mail costs one scrypt, not two.
  if (accounts) await decoyHash(costOf((await accounts.list()).map((a) => a.hash)));
  // With accounts, sessions are kept on the data volume: a restart or a deploy signs nobody out.
  const sessions = new SessionStore(
    { ...DEFAULT_SESSION_LIMITS, ...options.session },
    now,
    accounts ? path.join(context.dataDir, 'sessoes.json') : undefined,
  );
  await sessions.load();
  const limiter = new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...options.limits }, now);
  const browsers = accounts ? await browserSigner(context.dataDir) : undefined;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const app = options.appDir
    ? await prepareApp(options.appDir)
    : await prepareApp(await cachedAppDir(PROJECT_ROOT), { rebuild: () => cachedAppDir(PROJECT_ROOT) });
  const ip = (req: IncomingMessage) => clientAddress(req, trustedProxies);

  /** The account behind the request's session, or undefined (and the dead session forgotten). */
  const sessionPerson = async (req: IncomingMessage): Promise<ActingPerson | undefined> => {
    for (const id of cookieValues(req.headers.cookie, HOSTED_COOKIE)) {
      const session = sessions.touch(id);
      if (!session) continue;
      const account = (await accounts!.list()).find((a) => a.email === session.email);
      // The role is read from the account on every request: a change counts at the next click.
      if (account && stampOf(account) === session.stamp)
        return { name: account.name, email: account.email, role: account.role };
      sessions.delete(id);
      await sessions.flush();
    }
    return undefined;
  };

  const signIn = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = await readForm(req);
    const typed = (form.get('email') ?? '').slice(0, 254);
    const email = normaliseEmail(typed);
    const password = form.get('senha') ?? '';
    const from = ip(req);
    if (!email || !password) {
      sendLogin(res, 400, {
        email: typed,
        message: { kind: 'erro', text: 'Preencha o e-mail e a senha.' },
      });
      return;
    }
    const attempt = limiter.begin(email, from, browsers!.knows(req.headers.cookie, email));
    if (isRefusal(attempt)) {
      await audit.record('entrar-recusado', email, {
        ip: from,
        motivo:
          attempt.kind === 'conta'
            ? 'e-mail bloqueado neste endereço'
            : attempt.kind === 'lento'
              ? 'e-mail desacelerado'
              : 'limite do endereço',
      });
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil((attempt.until - now()) / 1000))));
      sendLogin(res, 429, { email: typed, message: { kind: 'erro', text: refusalText(attempt, now()) } });
      return;
    }
    // A slowed e-mail: this attempt's turn (guesses from everywhere, one at a time).
    if (attempt.waitMs > 0) await sleep(attempt.waitMs);
    const all = await accounts!.list();
    const account = all.find((a) => a.email === email);
    // An unknown e-mail costs the same scrypt as a known one: the time of the answer tells nothing.
    const right = await verifyPassword(
      password.slice(0, PASSWORD_MAX),
      account?.hash ?? (await decoyHash(costOf(all.map((a) => a.hash)))),
    );
    if (!account || !right) {
      const { lockedUntil, slowed } = attempt.failed();
      if (slowed) {
        await audit.record('desaceleracao', email, {
          ip: from,
          falhas: limiter.limits.slowAfter,
          intervaloSegundos: limiter.limits.slowIntervalMs / 1000,
        });
      }
      if (lockedUntil !== undefined) {
        const lock = { lockedUntil };
        await audit.record('bloqueio', email, { ip: from, ate: new Date(lock.lockedUntil).toISOString() });
        res.setHeader('Retry-After', String(Math.ceil((lock.lockedUntil - now()) / 1000)));
        sendLogin(res, 429, {
          email: typed,
          message: { kind: 'erro', text: refusalText({ kind: 'conta', until: lock.lockedUntil }, now()) },
        });
        return;
      }
      await audit.record('entrar-recusado', email, { ip: from, motivo: 'e-mail ou senha incorretos' });
      sendLogin(res, 401, { email: typed, message: { kind: 'erro', text: 'E-mail ou senha incorretos.' } });
      return;
    }
    attempt.succeeded();
    await audit.record('entrar', account.email, { ip: from });
    // A session from before (another person on this browser, or one planted) never carries over.
    for (const id of cookieValues(req.headers.cookie, HOSTED_COOKIE)) sessions.delete(id);
    const { id } = sessions.create({ email: account.email, name: account.name }, stampOf(account));
    // On disk before the cookie is given: a restart right after keeps the person signed in.
    await sessions.flush();
    redirect(res, '/', [
      hostedSessionCookie(id, sessions.limits.absoluteMs / 1000),
      browsers!.cookie(account.email),
    ]);
  };

  const signOut = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const id of cookieValues(req.headers.cookie, HOSTED_COOKIE)) {
      const session = sessions.delete(id);
      if (session) await audit.record('sair', session.email, { ip: ip(req) });
    }
    // On disk before the answer: a restart never brings an ended session back.
    await sessions.flush();
    redirect(res, `${LOGIN_PATH}?saiu=1`, clearedHostedCookie());
  };

  return {
    mode: proxy ? 'proxy' : 'hospedado',
    publicUrl,
    app,
    hostAllowed: (req) => hostedHostAllowed(req, publicUrl),
    originAllowed: (req) => hostedOriginAllowed(req, publicUrl),

    async answer(req, res, pathname, query) {
      const method = req.method ?? 'GET';
      const read = method === 'GET' || method === 'HEAD';
      if (pathname === LOGIN_CSS_PATH && read) {
        const bytes = Buffer.from(LOGIN_CSS);
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.setHeader('Content-Length', bytes.length);
        res.setHeader('Cache-Control', 'no-cache');
        res.end(method === 'HEAD' ? undefined : bytes);
        return true;
      }
      if (pathname === LOGIN_PATH) {
        // Behind the proxy, signing in is the proxy's business.
        if (proxy) return (redirect(res, '/'), true);
        if (read) {
          if (await sessionPerson(req)) return (redirect(res, '/'), true);
          const notice = query.has('saiu')
            ? 'Você saiu do Estúdio.'
            : query.has('expirou')
              ? 'Sua sessão terminou. Entre de novo para continuar.'
              : undefined;
          sendLogin(res, 200, notice ? { message: { kind: 'aviso', text: notice } } : {});
          return true;
        }
        if (method === 'POST') return (await signIn(req, res), true);
        res.setHeader('Allow', 'GET, HEAD, POST');
        throw new HttpError(405, `O método ${method} não é aceito neste endereço.`);
      }
      if (pathname === LOGOUT_PATH) {
        if (method !== 'POST') {
          res.setHeader('Allow', 'POST');
          throw new HttpError(405, 'Para sair, use o botão Sair do Estúdio.');
        }
        // Cloudflare Access ends its own session at this address of the application.
        if (proxy) return (redirect(res, '/cdn-cgi/access/logout'), true);
        await signOut(req, res);
        return true;
      }
      return false;
    },

    async identify(req) {
      if (proxy) {
        try {
          const person = await proxy.person(req);
          return { person: { ...person, role: await roles!.roleOf(person) } };
        } catch (error) {
          if (error instanceof ProxyAuthError) return { refused: error.message };
          throw error;
        }
      }
      const person = await sessionPerson(req);
      return person ? { person } : { refused: 'sem sessão' };
    },

    refuse(req, res, pathname, reason) {
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (proxy) {
        throw new HttpError(
          401,
          isApi
            ? `Sem acesso ao Estúdio: ${reason}`
            : `Sem acesso ao Estúdio: ${reason} Abra ${publicUrl.origin}/ para entrar pelo acesso da equipe (Cloudflare Access).`,
        );
      }
      const hadCookie = cookieValues(req.headers.cookie, HOSTED_COOKIE).length > 0;
      if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
        redirect(
          res,
          hadCookie ? `${LOGIN_PATH}?expirou=1` : LOGIN_PATH,
          hadCookie ? clearedHostedCookie() : undefined,
        );
        return;
      }
      throw new HttpError(
        401,
        isApi
          ? 'Sua sessão terminou ou você ainda não entrou. Recarregue a página para entrar de novo.'
          : `Entre no Estúdio primeiro: ${publicUrl.origin}${LOGIN_PATH}`,
      );
    },

    ...(accounts ? { people: { source: accounts, ...(accountsFile ? { file: accountsFile } : {}) } } : {}),
    ...(roles ? { people: { access: roles } } : {}),

    dispose: async () => {
      await sessions.close();
    },
  };
}

/** sendPage with the hosted page policy (refusals and notices outside the app). */
export function sendHostedPage(
  res: ServerResponse,
  status: number,
  title: string,
  paragraphs: string[],
): void {
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  sendPage(res, status, title, paragraphs);
}

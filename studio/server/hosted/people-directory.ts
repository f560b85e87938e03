/**
 * Pessoas (issue 39, decision 0048): the accounts and their roles as the Administrador sees them,
 * and a role's change written to contas.json. The route rules (roles.ts) let only the
 * Administrador here; this module checks what is sent and keeps one Administrador at least.
 */
import type { Answer, ApiContext, ApiRequest } from '../api-context.ts';
import { HttpError, readJsonBody } from '../http.ts';
import type { PessoasAnswer, PersonEntry } from '../../pessoas-api.ts';
import {
  AccountsError,
  isEmail,
  normaliseEmail,
  readAccountsFile,
  writeAccountsFile,
  type Account,
  type AccountSource,
} from './accounts.ts';
import type { AccessRoles } from './access-roles.ts';
import { isRole, ROLE_LABEL, ROLES, type Role } from './roles.ts';

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;

/**
 * The accounts the gate signs people in with; `file` when the Estúdio may write roles there.
 * Behind Cloudflare Access: `access`, the roles of the people Access lets in (access-roles.ts).
 */
export type PeopleDirectory = { source: AccountSource; file?: string } | { access: AccessRoles };

const directories = new WeakMap<ApiContext, PeopleDirectory>();

/** Hosted with accounts: the gate's accounts. Local and proxy modes have none. */
export const attachPeople = (ctx: ApiContext, directory: PeopleDirectory) =>
  void directories.set(ctx, directory);

const entry = (a: PersonEntry): PersonEntry => ({ name: a.name, email: a.email, role: a.role });

/** Too few Administradores after a change: nobody could change roles any more. */
const admins = (accounts: Account[]) => accounts.filter((a) => a.role === 'administrador').length;

function answer(directory: PeopleDirectory | undefined, accounts: PersonEntry[]): PessoasAnswer {
  if (!directory)
    return {
      people: [],
      editable: false,
      reason:
        'Papéis valem no Estúdio hospedado com contas. Aqui você é a única pessoa e pode tudo (Administrador).',
    };
  if ('access' in directory) return { people: accounts.map(entry), editable: true, access: true };
  if (!directory.file)
    return {
      people: accounts.map(entry),
      editable: false,
      reason: 'As contas vêm de STUDIO_ACCOUNTS, fixas: mude o "role" de cada conta lá e reinicie o Estúdio.',
    };
  return { people: accounts.map(entry), editable: true };
}

const getPessoas: Handler = async (ctx) => {
  const directory = directories.get(ctx);
  const accounts = !directory
    ? []
    : 'access' in directory
      ? await directory.access.list()
      : await directory.source.list();
  return { status: 200, body: answer(directory, accounts) };
};

/** One change at a time: each reads the file again, so the account tool's writes are kept. */
let writing: Promise<unknown> = Promise.resolve();

const putPessoas: Handler = async (ctx, request) => {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'Envie { "email": "…", "role": "editor" | "publicador" | "administrador" }.');
  const { email: typed, role } = body as Record<string, unknown>;
  if (typeof typed !== 'string' || typed.length > 254 || !isEmail(normaliseEmail(typed)))
    throw new HttpError(400, 'O campo "email" precisa ser o e-mail de uma conta.');
  if (!isRole(role))
    throw new HttpError(
      400,
      `O campo "role" precisa ser um destes papéis: ${ROLES.map((r) => `${r} (${ROLE_LABEL[r]})`).join(', ')}.`,
    );
  const directory = directories.get(ctx);
  if (directory && 'access' in directory) {
    const { people, from } = await directory.access.setRole(typed, role);
    if (from !== role)
      await ctx.audit.record('mudar-papel', request.person.email, {
        conta: normaliseEmail(typed),
        de: from,
        para: role,
      });
    return { status: 200, body: answer(directory, people) };
  }
  const here = answer(directory, []);
  if (!directory?.file) throw new HttpError(409, here.reason ?? 'Os papéis não podem ser mudados aqui.');
  const file = directory.file;
  const email = normaliseEmail(typed);

  const change = async (): Promise<{ accounts: Account[]; from: Role }> => {
    let accounts: Account[];
    try {
      accounts = await readAccountsFile(file);
    } catch (error) {
      if (error instanceof AccountsError)
        throw new HttpError(409, `${error.message} Corrija o arquivo antes de mudar papéis.`);
      throw error;
    }
    const account = accounts.find((a) => a.email === email);
    if (!account) throw new HttpError(404, `Não há conta para ${email}.`);
    if (account.role === 'administrador' && role !== 'administrador' && admins(accounts) === 1)
      throw new HttpError(
        409,
        `${account.name} é a única pessoa Administradora: ninguém mais poderia mudar papéis. Faça outra pessoa Administradora antes.`,
      );
    const next = accounts.map((a) => (a.email === email ? { ...a, role } : a));
    if (account.role !== role) await writeAccountsFile(file, next);
    return { accounts: next, from: account.role };
  };
  const done = writing.then(change, change);
  writing = done.catch(() => undefined);
  const { accounts, from } = await done;
  if (from !== role)
    await ctx.audit.record('mudar-papel', request.person.email, { conta: email, de: from, para: role });
  return { status: 200, body: answer(directory, accounts) };
};

export const peopleRoutes = (): Record<string, Partial<Record<string, Handler>>> => ({
  '/api/pessoas': { GET: getPessoas, PUT: putPessoas },
});

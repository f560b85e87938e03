/**
 * `npm run studio:conta -- <comando>`: the hosted Estúdio's accounts.
 *
 *   adicionar --email ana@fillgas.com.br --nome "Ana Souza" [--papel editor]   a new person (asks for the password)
 *   papel --email ana@fillgas.com.br --papel publicador         changes her role (roles.ts, decision 0048)
 *   senha --email ana@fillgas.com.br                           a new password (her sessions end)
 *   remover --email ana@fillgas.com.br                         removes her (her sessions end)
 *   listar                                                     names, e-mails and roles
 *   json --email … --nome "…" [--papel …]                      one account as JSON, for STUDIO_ACCOUNTS
 *   acesso [--email … --papel … [--nome "…"]]                   behind Cloudflare Access: lists or sets a role
 *                                                              (papeis.json, access-roles.ts)
 *
 * A new account is an Editor unless --papel says otherwise; the first one of a file is the
 * Administrador. The last Administrador can be neither demoted nor removed.
 *
 * The file is --contas, else STUDIO_ACCOUNTS_FILE, else <STUDIO_DATA_DIR or .estudio>/contas.json.
 * The password is typed without echo (twice), or read from the first line of a pipe, or from
 * STUDIO_PASSWORD for scripts; never from the command line, where it would stay in the shell's
 * history and in the process list.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmail, normaliseEmail, readAccountsFile, writeAccountsFile, type Account } from './accounts.ts';
import { ACCESS_ROLES_FILE, lastAdministrator, readAccessRoles, writeAccessRoles } from './access-roles.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { parseRole, ROLE_LABEL, ROLES, type Role } from '../../roles.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const USAGE = `Uso: npm run studio:conta -- <comando> [opções]

  adicionar --email ana@fillgas.com.br --nome "Ana Souza" [--papel editor]
                                                             cria a conta (pede a senha)
  papel --email ana@fillgas.com.br --papel publicador        muda o papel (vale no próximo clique)
  senha --email ana@fillgas.com.br                           troca a senha (as sessões dela terminam)
  remover --email ana@fillgas.com.br                         remove a conta (as sessões dela terminam)
  listar                                                     mostra nomes, e-mails e papéis
  json --email ana@fillgas.com.br --nome "Ana Souza" [--papel editor]
                                                             uma conta em JSON, para STUDIO_ACCOUNTS
  acesso                                                     com Cloudflare Access: mostra os papéis
  acesso --email ana@fillgas.com.br --papel publicador [--nome "Ana Souza"]
                                                             com Cloudflare Access: dá um papel (antes ou
                                                             depois de a pessoa entrar pela primeira vez)

Papéis: editor (edita e pede publicação), publicador (também publica, aprova, agenda,
restaura e apaga páginas), administrador (também Configurações, Google Analytics e pessoas).
Uma conta nova é editor; a primeira do arquivo é administrador.

Com Cloudflare Access não há contas nem senhas: quem entra e não está na lista é editor
(a primeira pessoa de todas, administrador), e aparece em Pessoas.

Opções: --contas arquivo.json (padrão: STUDIO_ACCOUNTS_FILE, ou .estudio/contas.json);
--papeis arquivo.json para acesso (padrão: STUDIO_DATA_DIR/papeis.json, ou .estudio/papeis.json).
A senha é digitada sem aparecer na tela, ou lida de um pipe, ou de STUDIO_PASSWORD.`;

class Refused extends Error {}

function out(text: string) {
  process.stdout.write(`${text}\n`);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Refused('Cancelado.'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
  });
}

async function readPipe(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function newPassword(): Promise<string> {
  let password: string;
  if (process.env.STUDIO_PASSWORD !== undefined) password = process.env.STUDIO_PASSWORD;
  else if (process.stdin.isTTY) {
    password = await askHidden('Senha nova (não aparece ao digitar): ');
    const problem = passwordProblem(password);
    if (problem) throw new Refused(problem);
    if ((await askHidden('Repita a senha: ')) !== password)
      throw new Refused('As duas senhas não são iguais. Nada foi alterado.');
  } else password = await readPipe();
  const problem = passwordProblem(password);
  if (problem) throw new Refused(`${problem} Nada foi alterado.`);
  return password;
}

function accountsFile(given: string | undefined): string {
  if (given) return path.resolve(given);
  if (process.env.STUDIO_ACCOUNTS_FILE) return path.resolve(process.env.STUDIO_ACCOUNTS_FILE);
  const dataDir = process.env.STUDIO_DATA_DIR
    ? path.resolve(process.env.STUDIO_DATA_DIR)
    : path.join(root, '.estudio');
  return path.join(dataDir, 'contas.json');
}

const admins = (accounts: Account[]) => accounts.filter((a) => a.role === 'administrador').length;

function emailOption(value: string | undefined): string {
  const email = normaliseEmail(value ?? '');
  if (!email) throw new Refused('Informe o e-mail: --email ana@fillgas.com.br');
  if (!isEmail(email)) throw new Refused(`E-mail inválido: ${value}`);
  return email;
}

function nameOption(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (!name) throw new Refused('Informe o nome: --nome "Ana Souza"');
  if (name.length > 120) throw new Refused('O nome pode ter no máximo 120 caracteres.');
  return name;
}

function roleOption(value: string | undefined, fallback: Role): Role {
  if (value === undefined) return fallback;
  const role = parseRole(value);
  if (!role)
    throw new Refused(
      `Papel desconhecido: ${value.slice(0, 40)}. Use ${ROLES.join(', ')}. Nada foi alterado.`,
    );
  return role;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      nome: { type: 'string' },
      papel: { type: 'string' },
      contas: { type: 'string' },
      papeis: { type: 'string' },
      ajuda: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...extra] = positionals;
  if (values.ajuda || !command) return out(USAGE);
  if (extra.length > 0)
    throw new Refused(
      `Argumento a mais: ${extra.join(' ')}. Nome com espaços vai entre aspas: --nome "Ana Souza". A senha nunca vai na linha de comando.`,
    );
  const file = accountsFile(values.contas);

  switch (command) {
    case 'acesso': {
      const rolesFile = values.papeis
        ? path.resolve(values.papeis)
        : path.join(
            process.env.STUDIO_DATA_DIR
              ? path.resolve(process.env.STUDIO_DATA_DIR)
              : path.join(root, '.estudio'),
            ACCESS_ROLES_FILE,
          );
      const people = await readAccessRoles(rolesFile);
      if (values.email === undefined) {
        if (people.length === 0)
          return out(`Ninguém em ${rolesFile} ainda: a primeira pessoa que entrar será Administradora.`);
        for (const p of people) out(`${p.name} <${p.email}> — ${ROLE_LABEL[p.role]}`);
        return;
      }
      const email = emailOption(values.email);
      if (values.papel === undefined) throw new Refused(`Informe o papel: --papel ${ROLES.join(' | ')}`);
      const role = roleOption(values.papel, 'editor');
      const known = people.find((p) => p.email === email);
      if (known && role !== 'administrador' && lastAdministrator(known, people))
        throw new Refused(
          `${email} é a última pessoa Administradora: ninguém mais poderia mudar papéis. Faça outra pessoa Administradora antes. Nada foi alterado.`,
        );
      const name = values.nome === undefined ? (known?.name ?? email) : nameOption(values.nome);
      await writeAccessRoles(
        rolesFile,
        known
          ? people.map((p) => (p.email === email ? { ...p, name, role } : p))
          : [...people, { name, email, role }],
      );
      return out(`${name} <${email}> é ${ROLE_LABEL[role]} ao entrar pelo Cloudflare Access (${rolesFile}).`);
    }
    case 'listar': {
      const accounts = await readAccountsFile(file);
      if (accounts.length === 0) return out(`Nenhuma conta em ${file}.`);
      for (const a of accounts) out(`${a.name} <${a.email}> — ${ROLE_LABEL[a.role]}`);
      return;
    }
    case 'adicionar': {
      const email = emailOption(values.email);
      const name = nameOption(values.nome);
      const accounts = await readAccountsFile(file);
      if (accounts.some((a) => a.email === email))
        throw new Refused(
          `Já existe uma conta para ${email}. Para trocar a senha: npm run studio:conta -- senha --email ${email}`,
        );
      const role = roleOption(values.papel, accounts.length === 0 ? 'administrador' : 'editor');
      const hash = await hashPassword(await newPassword());
      await writeAccountsFile(file, [...accounts, { name, email, hash, role }]);
      return out(`Conta criada: ${name} <${email}>, ${ROLE_LABEL[role]}, em ${file}.`);
    }
    case 'papel': {
      const email = emailOption(values.email);
      if (values.papel === undefined) throw new Refused(`Informe o papel: --papel ${ROLES.join(' | ')}`);
      const role = roleOption(values.papel, 'editor');
      const accounts = await readAccountsFile(file);
      const account = accounts.find((a) => a.email === email);
      if (!account) throw new Refused(`Não há conta para ${email} em ${file}.`);
      if (account.role === 'administrador' && role !== 'administrador' && admins(accounts) === 1)
        throw new Refused(
          `${email} é a última pessoa Administradora: ninguém mais poderia mudar papéis. Faça outra pessoa Administradora antes. Nada foi alterado.`,
        );
      await writeAccountsFile(
        file,
        accounts.map((a) => (a.email === email ? { ...a, role } : a)),
      );
      return out(
        `${account.name} <${email}> agora é ${ROLE_LABEL[role]}. Vale no próximo clique; a sessão continua.`,
      );
    }
    case 'senha': {
      const email = emailOption(values.email);
      const accounts = await readAccountsFile(file);
      const account = accounts.find((a) => a.email === email);
      if (!account) throw new Refused(`Não há conta para ${email} em ${file}.`);
      const hash = await hashPassword(await newPassword());
      const next: Account[] = accounts.map((a) =>
        a.email === email ? { ...a, hash, ...(values.nome ? { name: nameOption(values.nome) } : {}) } : a,
      );
      await writeAccountsFile(file, next);
      return out(`Senha trocada para ${email}. As sessões abertas com a senha antiga terminaram.`);
    }
    case 'remover': {
      const email = emailOption(values.email);
      const accounts = await readAccountsFile(file);
      const account = accounts.find((a) => a.email === email);
      if (!account) throw new Refused(`Não há conta para ${email} em ${file}.`);
      if (account.role === 'administrador' && admins(accounts) === 1 && accounts.length > 1)
        throw new Refused(
          `${email} é a última pessoa Administradora: ninguém mais poderia mudar papéis. Faça outra pessoa Administradora antes (npm run studio:conta -- papel --email … --papel administrador). Nada foi alterado.`,
        );
      await writeAccountsFile(
        file,
        accounts.filter((a) => a.email !== email),
      );
      return out(`Conta removida: ${email}. As sessões dela terminaram.`);
    }
    case 'json': {
      const email = emailOption(values.email);
      const name = nameOption(values.nome);
      const role = roleOption(values.papel, 'editor');
      const hash = await hashPassword(await newPassword());
      return out(JSON.stringify({ name, email, hash, role }));
    }
    default:
      throw new Refused(`Comando desconhecido: ${command}.\n\n${USAGE}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof Refused || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if (error instanceof Error && (error.name === 'AccountsError' || error.name === 'AccessRolesError')) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

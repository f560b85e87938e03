/**
 * `npm run studio:conta -- <comando>`: the hosted Estúdio's accounts.
 *
 *   adicionar --email ana@fillgas.com.br --nome "Ana Souza"   a new person (asks for the password)
 *   senha --email ana@fillgas.com.br                           a new password (her sessions end)
 *   remover --email ana@fillgas.com.br                         removes her (her sessions end)
 *   listar                                                     names and e-mails
 *   json --email … --nome "…"                                  one account as JSON, for STUDIO_ACCOUNTS
 *
 * The file is --contas, else STUDIO_ACCOUNTS_FILE, else <STUDIO_DATA_DIR or .estudio>/contas.json.
 * The password is typed without echo (twice), or read from the first line of a pipe, or from
 * STUDIO_PASSWORD for scripts; never from the command line, where it would stay in the shell's
 * history and in the process list.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmail, normaliseEmail, readAccountsFile, writeAccountsFile, type Account } from './accounts.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const USAGE = `Uso: npm run studio:conta -- <comando> [opções]

  adicionar --email ana@fillgas.com.br --nome "Ana Souza"   cria a conta (pede a senha)
  senha --email ana@fillgas.com.br                           troca a senha (as sessões dela terminam)
  remover --email ana@fillgas.com.br                         remove a conta (as sessões dela terminam)
  listar                                                     mostra nomes e e-mails
  json --email ana@fillgas.com.br --nome "Ana Souza"         uma conta em JSON, para STUDIO_ACCOUNTS

Opções: --contas arquivo.json (padrão: STUDIO_ACCOUNTS_FILE, ou .estudio/contas.json).
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

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      nome: { type: 'string' },
      contas: { type: 'string' },
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
    case 'listar': {
      const accounts = await readAccountsFile(file);
      if (accounts.length === 0) return out(`Nenhuma conta em ${file}.`);
      for (const a of accounts) out(`${a.name} <${a.email}>`);
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
      const hash = await hashPassword(await newPassword());
      await writeAccountsFile(file, [...accounts, { name, email, hash }]);
      return out(`Conta criada: ${name} <${email}> em ${file}.`);
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
      if (!accounts.some((a) => a.email === email))
        throw new Refused(`Não há conta para ${email} em ${file}.`);
      await writeAccountsFile(
        file,
        accounts.filter((a) => a.email !== email),
      );
      return out(`Conta removida: ${email}. As sessões dela terminaram.`);
    }
    case 'json': {
      const email = emailOption(values.email);
      const name = nameOption(values.nome);
      const hash = await hashPassword(await newPassword());
      return out(JSON.stringify({ name, email, hash }));
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
  if (error instanceof Error && error.name === 'AccountsError') {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

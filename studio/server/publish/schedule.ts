/**
 * Agendar (issue 38): saved changes moved into a schedule's folder, pages/_agendamentos/<id>/,
 * instead of going live now; a schedule's folder changed (new times) or removed (Cancelar); a
 * schedule's files brought back as drafts (Editar). Each write is one publish through the same
 * pipeline (commit.ts: the whole-site check, commit, journal, push), in the queue.
 *
 * Scheduling never loses the author's work: the drafts stay in pages/ until the schedule is on
 * the branch and the remote; only then each file that still holds the text that was scheduled goes
 * back to its published version. A refusal or a crash on the way leaves the drafts as they were.
 */
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { placeModeline, SCHEDULE_META_FILE, SCHEDULES_DIR } from '../../../runtime/load/index.ts';
import type { ChangedFile } from '../../api.ts';
import { changedPaths, gitAtCommit, gitBlobs, type Repo, type TreeChange } from '../git.ts';
import { HttpError } from '../http.ts';
import { serialised, writeAtomic } from '../page-files.ts';
import type { Person } from '../people.ts';
import { changes } from './changes.ts';
import { commitAndPush } from './commit.ts';
import { IMAGES, PAGES, type PublishContext, type PublishOutcome } from './context.ts';
import { join, toApiFile, toRepoPath, worktreeText, writeFromBlob } from './files.ts';

const SCHEDULES_FOLDER = SCHEDULES_DIR;
const META_FILE = SCHEDULE_META_FILE;

/** A schedule's folder in the repository ("pages/_agendamentos/natal"). */
export const scheduleFolder = (r: Repo, id: string): string => join(r.pagesPath, `${SCHEDULES_FOLDER}/${id}`);

/** The published files of every schedule folder at `rev`: id → its files (path relative to the folder). */
export async function scheduleFolders(
  r: Repo,
  rev = 'HEAD',
): Promise<Map<string, { rel: string; text: string | null }[]>> {
  const base = join(r.pagesPath, SCHEDULES_FOLDER);
  // The files are read at the commit listed (HEAD may move in between).
  let at = rev;
  const listing = await gitAtCommit(
    r,
    rev,
    (commit) => ['ls-tree', '-r', '-z', '--full-tree', (at = commit), '--', `${base}/`],
    { okCodes: [128] },
  );
  const entries = listing
    .split('\0')
    .filter(Boolean)
    .map((line) => /^(\d{6}) (\w+) [0-9a-f]+\t(.*)$/s.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2] === 'blob')
    .map((m) => m[3]!)
    .filter((p) => p.startsWith(`${base}/`));
  const texts = await gitBlobs(
    r.top,
    entries.map((p) => `${at}:${p}`),
  );
  const out = new Map<string, { rel: string; text: string | null }[]>();
  entries.forEach((p, i) => {
    const rest = p.slice(base.length + 1);
    const slash = rest.indexOf('/');
    if (slash < 0) return; // a file directly under _agendamentos/: no schedule
    const id = rest.slice(0, slash);
    const list = out.get(id) ?? [];
    list.push({ rel: rest.slice(slash + 1), text: texts[i] ?? null });
    out.set(id, list);
  });
  return out;
}

/** Who last changed each schedule's folder, and when (ISO): id → the commit's author and date. */
export async function scheduleAuthors(
  r: Repo,
  ids: string[],
): Promise<Map<string, { by: string; at: string }>> {
  const out = new Map<string, { by: string; at: string }>();
  for (const id of ids) {
    const run = await gitAtCommit(r, 'HEAD', (commit) => [
      'log',
      '-1',
      '--format=%an%x1f%aI',
      commit,
      '--',
      scheduleFolder(r, id),
    ]);
    const [by, at] = run.trim().split('\x1f');
    if (by && at) out.set(id, { by, at });
  }
  return out;
}

export interface SchedulePlan {
  id: string;
  /** API names ("pages/x.yaml", "public/images/y.png") among the saved changes. */
  files: string[];
  message: string;
  /** The meta file's text, given the files (relative to pages/) the schedule removes. */
  meta(remove: string[]): string;
  /** The folder replaces this schedule's (same id: Editar then Agendar). */
  replace: boolean;
}

/**
 * Agendar (in the queue): the chosen saved pages into the schedule's folder, their published
 * versions left in pages/; images chosen with them are published now (nothing shows them before
 * the instant). The drafts go back to the published text only after the publish went through.
 */
export async function scheduleDrafts(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  plan: SchedulePlan,
): Promise<PublishOutcome> {
  const current = await changes(ctx);
  const byFile = new Map<string, ChangedFile>(current.files.map((c) => [c.file, c]));
  for (const file of plan.files) {
    const refused = current.refused.find((x) => x.file === file);
    if (refused) throw new HttpError(409, `${refused.reason} Nada foi agendado.`);
    const change = byFile.get(file);
    if (!change)
      throw new HttpError(409, `${file} não tem mudanças salvas para agendar (já publicado, ou não existe).`);
    if (change.stale)
      throw new HttpError(
        409,
        `Depois que você salvou ${file}, outra pessoa publicou outra versão. Publique ou junte as duas versões antes de agendar: o agendamento guardaria o arquivo inteiro e apagaria a mudança dela na hora marcada.`,
      );
  }
  const folder = scheduleFolder(r, plan.id);
  const existing = (await scheduleFolders(r)).get(plan.id);
  if (existing && !plan.replace)
    throw new HttpError(409, `Já existe um agendamento chamado "${plan.id}". Escolha outro nome.`);
  if (!existing && plan.replace)
    throw new HttpError(
      404,
      `O agendamento "${plan.id}" não existe mais (foi cancelado?). Nada foi agendado.`,
    );
  const handEdited = await changedPaths(r, [folder]);
  if (handEdited.length > 0)
    throw new HttpError(
      409,
      `A pasta do agendamento "${plan.id}" tem mudanças salvas fora do Estúdio: peça a quem cuida do site para publicá-las ou desfazê-las.`,
    );

  const pages = plan.files.filter((f) => f.startsWith(PAGES));
  const images = plan.files.filter((f) => f.startsWith(IMAGES));
  if (pages.length === 0)
    throw new HttpError(
      400,
      'Escolha ao menos uma página (ou _site.yaml) para agendar; imagens sozinhas não mudam o site.',
    );
  const moved: { repoPath: string; text: string | null }[] = [];
  const remove: string[] = [];
  const changeList: TreeChange[] = [];
  const written = new Set<string>();
  for (const file of pages) {
    const repoPath = toRepoPath(r, file);
    const rel = file.slice(PAGES.length);
    const text = await worktreeText(r, repoPath);
    moved.push({ repoPath, text });
    if (text === null) remove.push(rel);
    else {
      const target = `${folder}/${rel}`;
      written.add(target);
      // Two folders deeper: its editor schema line follows (runtime/load/modeline.ts).
      changeList.push({
        path: target,
        from: 'text',
        text: placeModeline(text, `${SCHEDULES_DIR}/${plan.id}/${rel}`),
      });
    }
  }
  const meta = `${folder}/${META_FILE}`;
  written.add(meta);
  changeList.push({ path: meta, from: 'text', text: plan.meta(remove.sort()) });
  for (const old of existing ?? []) {
    const p = `${folder}/${old.rel}`;
    if (!written.has(p)) changeList.push({ path: p, from: 'delete' });
  }
  for (const file of images) changeList.push({ path: toRepoPath(r, file), from: 'worktree' });

  let outcome: PublishOutcome;
  try {
    outcome = await commitAndPush(ctx, r, person, plan.message, changeList, 'agendar', plan.files);
  } catch (error) {
    // The same files and times again (Editar, then Agendar with nothing changed).
    if (error instanceof HttpError && error.status === 409 && error.message.startsWith('Nada a publicar'))
      throw new HttpError(
        409,
        `O agendamento "${plan.id}" já está exatamente assim: nada a agendar. Mude a página ou os horários, ou desfaça as mudanças salvas dela.`,
      );
    throw error;
  }
  if (outcome.status !== 200) return outcome;
  // On the remote: each draft that still holds the scheduled text goes back to the published file.
  for (const { repoPath, text } of moved) {
    if ((await worktreeText(r, repoPath)) === text) await writeFromBlob(r, 'HEAD', repoPath);
  }
  return outcome;
}

/**
 * A schedule's folder changed or removed (new times, Cancelar) as one publish: `texts` relative
 * to the folder, null removes. Refused while the folder has changes saved outside the Estúdio.
 */
export async function publishScheduleTexts(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  id: string,
  texts: { rel: string; text: string | null }[],
  message: string,
): Promise<PublishOutcome> {
  const folder = scheduleFolder(r, id);
  if (!(await scheduleFolders(r)).has(id))
    throw new HttpError(404, `O agendamento "${id}" não existe (ou já foi cancelado).`);
  const dirty = await changedPaths(r, [folder]);
  if (dirty.length > 0)
    throw new HttpError(
      409,
      `A pasta do agendamento "${id}" tem mudanças salvas fora do Estúdio: peça a quem cuida do site para publicá-las ou desfazê-las.`,
    );
  return commitAndPush(
    ctx,
    r,
    person,
    message,
    texts.map((t) =>
      t.text === null
        ? { path: `${folder}/${t.rel}`, from: 'delete' as const }
        : { path: `${folder}/${t.rel}`, from: 'text' as const, text: t.text },
    ),
    'agendar',
    texts.map((t) => toApiFile(r, `${folder}/${t.rel}`) ?? `${folder}/${t.rel}`),
  );
}

/**
 * Editar (in the queue): the schedule's files written into pages/ as saved drafts (its `remove`
 * list as deleted files), when none of them has other saved changes. The schedule stays as it is
 * until it is scheduled again (same id, replaced) or cancelled.
 */
export async function bringBack(
  ctx: PublishContext,
  r: Repo,
  id: string,
  files: { rel: string; text: string | null }[],
): Promise<string[]> {
  const targets = files.map((f) => ({ ...f, repoPath: join(r.pagesPath, f.rel) }));
  const dirty = await changedPaths(
    r,
    targets.map((t) => t.repoPath),
  );
  if (dirty.length > 0) {
    const names = dirty.map((d) => toApiFile(r, d.path) ?? d.path);
    throw new HttpError(
      409,
      `${names.join(', ')} ${names.length === 1 ? 'já tem' : 'já têm'} mudanças salvas que ainda não foram publicadas. Publique-as ou desfaça-as antes de editar o agendamento "${id}": editar traria os arquivos dele por cima desse trabalho.`,
    );
  }
  for (const t of targets) {
    const abs = path.join(r.top, ...t.repoPath.split('/'));
    await serialised(abs, async () => {
      if (t.text === null) await unlink(abs).catch(() => {});
      else {
        await mkdir(path.dirname(abs), { recursive: true });
        await writeAtomic(abs, Buffer.from(placeModeline(t.text, t.rel), 'utf8'), 0o644);
      }
    });
  }
  void ctx;
  return targets.map((t) => toApiFile(r, t.repoPath) ?? t.repoPath);
}

/**
 * Trazer para as páginas (in the queue): a schedule with no end, already live for good, becomes
 * pages/ itself: its files written there, its `remove` list removed, its folder gone, in one
 * publish (the site does not change). Refused while any of those pages has saved drafts.
 */
export async function applySchedule(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  id: string,
  files: { rel: string; text: string | null }[],
  message: string,
): Promise<PublishOutcome> {
  const folder = scheduleFolder(r, id);
  const existing = (await scheduleFolders(r)).get(id);
  if (!existing) throw new HttpError(404, `O agendamento "${id}" não existe (ou já foi cancelado).`);
  const targets = files.map((f) => ({ ...f, repoPath: join(r.pagesPath, f.rel) }));
  const dirty = await changedPaths(r, [folder, ...targets.map((t) => t.repoPath)]);
  if (dirty.length > 0) {
    const names = dirty.map((d) => toApiFile(r, d.path) ?? d.path);
    throw new HttpError(
      409,
      `${names.join(', ')} ${names.length === 1 ? 'tem' : 'têm'} mudanças salvas que ainda não foram publicadas. Publique-as ou desfaça-as antes de trazer o agendamento "${id}" para as páginas: nada é escrito por cima do trabalho de ninguém.`,
    );
  }
  const changeList: TreeChange[] = [
    ...targets.map((t) =>
      t.text === null
        ? { path: t.repoPath, from: 'delete' as const }
        : { path: t.repoPath, from: 'text' as const, text: placeModeline(t.text, t.rel) },
    ),
    ...existing.map((f) => ({ path: `${folder}/${f.rel}`, from: 'delete' as const })),
  ];
  return commitAndPush(
    ctx,
    r,
    person,
    message,
    changeList,
    'agendar',
    targets.map((t) => toApiFile(r, t.repoPath) ?? t.repoPath),
  );
}

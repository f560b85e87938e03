/**
 * A publish made for a request (decision 0049, session 21): Restaurar, Desfazer, Agendar, a
 * schedule's changes and Levar a vencedora asked by one person and approved by another run the
 * SAME route handler as a direct one. What differs is carried here, around that handler's call,
 * and read by the one place every such publish goes through (commit.ts's commitAndPush):
 *
 * - `dryRun`: the handler validates everything and computes its tree as usual, then, instead of
 *   checking and committing, commitAndPush throws `PlannedPublish` with what it would write (each
 *   path's blob before and after) and the commit message the handler chose. A request stores that
 *   plan: the files it will overwrite and with what.
 * - `expect` (the approval): commitAndPush compares the plan computed now with the stored one,
 *   in the publish queue, right before the check; any difference refuses with `PlanChanged`
 *   (nothing is committed). Otherwise the commit's author is the requester and its message ends
 *   with the request's trailers (Pedido-por, Aprovado-por).
 *
 * AsyncLocalStorage, not a parameter through every handler and publisher method: the handlers
 * stay exactly the direct ones, and nothing outside a request's call can see it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Person } from '../people.ts';

/** One path a publish writes: its blob in the parent and in the new tree (null: absent). */
export interface PlannedWrite {
  /** The API file ("pages/x.yaml") or, outside pages/ and public/, the repository path. */
  file: string;
  /** The repository path. */
  path: string;
  before: string | null;
  after: string | null;
}

export interface Plan {
  /** The commit it builds on (HEAD when planned) and the tree it would commit. */
  parent: string;
  tree: string;
  /** The handler's commit message (its first line says what the action does). */
  message: string;
  writes: PlannedWrite[];
}

export interface Behalf {
  dryRun?: boolean;
  /** The approval: the stored plan's writes, the requester (author) and the trailers. */
  expect?: PlannedWrite[];
  author?: Pick<Person, 'name' | 'email'>;
  trailers?: string;
}

const store = new AsyncLocalStorage<Behalf>();

/** Runs `task` (a route handler) on behalf of a request. */
export const onBehalf = <T>(behalf: Behalf, task: () => Promise<T>): Promise<T> => store.run(behalf, task);

/** What commitAndPush is running for, when it runs for a request. */
export const behalf = (): Behalf | undefined => store.getStore();

/** Thrown by commitAndPush in a dry run: what the publish would be. */
export class PlannedPublish extends Error {
  constructor(readonly plan: Plan) {
    super('Pedido: só o plano da publicação, nada foi publicado.');
    this.name = 'PlannedPublish';
  }
}

/** A difference between the request's stored plan and the one computed at approval. */
export interface PlanDifference {
  file: string;
  /** publicado: someone published the file since; alterado: what would be written differs. */
  now: 'publicado' | 'alterado';
}

/** Thrown by commitAndPush at approval when the plan is no longer the requested one. */
export class PlanChanged extends Error {
  constructor(
    readonly differences: PlanDifference[],
    /** The plan computed now (its `before`s are the published blobs). */
    readonly now: PlannedWrite[],
  ) {
    super('O que seria publicado não é mais o que foi pedido.');
    this.name = 'PlanChanged';
  }
}

/**
 * Every path already holds what the request would write (its publish went through, and only its
 * record was cut short by a crash): approving again must not publish anything.
 */
export const alreadyWritten = (asked: PlannedWrite[], now: PlannedWrite[]): boolean =>
  asked.length > 0 && asked.every((a) => now.find((n) => n.path === a.path)?.before === a.after);

/** The differences between two plans' writes (empty: the same publish). */
export function compareWrites(asked: PlannedWrite[], now: PlannedWrite[]): PlanDifference[] {
  const out: PlanDifference[] = [];
  const byPath = new Map(now.map((w) => [w.path, w]));
  for (const a of asked) {
    const n = byPath.get(a.path);
    byPath.delete(a.path);
    if (!n) out.push({ file: a.file, now: 'alterado' });
    else if (n.before !== a.before) out.push({ file: a.file, now: 'publicado' });
    else if (n.after !== a.after) out.push({ file: a.file, now: 'alterado' });
  }
  for (const n of byPath.values()) out.push({ file: n.file, now: 'alterado' });
  return out;
}

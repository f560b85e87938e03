/**
 * Publicar, Histórico and Restaurar: from the saved files to a commit on the branch and a push
 * to the remote the static host rebuilds from.
 *
 * A publish is: the tree of HEAD with the chosen files → the whole site built from exactly that
 * tree (`npm run build` in a child process, NODE_ENV=production, so JSON-LD rules and JavaScript
 * budgets hold as in CI) → a commit under the author's name → the branch moved by
 * compare-and-swap → a push. A push the remote rejects because it moved on is fetched, the
 * author's commit replayed onto it (`git merge-tree`), the result checked again and pushed. Any
 * refusal on the way puts the branch back where it was: the author's files stay saved, never
 * lost and never half-committed.
 *
 * Each step is a module (decision 0041); this one wires them around one shared context:
 * queue.ts (one at a time) → recovery.ts (a crash put right first) → changes.ts (what there is
 * to publish) → publish-change.ts, restore.ts, undo.ts, winner.ts (what is published) →
 * commit.ts (check.ts, remote.ts: checked, committed, pushed); history.ts reads the history.
 */
import type { ChangesAnswer, DeletedPage, HistoryAnswer, HistoryDiffAnswer } from '../../api.ts';
import type { AuditLog } from '../audit.ts';
import { openRepo } from '../git.ts';
import type { Person } from '../people.ts';
import { createSiteBuilds } from '../review/site-builds.ts';
import type { Runtime } from '../runtime.ts';
import { placeholdersOf } from '../site.ts';
import { changes } from './changes.ts';
import { check } from './check.ts';
import {
  need,
  PAGES,
  type CheckResult,
  type PublishContext,
  type PublishOptions,
  type PublishOutcome,
} from './context.ts';
import { join, worktreeText } from './files.ts';
import { deleted, diff, firstDays, history, pageStates, publishedText, resolveTree } from './history.ts';
import { publishFiles, reviewTrees, type ApprovedRequest } from './publish-change.ts';
import { createQueue } from './queue.ts';
import { recover } from './recovery.ts';
import { restore } from './restore.ts';
import {
  applySchedule,
  bringBack,
  publishScheduleTexts,
  scheduleAuthors,
  scheduleDrafts,
  scheduleFolders,
  type SchedulePlan,
} from './schedule.ts';
import { revert } from './undo.ts';
import { publishTexts } from './winner.ts';

export type { PublishOptions, PublishOutcome } from './context.ts';
export { describeChange, formatDate } from './describe.ts';

export function createPublisher(options: PublishOptions) {
  const { repo, audit } = options;
  const ctx: PublishContext = {
    options,
    repo,
    audit,
    builds: options.builds ?? createSiteBuilds({ root: options.root }),
    stale: new Map(),
  };
  /** The first in line is the recovery from a publish a crash interrupted (recovery.ts). */
  const exclusive = createQueue(() => recover(ctx));

  return {
    enabled: repo !== undefined,

    /** The kept builds of trees: the review of a publish reads the sites they built. */
    builds: ctx.builds,

    /**
     * The two trees a publish of `files` goes between (review/, "Páginas que esta publicação
     * muda"): the published one (HEAD's) and the one Publicar would check and commit.
     */
    async reviewTrees(files: string[]): Promise<{ before: string; after: string; edited: string[] }> {
      const r = need(ctx);
      const current = await exclusive(() => changes(ctx));
      return reviewTrees(ctx, r, current, files);
    },

    /**
     * The check of `tree` (a build, refused with located errors like Publicar's), reusing a kept
     * build younger than `maxAgeMs`; its site stays in `builds` for a while.
     */
    checkTree(tree: string, maxAgeMs?: number): Promise<CheckResult> {
      return check(ctx, need(ctx), tree, maxAgeMs);
    },

    /** The tree a commit or tree id (40 hex digits) names in the repository, or undefined. */
    resolveTree(id: string): Promise<string | undefined> {
      return resolveTree(ctx, id);
    },

    async changes(acting: Person): Promise<ChangesAnswer> {
      // The commit's author: a name and an e-mail, not the request's role (decision 0048).
      const person: Person = { name: acting.name, email: acting.email };
      if (!repo) {
        return {
          publishing: {
            enabled: false,
            remote: null,
            branch: null,
            reason: 'Esta pasta não está num repositório git: o Estúdio salva, mas não publica.',
          },
          author: person,
          changes: [],
          placeholders: [],
        };
      }
      const site = await worktreeText(repo, join(repo.pagesPath, '_site.yaml'));
      const found = await exclusive(() => changes(ctx));
      return {
        publishing: { enabled: true, remote: repo.remote ?? null, branch: repo.branch },
        author: person,
        changes: found.files,
        placeholders: site === null ? [] : placeholdersOf(site),
        ...(found.refused.length > 0 ? { refused: found.refused } : {}),
      };
    },

    publish(
      person: Person,
      files: string[],
      message: string,
      overwrite: string[],
      resolved: { file: string; text: string; against: string | null }[] = [],
      request?: ApprovedRequest,
    ): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => publishFiles(ctx, r, person, files, message, overwrite, resolved, request));
    },

    /** A pages/ file as published (HEAD), null outside git or when it is not there. */
    publishedText(file: string): Promise<string | null> {
      return publishedText(ctx, file);
    },

    /**
     * For experiments without a start: the São Paulo day each experiment id was first published
     * in `file` (_site.yaml), from the lines its commits added.
     */
    firstDays(file: string): Promise<(id: string) => string | null> {
      return firstDays(ctx, file);
    },

    /** "Levar a vencedora para a página" (winner.ts). */
    publishTexts(
      person: Person,
      texts: { file: string; text: string | null }[],
      message: string,
    ): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => publishTexts(ctx, r, person, texts, message));
    },

    /** Undoes one published change as a new one (undo.ts). */
    revert(person: Person, commit: string): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => revert(ctx, r, person, commit));
    },

    /** For the Páginas screen: each page's last published change, and whether it has unpublished ones. */
    pageStates(): Promise<
      Map<string, { lastChange: { name: string; date: string } | null; unpublished: boolean }>
    > {
      return pageStates(ctx);
    },

    history(file: string): Promise<HistoryAnswer> {
      return history(ctx, file);
    },

    diff(file: string, commit: string): Promise<HistoryDiffAnswer> {
      return diff(ctx, file, commit);
    },

    deleted(): Promise<DeletedPage[]> {
      return deleted(ctx);
    },

    /** Agendar: saved changes into a schedule's folder, the published files left live (schedule.ts). */
    schedule(person: Person, plan: SchedulePlan): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => scheduleDrafts(ctx, r, person, plan));
    },

    /** A schedule's folder changed (new times) or removed (Cancelar) in one publish (schedule.ts). */
    scheduleTexts(
      person: Person,
      id: string,
      texts: { rel: string; text: string | null }[],
      message: string,
    ): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => publishScheduleTexts(ctx, r, person, id, texts, message));
    },

    /** The published schedules' folders: id → files relative to the folder (empty outside git). */
    async schedules(): Promise<Map<string, { rel: string; text: string | null }[]>> {
      return repo ? scheduleFolders(repo) : new Map();
    },

    /** Who last changed each schedule's folder, and when (ISO). */
    async scheduleAuthors(ids: string[]): Promise<Map<string, { by: string; at: string }>> {
      return repo ? scheduleAuthors(repo, ids) : new Map();
    },

    /** Trazer para as páginas: an applied schedule's files into pages/, its folder gone (schedule.ts). */
    applySchedule(
      person: Person,
      id: string,
      files: { rel: string; text: string | null }[],
      message: string,
    ): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => applySchedule(ctx, r, person, id, files, message));
    },

    /** Editar: a schedule's files (relative to pages/) written into pages/ as drafts (schedule.ts). */
    bringBack(id: string, files: { rel: string; text: string | null }[]): Promise<string[]> {
      const r = need(ctx);
      return exclusive(() => bringBack(ctx, r, id, files));
    },

    /** One file's version from the history, published as a new commit (restore.ts). */
    restore(person: Person, file: string, commit: string): Promise<PublishOutcome> {
      const r = need(ctx);
      return exclusive(() => restore(ctx, r, person, file, commit));
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;

/** The publisher of the repository that holds `pagesDir` (publishing disabled when there is none). */
export async function publisherFor(folders: {
  root: string;
  pagesDir: string;
  publicDir: string;
  audit: AuditLog;
  runtime: Runtime;
}): Promise<Publisher> {
  const load = await folders.runtime.load();
  const { blockMap } = await folders.runtime.blocks();
  return createPublisher({
    root: folders.root,
    repo: await openRepo(folders.pagesDir, folders.publicDir),
    audit: folders.audit,
    routeOf: (file) => {
      const rel = file.slice(PAGES.length);
      return load.isRouteFile(rel) && load.badRouteFileName(rel) === undefined ? load.fileToRoute(rel) : null;
    },
    blockTitle: (type) => blockMap.get(type)?.title,
  });
}

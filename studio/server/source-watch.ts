/**
 * A narrow file watcher: tells when a file is added, changed or removed in a few folders (with
 * their subfolders) or single files, as the preview agent's cache needs (preview-agent.ts). One
 * `fs.watch` per folder, none per file: the agent's sources are about 40 folders, where Vite's
 * watcher over the whole project lstat's, realpath's and watches every file of the checkout (about
 * 0.4 s of CPU at each start of the Estúdio; decision 0039, session 25).
 */
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface SourceWatch {
  /** Settles once every folder that exists now is watched: a change from then on is reported. */
  ready: Promise<void>;
  close(): void;
}

/**
 * Calls `changed` with the absolute path of what changed (a file, or a folder added or removed).
 * `paths` are absolute: one ending in a separator is a folder, watched with everything below it, a folder
 * made later included; any other is a file, whose folder alone is watched (so `changed` may also
 * name that file's neighbours: the caller filters). Spurious calls are possible, missed changes
 * are not. The watches never keep the process alive.
 */
export function watchSources(paths: readonly string[], changed: (file: string) => void): SourceWatch {
  /** Watched folder → its watcher and whether its subfolders are watched too. */
  const watched = new Map<string, { watcher: FSWatcher; deep: boolean }>();
  let closed = false;

  const unwatch = (dir: string) => {
    for (const [folder, entry] of watched) {
      if (folder === dir || folder.startsWith(dir + path.sep)) {
        entry.watcher.close();
        watched.delete(folder);
      }
    }
  };

  /** A name in a watched folder was added, removed or renamed: a new folder is watched, a gone one no more. */
  const renamed = async (file: string, deep: boolean) => {
    const isDir = await stat(file).then(
      (s) => s.isDirectory(),
      () => undefined,
    );
    if (isDir === undefined) unwatch(file);
    else if (isDir && deep) await add(file, true);
  };

  const add = async (dir: string, deep: boolean): Promise<void> => {
    if (closed) return;
    const known = watched.get(dir);
    if (known && (known.deep || !deep)) return;
    if (!known) {
      let watcher: FSWatcher;
      try {
        watcher = watch(dir, { persistent: false }, (event, name) => {
          const file = name ? path.join(dir, name.toString()) : dir;
          changed(file);
          if (event === 'rename' && name) void renamed(file, watched.get(dir)?.deep ?? false);
        });
      } catch {
        return; // Gone (or never there): its parent, if watched, reports it when it comes.
      }
      // The folder itself removed: what was in it is gone too.
      watcher.on('error', () => {
        unwatch(dir);
        changed(dir);
      });
      watched.set(dir, { watcher, deep });
    } else known.deep = true;
    if (!deep) return;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => add(path.join(dir, e.name), true)));
  };

  const ready = Promise.all(
    paths.map((p) => (/[\\/]$/.test(p) ? add(p.slice(0, -1), true) : add(path.dirname(p), false))),
  ).then(() => undefined);
  return {
    ready,
    close() {
      closed = true;
      for (const { watcher } of watched.values()) watcher.close();
      watched.clear();
    },
  };
}

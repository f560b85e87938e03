/**
 * A command of the project run the way `npm run <script>` runs it (tsx), in one Node process:
 * `node --import <tsx's loader> <file> …`. The `tsx` command starts Node and then a second Node
 * process with that loader, and `npx tsx` starts npm first: 0.9 s of CPU for `npx tsx` and 0.6 s
 * for `tsx` against 0.3 s here, before the command's own work (decision 0039, session 18).
 *
 * The CLI and the Estúdio themselves run from their kept bundle (`projectArgs`,
 * studio/server/bundled-entry.ts), as the Estúdio runs the build of every publish: the same code
 * without tsx's loading (about 1 s of CPU less a process; decision 0039, session 20).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryArgs, type BundledEntry } from '../../studio/server/bundled-entry.ts';

/** tsx's loader by address, so that it is found whatever folder the command runs in. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The arguments of `process.execPath` that run `file` (a path, absolute or from `cwd`) with `args`. */
export const tsxArgs = (file: string, ...args: string[]): string[] => ['--import', TSX_LOADER, file, ...args];

const repo = path.resolve(import.meta.dirname, '../..');

/** The arguments of `process.execPath` that run this checkout's `entry` (bundled) with `args`, from any folder. */
export const projectArgs = async (entry: BundledEntry, ...args: string[]): Promise<string[]> => [
  ...(await entryArgs(repo, entry)),
  ...args,
];

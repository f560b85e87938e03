/**
 * A save killed mid-write leaves `pages/.<name>.<hex>.tmp`: the Estúdio removes its own leftovers
 * when it starts (issue 40, point 5), and only those: not a write in progress, not another file.
 */
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTempLeftovers, writeTempBeside } from '../../studio/server/page-files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'estudio-sobras-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const old = async (file: string) => {
  const past = new Date(Date.now() - 10 * 60_000);
  await utimes(file, past, past);
};

describe('removeTempLeftovers', () => {
  it('removes the temporary files a killed save left, in subfolders too, and nothing else', async () => {
    await mkdir(path.join(dir, 'campanhas'));
    const left = await writeTempBeside(path.join(dir, 'agendamento.yaml'), Buffer.from('a'), 0o644);
    const deep = await writeTempBeside(path.join(dir, 'campanhas', 'natal.yaml'), Buffer.from('b'), 0o644);
    await old(left);
    await old(deep);
    const keep = ['agendamento.yaml', '.agendamento.yaml.tmp', 'notas.tmp', '.x.0123456789ab.tmp.yaml'];
    for (const name of keep) await writeFile(path.join(dir, name), 'x');
    for (const name of keep) await old(path.join(dir, name));
    const removed = await removeTempLeftovers(dir);
    expect(removed.sort()).toEqual([path.relative(dir, left), path.relative(dir, deep)].sort());
    expect((await readdir(dir)).sort()).toEqual([...keep, 'campanhas'].sort());
    expect(await readdir(path.join(dir, 'campanhas'))).toEqual([]);
  });

  it('leaves a write in progress (a fresh temporary file) and never follows a link', async () => {
    const fresh = await writeTempBeside(path.join(dir, 'agendamento.yaml'), Buffer.from('a'), 0o644);
    const outside = await mkdtemp(path.join(os.tmpdir(), 'estudio-fora-'));
    try {
      const target = path.join(outside, '.alvo.yaml.0123456789ab.tmp');
      await writeFile(target, 'x');
      await old(target);
      await symlink(target, path.join(dir, '.link.yaml.0123456789ab.tmp'));
      await symlink(outside, path.join(dir, 'pasta-link'));
      expect(await removeTempLeftovers(dir)).toEqual([]);
      expect(await readdir(outside)).toEqual(['.alvo.yaml.0123456789ab.tmp']);
      expect(await readdir(dir)).toContain(path.basename(fresh));
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('is quiet about a folder that does not exist', async () => {
    expect(await removeTempLeftovers(path.join(dir, 'nada'))).toEqual([]);
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectArgs } from '../helpers/tsx.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      await projectArgs('runtime/cli.ts', ...args),
      {
        cwd: root,
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
};

describe('npm run check', () => {
  it('passes on the real pages', async () => {
    const { code, out } = await run('check');
    expect(code).toBe(0);
    expect(out).toMatch(/✓ \d+ páginas válidas\./);
  });

  it('checks only the files named, and refuses a file that is not a page', async () => {
    expect((await run('check', 'pages/index.yaml')).out).toContain('✓ 1 página válida.');
    const { code, out } = await run('check', 'pages/nao-existe.yaml');
    expect(code).toBe(1);
    expect(out).toContain('pages/nao-existe.yaml:1:1  pages/nao-existe.yaml não é uma página');
    expect(out).not.toMatch(/\n\s+at /);
  });
});

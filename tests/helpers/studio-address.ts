/**
 * The address an Estúdio started as a child process prints once it listens
 * (`http://127.0.0.1:<port>/?token=…`); if it ends first, an error with what it wrote to stderr.
 */
import type { ChildProcess } from 'node:child_process';

export function studioAddress(child: ChildProcess): Promise<URL> {
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m.exec(out);
      if (m) resolve(new URL(m[1]!));
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`the Estúdio ended (${String(signal ?? code)}) before starting: ${output}`)),
    );
  });
}

/**
 * The command line kept running for the Estúdio's checks (`cli.ts montagens`, decision 0019):
 * the Estúdio checks every publish with `build`, and a fresh Node for each check spent most of
 * its time starting (loading and compiling the CLI, its packages and validators) rather than
 * building. Here the commands come one at a time over the IPC channel of a child process
 * (studio/server/review/kept-build.ts), each run exactly as from the command line (cli.ts's
 * `run`: the same output, the same exit code), its output taken from stdout and stderr while it
 * runs. Still a process of its own: NODE_ENV=production (the Estúdio's runs in development),
 * and a build that crashes takes only it down.
 */

/** The hidden command that serves jobs (an Estúdio starts it; nobody types it). */
export const JOBS_COMMAND = 'montagens';

/** A process with nothing to do for this long ends (the next check starts another). */
const IDLE_MS = 10 * 60_000;

export interface CliJob {
  id: number;
  args: string[];
}

export interface CliJobDone {
  id: number;
  code: number;
  output: string;
}

type Write = typeof process.stdout.write;

/** Runs each job sent by the parent, one after another; ends with the parent or when idle. */
export function serveJobs(run: (argv: string[]) => Promise<number>): void {
  const send = process.send?.bind(process);
  if (!send) {
    console.error(`✖ "${JOBS_COMMAND}" é usado pelo Estúdio, num processo filho; use build, check…`);
    process.exit(1);
  }
  let idle: NodeJS.Timeout | undefined;
  const rest = () => {
    clearTimeout(idle);
    idle = setTimeout(() => process.exit(0), IDLE_MS);
  };
  let queue = Promise.resolve();
  process.on('message', (job: CliJob) => {
    clearTimeout(idle);
    queue = queue.then(async () => {
      const done = await runCaptured(run, job);
      send(done);
      rest();
    });
  });
  // The Estúdio ended (even killed): nothing more will come.
  process.on('disconnect', () => process.exit(0));
  rest();
}

async function runCaptured(run: (argv: string[]) => Promise<number>, job: CliJob): Promise<CliJobDone> {
  let output = '';
  const out = process.stdout.write;
  const err = process.stderr.write;
  const take = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') (done as () => void)();
    return true;
  }) as Write;
  process.stdout.write = take;
  process.stderr.write = take;
  let code = 1;
  try {
    code = await run(job.args);
  } catch (error) {
    output += `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  return { id: job.id, code, output };
}

/**
 * One publish or restore at a time: each reads HEAD, builds on it and moves the branch. `first`
 * runs before anything else in line (the recovery from a publish a crash interrupted); when it
 * fails it is reported, and the queue goes on.
 */
export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

export function createQueue(first: () => Promise<void>): Exclusive {
  let queue: Promise<unknown> = Promise.resolve().then(() =>
    first().catch((error: unknown) => {
      process.stderr.write(
        `Estúdio: a publicação interrompida não pôde ser concluída nem desfeita agora (${String(error)}); nova tentativa antes da próxima publicação.\n`,
      );
    }),
  );
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };
}

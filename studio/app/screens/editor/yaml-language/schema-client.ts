/**
 * The main thread's side of the protocol: validate, complete and hover as promises, over any
 * worker-like object (the real Web Worker in the app, a fake one in Node tests). No CodeMirror here,
 * so the rest of the Estúdio (the problems list, the publish check) can ask the worker directly.
 */
import type { SchemaMethod, SchemaMethods, SchemaRequest, SchemaResponse } from './protocol.ts';

/** What the client needs of a Worker. */
export interface WorkerLike {
  postMessage(message: SchemaRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SchemaResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

export interface SchemaClient {
  validate(text: string): Promise<SchemaMethods['validate']['result']>;
  complete(text: string, offset: number): Promise<SchemaMethods['complete']['result']>;
  hover(text: string, offset: number): Promise<SchemaMethods['hover']['result']>;
  /** How long the worker's language service took for the last answer of each kind, in ms. */
  readonly timings: Readonly<Partial<Record<SchemaMethod, number>>>;
  /**
   * Starts the worker now if it is started lazily (the author came to the code: the first
   * problem or completion then need not wait for its script to load).
   */
  warm(): void;
  /** Stops the worker; pending and later calls fail. */
  dispose(): void;
}

interface Pending {
  method: SchemaMethod;
  resolve: (result: never) => void;
  reject: (error: Error) => void;
}

/**
 * `worker`, or a function that starts one: then the worker starts at the first question (or
 * `warm()`). The editor opens on texts the server has already checked, so an author who edits on
 * the page never needs it, and the Estúdio does not load and compile its 430 KB script for them.
 */
export function createSchemaClient(worker: WorkerLike | (() => WorkerLike)): SchemaClient {
  const pending = new Map<number, Pending>();
  const timings: Partial<Record<SchemaMethod, number>> = {};
  let nextId = 1;
  let broken: Error | undefined;
  let started: WorkerLike | undefined;

  const failAll = (error: Error): void => {
    broken = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  function listen(to: WorkerLike): WorkerLike {
    to.addEventListener('message', ({ data }) => {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (data.ok) {
        timings[waiting.method] = data.ms;
        waiting.resolve(data.result as never);
      } else {
        waiting.reject(new Error(data.error));
      }
    });
    // A worker that fails to load (a missing stand-in, a syntax error) reports here, once.
    to.addEventListener('error', (event) => {
      failAll(new Error(`O verificador do YAML parou: ${event.message || 'erro ao carregar o worker'}`));
    });
    return to;
  }
  const start = (): WorkerLike => (started ??= listen(typeof worker === 'function' ? worker() : worker));
  if (typeof worker !== 'function') start();

  function call<M extends SchemaMethod>(
    method: M,
    params: SchemaMethods[M]['params'],
  ): Promise<SchemaMethods[M]['result']> {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    const to = start();
    return new Promise((resolve, reject) => {
      pending.set(id, { method, resolve: resolve as (result: never) => void, reject });
      to.postMessage({ id, method, params } as SchemaRequest);
    });
  }

  return {
    validate: (text) => call('validate', { text }),
    complete: (text, offset) => call('complete', { text, offset }),
    hover: (text, offset) => call('hover', { text, offset }),
    timings,
    warm() {
      if (!broken) start();
    },
    dispose() {
      started?.terminate();
      failAll(new Error('O verificador do YAML foi encerrado.'));
    },
  };
}

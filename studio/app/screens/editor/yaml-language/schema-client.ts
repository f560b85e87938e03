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
  /** Stops the worker; pending and later calls fail. */
  dispose(): void;
}

interface Pending {
  method: SchemaMethod;
  resolve: (result: never) => void;
  reject: (error: Error) => void;
}

export function createSchemaClient(worker: WorkerLike): SchemaClient {
  const pending = new Map<number, Pending>();
  const timings: Partial<Record<SchemaMethod, number>> = {};
  let nextId = 1;
  let broken: Error | undefined;

  const failAll = (error: Error): void => {
    broken = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  worker.addEventListener('message', ({ data }) => {
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
  worker.addEventListener('error', (event) => {
    failAll(new Error(`O verificador do YAML parou: ${event.message || 'erro ao carregar o worker'}`));
  });

  function call<M extends SchemaMethod>(
    method: M,
    params: SchemaMethods[M]['params'],
  ): Promise<SchemaMethods[M]['result']> {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { method, resolve: resolve as (result: never) => void, reject });
      worker.postMessage({ id, method, params } as SchemaRequest);
    });
  }

  return {
    validate: (text) => call('validate', { text }),
    complete: (text, offset) => call('complete', { text, offset }),
    hover: (text, offset) => call('hover', { text, offset }),
    timings,
    dispose() {
      worker.terminate();
      failAll(new Error('O verificador do YAML foi encerrado.'));
    },
  };
}

/**
 * The Web Worker that runs yaml-language-server off the main thread, so that validating a
 * 300-line page never delays a keystroke. Started by schema-language.ts as a module worker
 * (Vite bundles it, with the stand-ins of vite-shims.ts, as its own chunk). No DOM here.
 */
import type { SchemaRequest, SchemaResponse } from './protocol.ts';
import { createRequestHandler } from './worker-handler.ts';
import { createYamlService } from './yaml-service.ts';

/**
 * The little of DedicatedWorkerGlobalScope used here. The repository compiles with the DOM lib,
 * where `self` is a Window; adding the webworker lib to the same program conflicts with it.
 */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<SchemaRequest>) => void): void;
  postMessage(message: SchemaResponse): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createRequestHandler(createYamlService());

scope.addEventListener('message', (event) => {
  void handle(event.data).then((response) => scope.postMessage(response));
});

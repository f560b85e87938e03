/**
 * The worker's side of the protocol, apart from the worker itself so that Node tests can drive
 * it through a fake worker: one request in, one answer out, failures answered rather than thrown.
 */
import type { SchemaMethod, SchemaMethods, SchemaRequest, SchemaResponse } from './protocol.ts';
import type { YamlService } from './yaml-service.ts';

export function createRequestHandler(
  service: YamlService,
): (request: SchemaRequest) => Promise<SchemaResponse> {
  return async (request) => {
    const started = performance.now();
    try {
      const result = await answer(service, request);
      return { id: request.id, ok: true, result, ms: performance.now() - started };
    } catch (error) {
      return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

function answer(
  service: YamlService,
  request: SchemaRequest,
): Promise<SchemaMethods[SchemaMethod]['result']> {
  switch (request.method) {
    case 'validate':
      return service.validate(request.params.text);
    case 'complete':
      return service.complete(request.params.text, request.params.offset);
    case 'hover':
      return service.hover(request.params.text, request.params.offset);
  }
}

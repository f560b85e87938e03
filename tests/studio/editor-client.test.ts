/**
 * The editor's worker protocol, end to end in Node: the main thread's client
 * (studio/app/screens/editor/yaml-language/schema-client.ts) talking to the worker's request handler through a fake
 * worker that copies every message with structuredClone, as postMessage does.
 */
import { readFileSync } from 'node:fs';
import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type {
  SchemaRequest,
  SchemaResponse,
} from '../../studio/app/screens/editor/yaml-language/protocol.ts';
import {
  createSchemaClient,
  type SchemaClient,
  type WorkerLike,
} from '../../studio/app/screens/editor/yaml-language/schema-client.ts';
import { schemaCompletionSource } from '../../studio/app/screens/editor/yaml-language/schema-language.ts';
import { createRequestHandler } from '../../studio/app/screens/editor/yaml-language/worker-handler.ts';
import {
  createYamlService,
  type YamlService,
} from '../../studio/app/screens/editor/yaml-language/yaml-service.ts';

const PAGE = readFileSync(new URL('../../pages/agendamento.yaml', import.meta.url), 'utf8');

interface FakeWorker extends WorkerLike {
  fail(message: string): void;
}

function fakeWorker(service: YamlService): FakeWorker {
  const handle = createRequestHandler(service);
  const onMessage: Array<(event: MessageEvent<SchemaResponse>) => void> = [];
  const onError: Array<(event: ErrorEvent) => void> = [];
  return {
    postMessage(request: SchemaRequest) {
      void handle(structuredClone(request)).then((response) => {
        const event = { data: structuredClone(response) } as MessageEvent<SchemaResponse>;
        for (const listener of onMessage) listener(event);
      });
    },
    addEventListener(
      type: 'message' | 'error',
      listener: ((event: MessageEvent<SchemaResponse>) => void) | ((event: ErrorEvent) => void),
    ) {
      if (type === 'message') onMessage.push(listener as (event: MessageEvent<SchemaResponse>) => void);
      else onError.push(listener as (event: ErrorEvent) => void);
    },
    terminate() {},
    fail(message) {
      for (const listener of onError) listener({ message } as ErrorEvent);
    },
  };
}

describe('the schema client', () => {
  it('answers each of several requests in flight with its own result, and records the worker’s time', async () => {
    const client = createSchemaClient(fakeWorker(createYamlService()));
    const broken = PAGE.replace('reveal: offset', 'reveal: ofset');
    const [clean, problems, completions, hover] = await Promise.all([
      client.validate(PAGE),
      client.validate(broken),
      client.complete(PAGE.replace('reveal: offset', 'reveal: '), PAGE.indexOf('reveal: ') + 8),
      client.hover(PAGE, PAGE.indexOf('reveal:') + 1),
    ]);
    expect(clean).toEqual([]);
    expect(problems.map((p) => p.line)).toEqual([7]);
    expect(completions.map((c) => c.label)).toEqual(['offset', 'intersection']);
    expect(hover?.markdown).toContain('Animação de entrada');
    expect(client.timings.validate).toBeGreaterThan(0);
  });

  it('passes a failure in the worker on to the caller', async () => {
    const failing: YamlService = {
      validate: () => Promise.reject(new Error('quebrou')),
      complete: () => Promise.resolve([]),
      hover: () => Promise.resolve(null),
    };
    const client = createSchemaClient(fakeWorker(failing));
    await expect(client.validate('a: 1')).rejects.toThrow('quebrou');
    expect(await client.complete('a: 1', 0)).toEqual([]);
  });

  it('fails every pending and later call, in Portuguese, when the worker itself fails', async () => {
    const worker = fakeWorker({
      validate: () => new Promise(() => {}),
      complete: () => Promise.resolve([]),
      hover: () => Promise.resolve(null),
    });
    const client = createSchemaClient(worker);
    const pending = client.validate('a: 1');
    worker.fail('Failed to fetch module');
    await expect(pending).rejects.toThrow('O verificador do YAML parou: Failed to fetch module');
    await expect(client.hover('a: 1', 0)).rejects.toThrow('O verificador do YAML parou');
  });
  it('started lazily, starts the worker at the first question or warm(), once', async () => {
    let starts = 0;
    const client = createSchemaClient(() => {
      starts++;
      return fakeWorker(createYamlService());
    });
    expect(starts).toBe(0);
    client.warm();
    expect(starts).toBe(1);
    expect(await client.validate(PAGE)).toEqual([]);
    expect(await client.hover(PAGE, PAGE.indexOf('reveal:') + 1)).not.toBeNull();
    expect(starts).toBe(1);

    let later = 0;
    const cold = createSchemaClient(() => {
      later++;
      return fakeWorker(createYamlService());
    });
    const broken = PAGE.replace('reveal: offset', 'reveal: ofset');
    expect((await cold.validate(broken)).map((p) => p.line)).toEqual([7]);
    expect(later).toBe(1);
  });
});

describe('when typing asks the worker for completions', () => {
  /** The lines (cursor at the end of each) the completion source sent to the worker while typing. */
  async function asked(lines: string[]): Promise<string[]> {
    const sent: string[] = [];
    const client = {
      complete: (text: string, offset: number) => {
        const line = text.slice(0, offset).split('\n').at(-1)!;
        sent.push(line);
        return Promise.resolve([]);
      },
    } as unknown as SchemaClient;
    const source = schemaCompletionSource(client);
    for (const line of lines) {
      const state = EditorState.create({ doc: `blocks:\n${line}` });
      await source(new CompletionContext(state, state.doc.length, false));
    }
    return sent;
  }

  it('asks for a key, a value’s first word and right after `key: ` or `- `', async () => {
    const schemaPlaces = ['  - typ', '  - type: her', '    tone: da', '    cta:', '    reveal: ', '  - '];
    expect(await asked(schemaPlaces)).toEqual(schemaPlaces.filter((line) => line !== '    cta:'));
  });

  it('does not ask inside a text longer than a word, where nothing completes', async () => {
    expect(
      await asked(['    title: Recarga de Cilindro CO2 em Casa', '    subtitle: Troca rápida', '    # nota']),
    ).toEqual([]);
  });
});

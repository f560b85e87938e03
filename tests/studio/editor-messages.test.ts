/**
 * The Portuguese table of the Estúdio editor (studio/app/screens/editor/yaml-language/messages-pt.ts) against the
 * yaml-language-server and yaml versions installed, and the snippet conversion for CodeMirror.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  hoverToPortuguese,
  MESSAGES,
  toPortuguese,
} from '../../studio/app/screens/editor/yaml-language/messages-pt.ts';
import { convertSnippet } from '../../studio/app/screens/editor/yaml-language/snippet-template.ts';

const SERVER = fileURLToPath(new URL('../../node_modules/yaml-language-server/', import.meta.url));

function sources(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
}

describe('the Portuguese table', () => {
  it('only has messages that the installed language service and YAML parser still write', () => {
    const written = sources(join(SERVER, 'lib/esm')) + sources(join(SERVER, 'node_modules/yaml/dist'));
    const missing = MESSAGES.map(([english]) => english).filter((english) =>
      english
        .split(/\{\d\}/)
        .filter(Boolean)
        .some((fixedPart) => !written.includes(fixedPart)),
    );
    expect(missing).toEqual([]);
  });

  it('fills the arguments in, and lists alternatives with "ou"', () => {
    expect(toPortuguese('String is longer than the maximum length of 60.')).toBe(
      'Texto longo demais: no máximo 60 caracteres.',
    );
    expect(toPortuguese('Missing property "heading | cards".')).toBe(
      'Falta a propriedade obrigatória "heading" ou "cards".',
    );
    expect(toPortuguese('Incorrect type. Expected "string | number".')).toBe(
      'Tipo incorreto: aqui vai um texto ou um número.',
    );
    expect(
      toPortuguese('Flow sequence in block collection must be sufficiently indented and end with a ]'),
    ).toBe('Lista entre colchetes sem "]" no fim (ou com recuo de menos).');
  });

  it('leaves unknown messages, and the schema’s own Portuguese, as they are', () => {
    expect(toPortuguese('Something new in a later release.')).toBe('Something new in a later release.');
    expect(toPortuguese('Use letras minúsculas, números e _.')).toBe('Use letras minúsculas, números e _.');
  });

  it('translates the hover headings, one "Exemplos:" for several examples', () => {
    expect(
      hoverToPortuguese(
        'd\n\nAllowed Values:\n\n* `a`\n\nExample:\n\n```yaml\na\n```\n\nExample:\n\n```yaml\nb\n```\n',
      ),
    ).toBe('d\n\nValores aceitos:\n\n* `a`\n\nExemplos:\n\n```yaml\na\n```\n\n```yaml\nb\n```\n');
    expect(hoverToPortuguese('Example:\n\n```yaml\na\n```\n')).toBe('Exemplo:\n\n```yaml\na\n```\n');
  });
});

describe('snippets for CodeMirror', () => {
  it('turns tab stops into fields and keeps the YAML layout', () => {
    expect(convertSnippet('cta:\n  label: $1\n  track: ${2}')).toEqual({
      text: 'cta:\n  label: \n  track: ',
      template: 'cta:\n  label: ${1}\n  track: ${2}',
    });
  });

  it('keeps the first of a choice, unescapes \\$, and escapes literal braces', () => {
    expect(convertSnippet('id: ${1|depoimentos,galeria|}')).toEqual({
      text: 'id: depoimentos',
      template: 'id: ${1:depoimentos}',
    });
    expect(convertSnippet('price: ${1:R\\$ 150}')).toEqual({
      text: 'price: R$ 150',
      template: 'price: ${1:R$ 150}',
    });
    expect(convertSnippet('intro: ${1|a {marca\\},b|} {x}')).toEqual({
      text: 'intro: a {marca} {x}',
      template: 'intro: ${1:a marca} \\{x\\}',
    });
  });

  it('drops the "[object Object]" defaults the service makes of object examples', () => {
    expect(convertSnippet('links:\n  - ${1:[object Object]}')).toEqual({
      text: 'links:\n  - ',
      template: 'links:\n  - ${1}',
    });
  });
});

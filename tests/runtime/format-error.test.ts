import { describe, expect, it } from 'vitest';
import { codeFrame, formatProblem, formatProblems } from '../../runtime/load/format-error.ts';

const source = ['title: Página', 'blocks:', '  - type: steps', '  - type: faqq', '    title: x'].join('\n');

describe('error text', () => {
  it('shows the line before, the line, and a caret under the value', () => {
    expect(codeFrame(source, 4, 11, 15)).toBe(
      ['    3 |   - type: steps', '  > 4 |   - type: faqq', '      |           ^^^^'].join('\n'),
    );
  });

  it('puts file:line:col, message, frame and hint together', () => {
    const text = formatProblem({
      code: 'unknown-block',
      message: 'Tipo de bloco desconhecido: "faqq". Você quis dizer "faq"?',
      hint: 'Tipos disponíveis: faq, hero, steps.',
      loc: { file: 'pages/agendamento.yaml', line: 4, column: 11, endColumn: 15 },
      source,
    });
    expect(text).toBe(
      [
        'pages/agendamento.yaml:4:11  Tipo de bloco desconhecido: "faqq". Você quis dizer "faq"?',
        '    3 |   - type: steps',
        '  > 4 |   - type: faqq',
        '      |           ^^^^',
        '  Tipos disponíveis: faq, hero, steps.',
      ].join('\n'),
    );
  });

  it('ends with a Portuguese summary', () => {
    const loc = { file: 'pages/a.yaml', line: 1, column: 1 };
    expect(
      formatProblems([{ code: 'empty-file', message: 'O arquivo está vazio.', loc }])
        .split('\n')
        .pop(),
    ).toBe('✖ 1 erro em 1 arquivo. Corrija e salve: nenhuma página foi publicada.');
  });
});

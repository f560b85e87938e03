// @vitest-environment jsdom
/**
 * The hover's Markdown as DOM (studio/app/screens/editor/yaml-language/markdown-dom.ts): the structure the service
 * writes, and text that stays text.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../studio/app/screens/editor/yaml-language/markdown-dom.ts';

describe('renderMarkdown', () => {
  it('renders the title, paragraphs, value lists and YAML examples of a hover', () => {
    const dom = renderMarkdown(
      '#### Cartões de benefícios\n\nFundo da seção: light ou alt, ex.: \\#duvidas\n\nValores aceitos:\n\n* `alt`\n* `light`\n\nExemplos:\n\n```yaml\nalt\n```\n',
    );
    expect(dom.querySelector('.cm-schema-doc-title')?.textContent).toBe('Cartões de benefícios');
    expect([...dom.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Fundo da seção: light ou alt, ex.: #duvidas',
      'Valores aceitos:',
      'Exemplos:',
    ]);
    expect([...dom.querySelectorAll('li code')].map((code) => code.textContent)).toEqual(['alt', 'light']);
    expect(dom.querySelector('pre')?.textContent).toBe('alt');
  });

  it('never turns text into markup', () => {
    const dom = renderMarkdown('<img src=x onerror=alert(1)> `<b>`');
    expect(dom.querySelector('img, b')).toBeNull();
    expect(dom.textContent).toBe('<img src=x onerror=alert(1)> <b>');
  });
});

/**
 * smallestChange (runtime/author/smallest-change.ts): where the Estúdio writes one edit of an
 * inherited block in a variant's `change:` (docs/decisions/0037-list-items-in-variants.md). The
 * end-to-end property test is tests/runtime/extends-items-property.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { smallestChange } from '../../runtime/author/index.ts';

const faq = {
  type: 'faq',
  id: 'duvidas',
  heading: 'Dúvidas',
  items: [
    { question: 'A?', answer: 'a' },
    { question: 'B?', answer: 'b' },
    { question: 'C?', answer: 'c' },
  ],
};
const legal = {
  type: 'legal',
  sections: [
    { id: 'controlador', heading: 'Quem', paragraphs: ['p1'] },
    { id: 'dados', heading: 'Dados', paragraphs: ['p1', 'p2'] },
  ],
};

describe('smallestChange', () => {
  it('a prop of the block: its key', () => {
    expect(smallestChange({ block: 'duvidas', base: faq, at: ['heading'], value: 'X' })).toEqual({
      path: ['change', 'duvidas', 'heading'],
      value: 'X',
    });
  });

  it('an item without id: its position from 1', () => {
    expect(
      smallestChange({ block: 'duvidas', base: faq, at: ['items', 1, 'answer'], value: 'Sim.' }),
    ).toEqual({ path: ['change', 'duvidas', 'items', '2', 'answer'], value: 'Sim.' });
  });

  it('an item with an id: the id; a list inside it: the position', () => {
    expect(
      smallestChange({ block: 'legal', base: legal, at: ['sections', 1, 'paragraphs', 1], value: 'Novo' }),
    ).toEqual({ path: ['change', 'legal', 'sections', 'dados', 'paragraphs', '2'], value: 'Novo' });
  });

  it('keeps the address the variant already uses for that item', () => {
    const change = { sections: { '2': { heading: 'Os dados' } } };
    expect(
      smallestChange({
        block: 'legal',
        base: legal,
        change,
        at: ['sections', 1, 'paragraphs', 0],
        value: 'N',
      }).path,
    ).toEqual(['change', 'legal', 'sections', '2', 'paragraphs', '1']);
  });

  it('counts the items the variant takes out (`1: null`): addresses are the base list’s', () => {
    const change = { items: { '1': null } };
    expect(
      smallestChange({ block: 'duvidas', base: faq, change, at: ['items', 0, 'answer'], value: 'x' }).path,
    ).toEqual(['change', 'duvidas', 'items', '2', 'answer']);
    expect(
      smallestChange({ block: 'duvidas', base: faq, change, at: ['items', 1, 'answer'], value: 'x' }).path,
    ).toEqual(['change', 'duvidas', 'items', '3', 'answer']);
  });

  it('inside a list the variant writes whole: that list’s own indices (numbers)', () => {
    const change = { items: [{ question: 'Só?', answer: 'só' }] };
    expect(
      smallestChange({ block: 'duvidas', base: faq, change, at: ['items', 0, 'answer'], value: 'x' }).path,
    ).toEqual(['change', 'duvidas', 'items', 0, 'answer']);
  });

  it('two items with the same id are addressed by position', () => {
    const base = {
      sections: [
        { id: 'a', heading: '1' },
        { id: 'a', heading: '2' },
      ],
    };
    expect(smallestChange({ block: 'legal', base, at: ['sections', 1, 'heading'], value: 'x' }).path).toEqual(
      ['change', 'legal', 'sections', '2', 'heading'],
    );
  });
});

/**
 * The preview's text marks (runtime/dev/text-props.ts, decision 0038): each text leaf between
 * invisible marks naming it, a text holding another text of its object marked around it too, and
 * nothing else changed; without its marks, a marked value is the value.
 */
import { describe, expect, it } from 'vitest';
import { closeMark, markTexts, openMark, textLeaves, withoutMarks } from '../../runtime/dev/text-props.ts';
import { blockMap } from '../../blocks/index.ts';

const hero = {
  type: 'hero',
  title: 'Seu cilindro cheio, sem sair de casa.',
  highlight: 'sem sair de casa.',
  cta: { label: 'Agendar', action: 'whatsapp', track: 'Hero' },
};

describe('markTexts', () => {
  it('puts each leaf between its marks; a text holding another gets its marks inside too', () => {
    const leaves = textLeaves(blockMap.get('hero')!.schema, hero);
    const marked = markTexts(hero, leaves);
    const n = (key: string) => leaves.findIndex((l) => l.path.join('.') === key);
    expect(marked.highlight).toBe(openMark(n('highlight')) + hero.highlight + closeMark(n('highlight')));
    expect(marked.title.includes(marked.highlight)).toBe(true);
    expect(marked.cta.label).toBe(openMark(n('cta.label')) + 'Agendar' + closeMark(n('cta.label')));
    expect(marked.cta.track).toBe('Hero');
    expect(withoutMarks(marked.title)).toBe(hero.title);
    // The input is left as it was.
    expect(hero.cta.label).toBe('Agendar');
  });

  it('marks are invisible format characters, never ASCII', () => {
    expect(/^[\u{E0000}-\u{E007F}]+$/u.test(openMark(12) + closeMark(12))).toBe(true);
  });
});

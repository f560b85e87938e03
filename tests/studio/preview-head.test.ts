// @vitest-environment jsdom
/**
 * The preview frame's head after a keystroke (studio/app/preview/page-runner.ts): a change inside
 * the page's structured data (a FAQ's answer is in its JSON-LD) writes that script's text alone;
 * any other change to the head is left to the whole head's update.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataChangedAlone } from '../../studio/app/preview/page-runner.ts';

const data = (answer: string) =>
  `<script type="application/ld+json">{"@type":"FAQPage","mainEntity":[{"text":"${answer}"}]}</script>`;
const head = (answer: string, title = 'Agendamento') =>
  `<!doctype html><html lang="pt-BR"><head><title>${title}</title><style>.a{color:red}</style>` +
  `<script type="application/ld+json">{"@type":"Organization"}</script>${data(answer)}<script>1</script>`;
/** The frame's head as the shown render left it (the agent's own script beside it). */
const show = (answer: string) => {
  document.head.innerHTML =
    `<title>Agendamento</title><style>.a{color:red}</style>` +
    `<script type="application/ld+json">{"@type":"Organization"}</script>${data(answer)}` +
    `<script type="module" src="/estudio/preview-agent.js"></script>`;
};
const scripts = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent);

describe('the head of a render in the preview frame', () => {
  // The file shares its worker's document with the other jsdom files (vite.config.ts, "shared"):
  // Emotion keeps its style sheet in <head> and inserts beside it, so <head> is given back as found.
  let found: Node[] = [];
  beforeAll(() => {
    found = [...document.head.childNodes];
  });
  afterAll(() => {
    document.head.replaceChildren(...found);
  });
  beforeEach(() => show('Você agenda'));

  it('a letter typed or erased in a FAQ answer writes the structured data only', () => {
    const style = document.head.querySelector('style');
    expect(dataChangedAlone(head('Você agenda'), head('Você agendaa'))).toBe(true);
    expect(scripts()).toEqual([
      '{"@type":"Organization"}',
      '{"@type":"FAQPage","mainEntity":[{"text":"Você agendaa"}]}',
    ]);
    expect(dataChangedAlone(head('Você agendaa'), head('Você agenda'))).toBe(true);
    expect(scripts()[1]).toBe('{"@type":"FAQPage","mainEntity":[{"text":"Você agenda"}]}');
    // The rest of the head is the same nodes.
    expect(document.head.querySelector('style')).toBe(style);
    expect(document.head.querySelector('title')?.textContent).toBe('Agendamento');
  });

  it('a change outside the structured data is not written there', () => {
    expect(dataChangedAlone(head('Você agenda'), head('Você agenda', 'Agendamentos'))).toBe(false);
    expect(
      dataChangedAlone(head('Você agenda'), head('Você agenda').replace('color:red', 'color:blue')),
    ).toBe(false);
    expect(
      dataChangedAlone(head('Você agenda'), head('Você agenda').replace('lang="pt-BR"', 'lang="en"')),
    ).toBe(false);
    // A structured-data script added or taken away changes the tags, not a script's text.
    expect(dataChangedAlone(head('Você agenda'), head('Você agenda') + data('outra'))).toBe(false);
    expect(scripts()[1]).toBe('{"@type":"FAQPage","mainEntity":[{"text":"Você agenda"}]}');
  });

  it('a frame that does not hold the scripts the render names is not written', () => {
    document.head.innerHTML = '<title>Agendamento</title>';
    expect(dataChangedAlone(head('Você agenda'), head('Você agendaa'))).toBe(false);
  });
});

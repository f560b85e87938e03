/**
 * A text edited on the page and put back (Esc, or typed back as it was) gives back the file byte
 * for byte; a typed text that is kept keeps the way its scalar was written ('single quotes',
 * "double quotes", a `|-` or `>-` block) where the new value can be said so (decision 0038). Real
 * pages, the real render and the real loader.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { smallestChange } from '../../runtime/author/index.ts';
import { renderDraft, type DraftRender } from '../../runtime/dev/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import {
  sessionTextEdit,
  startInline,
  type InlineSession,
} from '../../studio/app/screens/editor/inline-edits.ts';
import { applyChange, setListItem, setValue } from '../../studio/yaml-edits.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');

type Rendered = Extract<DraftRender, { ok: true }>;
type Block = Rendered['blocks'][number];

async function render(file: string, source: string): Promise<Rendered> {
  const answer = await renderDraft(root, pagesDir, file, source, { changePathOf: smallestChange });
  if (!answer.ok) throw new Error(answer.problems.map((p) => p.text).join('\n'));
  return answer;
}

async function model(file: string, source: string) {
  const project = await loadProject({
    root,
    pagesDir,
    blocks: blockList,
    only: [file],
    sources: new Map([[file, source]]),
  });
  return project.pages[0]!.model;
}

/** The text at `path` of the first block of `type`, as the page shows it. */
function find(rendered: Rendered, type: string, leaf: (string | number)[]) {
  const index = rendered.blocks.findIndex((b) => b.type === type);
  const block = rendered.blocks[index]!;
  const text = block.texts!.find((t) => t.path.join('.') === leaf.join('.'))!;
  return { index, block, value: text.text };
}

/** The keystrokes of one session on the page: each value written as the editor writes it. */
function type(
  session: InlineSession,
  source: string,
  file: string,
  at: { index: number; block: Block },
  path: (string | number)[],
  values: string[],
): string {
  let text = source;
  for (const value of values) {
    const change = sessionTextEdit(session, text, file, at.block, at.index, path, value);
    if (change) text = applyChange(text, change);
  }
  return text;
}

const typing = (from: string, extra: string) =>
  Array.from({ length: extra.length }, (_, i) => from + extra.slice(0, i + 1));

describe('Esc after typing on the page gives back the file byte for byte', () => {
  it("a 'single-quoted' subtitle: typed into, then put back", async () => {
    const file = 'pages/agendamento.yaml';
    const source = await readFile(path.join(root, file), 'utf8');
    const subtitle = ['subtitle'];
    const hero = find(await render(file, source), 'hero', subtitle);
    expect(source).toContain(`subtitle: '${hero.value}'`);
    const session = startInline(source, file, hero.index, hero.block, subtitle);
    const typed = type(session, source, file, hero, subtitle, typing(hero.value, ' Já'));
    // While typing, the quotes stay: the line is the same line with the words added.
    expect(typed).toContain(`subtitle: '${hero.value} Já'`);
    expect(type(session, typed, file, hero, subtitle, [hero.value])).toBe(source);
  });

  it('an answer written as a |- block, and a subtitle folded over two lines (>-)', async () => {
    const file = 'pages/agendamento.yaml';
    const page = await readFile(path.join(root, file), 'utf8');
    const folded = page.replace(
      /^ {4}subtitle: 'Para máquinas SodaStream e compatíveis: (.*)'$/m,
      '    subtitle: >-\n      Para máquinas SodaStream e compatíveis:\n      $1',
    );
    expect(folded).not.toBe(page);
    for (const [source, kind, leaf] of [
      [page, 'faq', ['items', 0, 'answer']],
      [folded, 'hero', ['subtitle']],
    ] as const) {
      const at = find(await render(file, source), kind, [...leaf]);
      const session = startInline(source, file, at.index, at.block, [...leaf]);
      const typed = type(session, source, file, at, [...leaf], typing(at.value, ' Ok'));
      expect(typed).not.toBe(source);
      expect(type(session, typed, file, at, [...leaf], [at.value])).toBe(source);
    }
  });

  it("in a variant, the change: entry the first keystroke wrote goes again; the base's file is not written", async () => {
    const file = 'pages/recarrega-site.yaml';
    const source = await readFile(path.join(root, file), 'utf8');
    const title = ['title'];
    const hero = find(await render(file, source), 'hero', title);
    const session = startInline(source, file, hero.index, hero.block, title);
    const typed = type(session, source, file, hero, title, typing(hero.value, '!'));
    expect(typed).toMatch(/change:[\s\S]*title: /);
    expect(type(session, typed, file, hero, title, [hero.value])).toBe(source);
  });

  it('the file changed meanwhile by something else: the value is written, the other change stays', async () => {
    const file = 'pages/agendamento.yaml';
    const source = await readFile(path.join(root, file), 'utf8');
    const subtitle = ['subtitle'];
    const hero = find(await render(file, source), 'hero', subtitle);
    const session = startInline(source, file, hero.index, hero.block, subtitle);
    const typed = type(session, source, file, hero, subtitle, [`${hero.value}!`]);
    const elsewhere = typed.replace('eyebrow:', '# a comment typed in the code\n    eyebrow:');
    expect(elsewhere).not.toBe(typed);
    const back = type(session, elsewhere, file, hero, subtitle, [hero.value]);
    expect(back).toContain('# a comment typed in the code');
    expect(back).toContain(`subtitle: '${hero.value}'`);
    expect(back.replace('# a comment typed in the code\n    ', '')).toBe(source);
  });
});

describe('a typed text that is kept keeps how its scalar is written', () => {
  it('on the page, each keystroke in the style the text had when editing started', async () => {
    const file = 'pages/agendamento.yaml';
    const page = await readFile(path.join(root, file), 'utf8');
    // Plain: a trailing space quotes it for one keystroke only (the title, as the keyboard e2e types it).
    const title = ['title'];
    const hero = find(await render(file, page), 'hero', title);
    expect(page).toContain(`    title: ${hero.value}\n`);
    let session = startInline(page, file, hero.index, hero.block, title);
    const spaced = type(session, page, file, hero, title, [`${hero.value} `]);
    expect(spaced).toContain(`    title: "${hero.value} "\n`);
    const typed = type(session, spaced, file, hero, title, typing(`${hero.value} `, 'Hoje'));
    expect(typed).toBe(page.replace(`    title: ${hero.value}\n`, `    title: ${hero.value} Hoje\n`));
    // Double quotes stay double, single quotes single, with what they need escaped.
    const subtitle = ['subtitle'];
    const sub = find(await render(file, page), 'hero', subtitle);
    const doubled = page.replace(`subtitle: '${sub.value}'`, `subtitle: "${sub.value}"`);
    session = startInline(doubled, file, sub.index, sub.block, subtitle);
    expect(type(session, doubled, file, sub, subtitle, [`${sub.value} "Já"`])).toContain(
      `subtitle: "${sub.value} \\"Já\\""\n`,
    );
    session = startInline(page, file, sub.index, sub.block, subtitle);
    expect(type(session, page, file, sub, subtitle, [`${sub.value} d'água`])).toContain(
      `subtitle: '${sub.value} d''água'\n`,
    );
  });

  it('quotes kept when the value can be said in them; a new line in single quotes goes double', () => {
    const text = "a:\n  s: 'x'\n  d: \"y\"\n  p: plain\n  l:\n    - 'um'\n";
    const set = (key: string, value: string) => applyChange(text, setValue(text, ['a', key], value)!);
    expect(set('s', "d'água: já")).toBe(text.replace("'x'", "'d''água: já'"));
    // The form writes a double-quoted text plain when it can: a keystroke's trailing space quotes a
    // plain text for a moment, and the next keystroke must not keep those quotes.
    expect(set('d', 'aspas "duplas"')).toBe(text.replace('"y"', 'aspas "duplas"'));
    expect(set('d', 'fim: ')).toBe(text.replace('"y"', '"fim: "'));
    expect(set('p', 'ainda simples')).toBe(text.replace('plain', 'ainda simples'));
    expect(set('p', 'com: dois pontos')).toBe(text.replace('plain', '"com: dois pontos"'));
    expect(set('s', 'duas\nlinhas')).toBe(text.replace("'x'", '"duas\\nlinhas"'));
    expect(applyChange(text, setListItem(text, ['a', 'l'], 0, "é 'q'")!)).toBe(
      text.replace("- 'um'", "- 'é ''q'''"),
    );
  });

  it('a |- or >- block stays a block at its column, and the loader reads the typed value', async () => {
    const file = 'pages/agendamento.yaml';
    const source = await readFile(path.join(root, file), 'utf8');
    const leaf = ['items', 1, 'answer'];
    const faq = find(await render(file, source), 'faq', leaf);
    const value = `${faq.value}\n\nOutro parágrafo: com dois pontos e 'aspas'.`;
    const session = startInline(source, file, faq.index, faq.block, leaf);
    const kept = type(session, source, file, faq, leaf, [value]);
    expect(kept).toContain(
      "        answer: |-\n          Você agenda pelo WhatsApp e, no dia combinado, a nossa equipe vai até você: recolhe o cilindro vazio e entrega um cilindro cheio na mesma visita. Você não precisa sair de casa nem esperar a recarga.\n\n          Outro parágrafo: com dois pontos e 'aspas'.\n      - question:",
    );
    const page = await model(file, kept);
    const block = page.blocks.find((b) => b.type === 'faq') as unknown as { items: { answer: string }[] };
    expect(block.items[1]!.answer).toBe(value);

    const folded = 'x:\n  intro: >-\n    uma linha\n    dobrada\n  depois: 1\n';
    expect(applyChange(folded, setValue(folded, ['x', 'intro'], 'nova: frase')!)).toBe(
      'x:\n  intro: >-\n    nova: frase\n  depois: 1\n',
    );
  });
});

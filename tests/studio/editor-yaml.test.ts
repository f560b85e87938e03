/**
 * The source editor's YAML (studio/app/screens/editor/yaml-language/editor-yaml.ts): after a
 * letter typed anywhere in a 200-block page, the parse reads again only a little of the text
 * (with Lezer's default buffers it read three quarters of it, at every keystroke), and gives the
 * tree a whole parse gives.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { yamlLanguage } from '@codemirror/lang-yaml';
import { TreeFragment, type Input, type Parser, type Tree } from '@lezer/common';
import { LRLanguage } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { editorYaml } from '../../studio/app/screens/editor/yaml-language/editor-yaml.ts';
import { longPage } from '../../scripts/long-page.ts';

const PAGE = longPage(
  readFileSync(path.resolve(import.meta.dirname, '../../pages/agendamento.yaml'), 'utf8'),
  200,
);

/** A parser's input over `text` that notes which characters the parse read (in 16-character steps). */
function watched(text: string): { input: Input; read: () => number } {
  const seen = new Set<number>();
  const note = (from: number, to: number) => {
    for (let at = from >> 4; at <= (to - 1) >> 4; at++) seen.add(at);
  };
  const input: Input = {
    length: text.length,
    lineChunks: false,
    chunk(from) {
      const chunk = text.slice(from, from + 16);
      note(from, from + chunk.length);
      return chunk;
    },
    read(from, to) {
      note(from, to);
      return text.slice(from, to);
    },
  };
  return { input, read: () => Math.min(1, (seen.size * 16) / text.length) };
}

/** The page's tree, parsed once per parser. */
const trees = new Map<Parser, Tree>();

/** The share of the text read again after a letter typed at `at`, and the tree it gives. */
function typeAt(parser: Parser, at: number): { read: number; next: string; tree: Tree } {
  let tree = trees.get(parser);
  if (!tree) trees.set(parser, (tree = parser.parse(PAGE)));
  const next = `${PAGE.slice(0, at)}a${PAGE.slice(at)}`;
  const fragments = TreeFragment.applyChanges(TreeFragment.addTree(tree), [
    { fromA: at, toA: at, fromB: at, toB: at + 1 },
  ]);
  const { input, read } = watched(next);
  const again = parser.parse(input, fragments);
  return { read: read(), next, tree: again };
}

const editorLanguage = editorYaml().language;
const editorParser = () => {
  if (!(editorLanguage instanceof LRLanguage)) throw new Error('the editor’s YAML is not a Lezer language');
  return editorLanguage.parser;
};

describe('the editor’s YAML parse', () => {
  it.each([0.05, 0.95])('a letter typed at %s of a 200-block page reads little of it again', (share) => {
    const at = PAGE.indexOf('\n', Math.floor(PAGE.length * share)) - 1;
    const parser = editorParser();
    const { read, next, tree } = typeAt(parser, at);
    expect(read).toBeLessThan(0.1);
    expect(tree.toString()).toBe(parser.parse(next).toString());
  });

  it('(Lezer’s default buffers read most of it again: what the editor’s setting is for)', () => {
    const at = PAGE.indexOf('\n', Math.floor(PAGE.length * 0.6)) - 1;
    expect(typeAt(yamlLanguage.parser, at).read).toBeGreaterThan(0.5);
  });
});

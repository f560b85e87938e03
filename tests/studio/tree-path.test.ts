/**
 * The cursor's YAML path read from CodeMirror's syntax tree (studio/app/screens/editor/yaml-language/tree-path.ts) is
 * the one the full parse gives (yaml-paths.ts), at every text of every page file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSyntaxTree, syntaxTreeAvailable } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { editorYaml } from '../../studio/app/screens/editor/yaml-language/editor-yaml.ts';
import { treePathAt } from '../../studio/app/screens/editor/yaml-language/tree-path.ts';
import { pathAt } from '../../studio/yaml-paths.ts';
import { longPage } from '../../scripts/long-page.ts';

const PAGES = path.resolve(import.meta.dirname, '../../pages');
const files = readdirSync(PAGES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));

describe('treePathAt', () => {
  it.each(files)('%s: the same path as a full parse, inside every key and value', (file) => {
    const text = readFileSync(path.join(PAGES, file), 'utf8');
    const state = EditorState.create({ doc: text, extensions: [editorYaml()] });
    ensureSyntaxTree(state, text.length, 10_000);
    let checked = 0;
    let seen = 0;
    // The second character of every word: inside a key or a value, where a cursor rests while typing.
    for (const match of text.matchAll(/(?<=[\s:"'-])[^\s:#"'-]{2,}/g)) {
      const offset = match.index + 1;
      const line = text.slice(text.lastIndexOf('\n', offset) + 1, offset);
      // Every third word (each comparison parses the whole file once).
      if (line.trimStart().startsWith('#') || seen++ % 3 !== 0) continue;
      expect(treePathAt(state, offset), `${file} at ${offset} (${JSON.stringify(match[0])})`).toEqual(
        pathAt(text, offset),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('reads quoted keys, flow collections and nested lists', () => {
    const text = [
      'blocks:',
      '  - type: faq',
      '    props:',
      '      "a b": { x: [1, 22, 333] }',
      "      'c''d':",
      '        - - um',
      '          - dois',
      '',
    ].join('\n');
    const state = EditorState.create({ doc: text, extensions: [editorYaml()] });
    for (const needle of ['22', 'dois', 'um', 'faq']) {
      const offset = text.indexOf(needle) + 1;
      expect(treePathAt(state, offset), needle).toEqual(pathAt(text, offset));
    }
  });

  // CodeMirror wants the text parsed to its view and 100,000 characters beyond (with Lezer's
  // default buffers a parse stopped at the cursor near the end of a text was parsed again from its
  // start right after): near the end, to the end. Near the top of a long text, only up to the cursor.
  it('parses to the end of the text when the cursor is near it, and only to the cursor far from it', () => {
    const base = readFileSync(path.join(PAGES, 'agendamento.yaml'), 'utf8');
    const typed = (text: string, at: number) =>
      EditorState.create({ doc: text, extensions: [editorYaml()] }).update({
        changes: { from: at, insert: 'a' },
      }).state;

    const short = base.indexOf('heading:') + 12;
    const near = typed(base, short);
    expect(treePathAt(near, short + 1)).toEqual(pathAt(near.doc.toString(), short + 1));
    expect(syntaxTreeAvailable(near, near.doc.length)).toBe(true);

    const long = longPage(base, 200);
    const top = long.indexOf('heading:') + 12;
    const far = typed(long, top);
    expect(treePathAt(far, top + 1)).toEqual(pathAt(far.doc.toString(), top + 1));
    expect(syntaxTreeAvailable(far, far.doc.length)).toBe(false);
  });
  // The editor chooses the caret's block after each keystroke: from the tree when CodeMirror has
  // parsed it that far, with nothing parsed for it (else from the kept parse of the text).
  it('reads the tree as parsed already, and says when it does not reach, parsing nothing', () => {
    const long = longPage(readFileSync(path.join(PAGES, 'agendamento.yaml'), 'utf8'), 200);
    const top = long.indexOf('heading:') + 12;
    // A letter typed near the top: the transaction parses the text around it (as the view's would).
    const state = EditorState.create({ doc: long, extensions: [editorYaml()] }).update({
      changes: { from: top, insert: 'a' },
    }).state;
    const text = state.doc.toString();
    expect(treePathAt(state, top + 1, { parse: false })).toEqual(pathAt(text, top + 1));
    const end = text.lastIndexOf('heading:') + 12;
    expect(syntaxTreeAvailable(state, end)).toBe(false);
    expect(treePathAt(state, end, { parse: false })).toBeUndefined();
    expect(syntaxTreeAvailable(state, end)).toBe(false);
  });
});

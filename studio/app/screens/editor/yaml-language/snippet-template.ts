/**
 * yaml-language-server writes completions as LSP snippets (`cta:\n  label: $1`, `${1:default}`,
 * `${1|a,b|}` choices, `\$` escapes). CodeMirror's `snippet()` reads a smaller dialect: fields
 * are `${n}` or `${n:default}` with no braces inside, and literal braces are escaped as `\{` `\}`.
 * This converts one to the other, and also gives the plain text (every field at its default), for
 * callers without snippet support and for tests.
 */
export interface ConvertedSnippet {
  text: string;
  template: string;
}

interface Field {
  index: string;
  value: string;
}

/** Defaults the service builds from object examples print as "[object Object]": drop them. */
const cleanDefault = (value: string): string => (value.includes('[object Object]') ? '' : value);

const escapeLiteral = (text: string): string => text.replace(/[{}]/g, (brace) => `\\${brace}`);

export function convertSnippet(snippet: string): ConvertedSnippet {
  let text = '';
  let template = '';
  let i = 0;

  /** Reads a placeholder's text up to its closing brace, flattening nested fields to their text. */
  function readUntilClose(): string {
    let value = '';
    let depth = 0;
    let nested: RegExpExecArray | null;
    while (i < snippet.length) {
      const ch = snippet[i]!;
      if (ch === '\\' && i + 1 < snippet.length) {
        value += snippet[i + 1];
        i += 2;
      } else if ((nested = /^\$(?:(\{)\d+:?|\d+)/.exec(snippet.slice(i)))) {
        // A field inside a default keeps only its text.
        if (nested[1]) depth++;
        i += nested[0].length;
      } else if (ch === '}') {
        i++;
        if (depth === 0) break;
        depth--;
      } else {
        value += ch;
        i++;
      }
    }
    return value;
  }

  /** Reads `a,b|}` and keeps the first choice: CodeMirror fields have one default. */
  function readChoice(): string {
    let first = '';
    let inFirst = true;
    while (i < snippet.length) {
      const ch = snippet[i]!;
      if (ch === '\\' && i + 1 < snippet.length) {
        if (inFirst) first += snippet[i + 1];
        i += 2;
      } else if (ch === '|' && snippet[i + 1] === '}') {
        i += 2;
        break;
      } else {
        if (ch === ',') inFirst = false;
        else if (inFirst) first += ch;
        i++;
      }
    }
    return first;
  }

  function emitField({ index, value }: Field): void {
    const fieldDefault = cleanDefault(value).replace(/[{}]/g, '');
    text += cleanDefault(value);
    template += fieldDefault ? `\${${index}:${fieldDefault}}` : `\${${index}}`;
  }

  while (i < snippet.length) {
    const ch = snippet[i]!;
    const rest = snippet.slice(i);
    let match: RegExpExecArray | null;
    if (ch === '\\' && i + 1 < snippet.length) {
      text += snippet[i + 1];
      template += escapeLiteral(snippet[i + 1]!);
      i += 2;
    } else if ((match = /^\$(\d+)/.exec(rest))) {
      emitField({ index: match[1]!, value: '' });
      i += match[0].length;
    } else if ((match = /^\$\{(\d+)([:|}])/.exec(rest))) {
      i += match[0].length;
      const value = match[2] === ':' ? readUntilClose() : match[2] === '|' ? readChoice() : '';
      emitField({ index: match[1]!, value });
    } else {
      text += ch;
      template += escapeLiteral(ch);
      i++;
    }
  }
  return { text, template };
}

/** A plain-text completion as a CodeMirror template: the same text, braces escaped, no fields. */
export function plainTemplate(text: string): string {
  return escapeLiteral(text);
}

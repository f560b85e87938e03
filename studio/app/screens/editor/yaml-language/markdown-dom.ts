/**
 * The little Markdown yaml-language-server writes in hovers and completion details (a `####`
 * title, paragraphs, `*` lists with `code`, fenced YAML examples) as DOM nodes. Text is only ever
 * set as text, never parsed as HTML, so nothing in a schema description can inject markup.
 */

/** The service escapes Markdown punctuation in descriptions and writes double spaces as &emsp;. */
const unescape = (text: string): string =>
  text.replace(/\\([\\`*_{}[\]#+!])/g, '$1').replace(/&emsp;/g, '\u2003');

function appendInline(parent: HTMLElement, text: string): void {
  // Odd parts sit between backticks.
  text.split(/`+ ?([^`]*?) ?`+/).forEach((part, index) => {
    if (!part) return;
    if (index % 2 === 1) {
      const code = document.createElement('code');
      code.textContent = part;
      parent.append(code);
    } else {
      parent.append(unescape(part));
    }
  });
}

export function renderMarkdown(markdown: string, className = 'cm-schema-doc'): HTMLElement {
  const root = document.createElement('div');
  root.className = className;
  const lines = markdown.split('\n');
  let paragraph: string[] = [];
  let list: HTMLUListElement | undefined;

  const flush = (): void => {
    if (paragraph.length) {
      const p = document.createElement('p');
      appendInline(p, paragraph.join(' '));
      root.append(p);
      paragraph = [];
    }
    list = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^#{1,6} (.*)$/.exec(line);
    const item = /^[*-] (.*)$/.exec(line);
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i]!);
      const pre = document.createElement('pre');
      pre.textContent = code.join('\n');
      root.append(pre);
    } else if (heading) {
      flush();
      const title = document.createElement('strong');
      title.className = `${className}-title`;
      appendInline(title, heading[1]!);
      root.append(title);
    } else if (item) {
      if (paragraph.length) flush();
      if (!list) root.append((list = document.createElement('ul')));
      const li = document.createElement('li');
      appendInline(li, item[1]!);
      list.append(li);
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return root;
}

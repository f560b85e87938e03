/**
 * The Estúdio's preview path: a page rendered from unsaved text through the same load,
 * validate and render code as the build, with each block marked and traced to its YAML.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { renderDraft } from '../../runtime/dev/index.ts';
import { loadProject } from '../../runtime/load/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const read = (name: string) => readFile(path.join(pagesDir, name), 'utf8');

describe('loadProject with unsaved sources', () => {
  it('reads the given text instead of the file, for the page and for a base its variants extend', async () => {
    const base = (await read('sodastream-t.yaml')).replace(/^title: .*$/m, 'title: Título ainda não salvo');
    // The variant, unsaved too, stops overriding the title: it now inherits the base's unsaved one.
    const variant = (await read('recarrega-site.yaml')).replace(/^title: .*\n/m, '');
    const project = await loadProject({
      root,
      pagesDir,
      blocks: blockList,
      only: ['pages/recarrega-site.yaml'],
      sources: new Map([
        ['pages/sodastream-t.yaml', base],
        ['pages/recarrega-site.yaml', variant],
      ]),
    });
    expect(project.pages[0]!.model.title).toBe('Título ainda não salvo');
  });

  it('holds unsaved text to the file size limit', async () => {
    const huge = `title: x\ndescription: "${'a'.repeat(300 * 1024)}"\nblocks: []\n`;
    await expect(
      loadProject({
        root,
        pagesDir,
        blocks: blockList,
        only: ['pages/agendamento.yaml'],
        sources: new Map([['pages/agendamento.yaml', huge]]),
      }),
    ).rejects.toMatchObject({ problems: [expect.objectContaining({ code: 'file-too-large' })] });
  });

  it("traces each block to the file and path it was written at (a variant's new blocks to the variant)", async () => {
    const variant = [
      'extends: agendamento',
      'insertAfter:',
      '  hero:',
      '    - type: banner',
      '      heading: Só nesta variante',
      '      cta: { label: Falar no WhatsApp }',
      '',
    ].join('\n');
    const project = await loadProject({
      root,
      pagesDir,
      blocks: blockList,
      only: ['pages/agendamento.yaml'],
    });
    const base = project.pages[0]!;
    expect(base.blockSources[0]).toEqual({ file: 'pages/agendamento.yaml', path: ['blocks', 0] });

    const draft = await renderDraft(root, pagesDir, 'pages/recarrega-site.yaml', variant);
    expect(draft.ok).toBe(true);
    if (!draft.ok) return;
    const own = draft.blocks.filter((b) => b.file === 'pages/recarrega-site.yaml');
    expect(own).toEqual([
      {
        type: 'banner',
        file: 'pages/recarrega-site.yaml',
        path: ['insertAfter', 'hero', 0],
        // Its visible texts, which the Estúdio lets the author edit in the preview.
        texts: [
          { path: ['heading'], text: 'Só nesta variante' },
          { path: ['cta', 'label'], text: 'Falar no WhatsApp' },
        ],
        // Its images, link targets and lists, also changed on the page (media-props.ts).
        media: {
          images: [],
          links: [{ path: ['cta'], action: 'whatsapp', hrefRequired: false }],
          lists: [],
        },
      },
    ]);
    expect(draft.blocks.length).toBe(base.model.blocks.length + 1);
  });
});

describe('renderDraft', () => {
  it('renders the edited text with every block marked, shaped for the page script', async () => {
    const source = (await read('agendamento.yaml')).replace(/^title: .*$/m, 'title: Prévia');
    const draft = await renderDraft(root, pagesDir, 'pages/agendamento.yaml', source);
    expect(draft.ok).toBe(true);
    if (!draft.ok) return;
    expect(draft.route).toBe('/agendamento');
    expect(draft.html).toContain('<title>Prévia');
    // The markup the page script expects (the pre-paint class, the script tag, which the preview's
    // agent drops and replaces with its own bundle of the same script).
    expect(draft.html).toMatch(/<script type="module" src="\/runtime\/client\/main\.ts"/);
    expect(draft.html).toMatch(/add\('js'\)/);
    const marks = draft.html.match(/<fillgas-block data-index="\d+">/g) ?? [];
    expect(marks).toHaveLength(draft.blocks.length);
  });

  it('answers the located problems, in the words of npm run check', async () => {
    const source = (await read('agendamento.yaml')).replace(/- type: hero\n/, '- type: heroo\n');
    const draft = await renderDraft(root, pagesDir, 'pages/agendamento.yaml', source);
    expect(draft.ok).toBe(false);
    if (draft.ok) return;
    const [problem] = draft.problems;
    expect(problem!.message).toContain('Você quis dizer "hero"?');
    expect(problem!.loc).toMatchObject({ file: 'pages/agendamento.yaml', column: 11 });
    expect(problem!.text).toContain(`pages/agendamento.yaml:${problem!.loc.line}:11`);
  });
});

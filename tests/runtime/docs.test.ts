import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BLOCKS_DOC_FILE, blocksDocText } from '../../runtime/build/blocks-doc.ts';
import { PageErrors } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { listYamlFiles } from '../../runtime/load/files.ts';
import { blockList } from '../../blocks/index.ts';
import {
  pageSchemaText,
  SCHEDULE_SCHEMA_FILE,
  scheduleSchemaText,
  SITE_SCHEMA_FILE,
  siteSchemaText,
} from '../../runtime/build/schema-files.ts';
import { createAjv } from '../../runtime/load/validate.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('generated files (run `npm run schema` after changing a block or the site schema)', () => {
  it('docs/blocos.md matches the registry and the schemas', () => {
    expect(read(BLOCKS_DOC_FILE)).toBe(blocksDocText(blockList));
  });

  it('schema/site.schema.json matches schema/site.ts', () => {
    expect(read(SITE_SCHEMA_FILE)).toBe(siteSchemaText());
  });

  it('schema/schedule.schema.json matches schema/schedule.ts', () => {
    expect(read(SCHEDULE_SCHEMA_FILE)).toBe(scheduleSchemaText());
  });
});

describe('docs/blocos.md', () => {
  const doc = blocksDocText(blockList);

  it('documents every block: title, description, JavaScript, every prop, a YAML example', () => {
    for (const def of blockList) {
      const start = doc.indexOf(`\n## ${def.type}\n`);
      expect(start, def.type).toBeGreaterThan(0);
      const next = doc.indexOf('\n## ', start + 1);
      const section = doc.slice(start, next < 0 ? undefined : next);
      expect(section).toContain(`**${def.title}.** ${def.description}`);
      expect(section).toMatch(/- JavaScript: /);
      for (const prop of Object.keys((def.schema as { properties: object }).properties)) {
        expect(section, `${def.type}.${prop}`).toContain(`| \`${prop}\` |`);
      }
      const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
      expect(parse(example!)).toEqual([{ type: def.type, ...def.examples[0]!.props }]);
    }
  });

  it('says which props are required and which have defaults', () => {
    expect(doc).toContain(
      '| `title` | texto (até 90 caracteres) | obrigatória | Título principal da página (h1).',
    );
    expect(doc).toMatch(/\| `tone` \| `light` \\\| `dark` \| padrão: `"light"` \|/);
  });
});

describe('editor autocomplete (yaml-language-server)', () => {
  const schema = JSON.parse(pageSchemaText()) as Record<string, unknown> & {
    properties: { blocks: { items: { oneOf: { properties: Record<string, Record<string, unknown>> }[] } } };
  };
  const validate = createAjv().compile(schema);

  it('every file of pages/ names its schema on the first line', async () => {
    const files = await listYamlFiles(path.join(root, 'pages'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const depth = file.split('/').length;
      const name = path.posix.basename(file);
      const target = name === '_site.yaml' ? 'site' : name === '_agendamento.yaml' ? 'schedule' : 'page';
      expect(read(`pages/${file}`).split('\n')[0], file).toBe(
        `# yaml-language-server: $schema=${'../'.repeat(depth)}schema/${target}.schema.json`,
      );
    }
  });

  it('VS Code maps new page files to the schema and recommends the YAML extension', () => {
    const settings = JSON.parse(read('.vscode/settings.json')) as {
      'yaml.schemas': Record<string, string[]>;
    };
    expect(settings['yaml.schemas']['./schema/page.schema.json']).toContain('pages/**/*.yaml');
    expect(settings['yaml.schemas']['./schema/site.schema.json']).toContain('pages/_site.yaml');
    // A scheduled change's folder: its meta, its copy of _site.yaml, its pages.
    expect(settings['yaml.schemas']['./schema/schedule.schema.json']).toEqual([
      'pages/_agendamentos/*/_agendamento.yaml',
    ]);
    expect(settings['yaml.schemas']['./schema/site.schema.json']).toContain(
      'pages/_agendamentos/*/_site.yaml',
    );
    expect(settings['yaml.schemas']['./schema/page.schema.json']).toContain(
      '!pages/_agendamentos/*/_agendamento.yaml',
    );
    const extensions = JSON.parse(read('.vscode/extensions.json')) as { recommendations: string[] };
    expect(extensions.recommendations).toContain('redhat.vscode-yaml');
  });

  it('offers every block type after `type:`, with its Portuguese title and description', () => {
    const branches = schema.properties.blocks.items.oneOf;
    expect(branches.map((b) => b.properties.type!.const).sort()).toEqual(blockList.map((b) => b.type).sort());
    const hero = branches.find((b) => b.properties.type!.const === 'hero')!;
    expect(hero.properties.type!.description).toMatch(/^Abertura da página: O topo da página/);
    // Hover shows description and examples.
    expect(hero.properties.title!.description).toMatch(/^Título principal da página/);
    expect(hero.properties.subtitle!.examples).toContainEqual(
      expect.stringContaining('levamos o cilindro cheio'),
    );
  });

  it('accepts every real page and variant, and refuses a page without blocks or a variant with blocks', async () => {
    for (const dir of ['pages', 'tests/fixtures/extends/pages']) {
      for (const file of await listYamlFiles(path.join(root, dir))) {
        if (file.startsWith('_') || /^(blocks-in-variant|override-error)\.yaml$/.test(file)) continue;
        const data = parse(read(`${dir}/${file}`)) as unknown;
        expect(validate(data), `${dir}/${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
    expect(validate({ title: 't', description: 'd' })).toBe(false);
    expect(validate({ extends: 'agendamento', blocks: [] })).toBe(false);
    expect(validate({ title: 't', description: 'd', blocks: [{ type: 'navbar' }], remove: ['x'] })).toBe(
      false,
    );
    expect(validate({ extends: 'agendamento', replace: { hero: { type: 'hero', titel: 'x' } } })).toBe(false);
  });
});

describe('docs/autoria.md', () => {
  const guide = read('docs/autoria.md');
  const blocks = (lang: string) =>
    [...guide.matchAll(new RegExp(`\`\`\`${lang}\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
  const example = blocks('yaml').find((b) => b.startsWith('# yaml-language-server'))!;
  const inserts = blocks('yaml').find((b) => b.startsWith('replace:'))!;
  let tmp = '';
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  /** The guide's file written into a copy of the real pages, then checked as `npm run check` does. */
  async function check(text: string) {
    tmp ||= await mkdtemp(path.join(os.tmpdir(), 'fillgas-guide-'));
    const pagesDir = path.join(tmp, 'pages');
    await rm(pagesDir, { recursive: true, force: true });
    await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
    await writeFile(path.join(pagesDir, 'agendamento-inverno.yaml'), text);
    const only = ['pages/agendamento-inverno.yaml'];
    return loadProject({ root: tmp, pagesDir, blocks: blockList, only }).then(
      (project) => project.pages[0]!.model,
      (error: unknown) => {
        if (error instanceof PageErrors) return formatProblems(error.problems);
        throw error;
      },
    );
  }

  it('has a variant of /agendamento with another hero and one block removed, in under 20 lines, that is valid', async () => {
    expect(example.trimEnd().split('\n').length).toBeLessThan(20);
    const model = await check(example);
    if (typeof model === 'string') throw new Error(model);
    expect(model.blocks.find((b) => b.type === 'hero')!.title).toBe('Água com gás em casa o inverno todo.');
    expect(model.blocks.some((b) => b.id === 'depoimentos')).toBe(false);
    const both = await check(`extends: agendamento\n${inserts}`);
    if (typeof both === 'string') throw new Error(both);
    expect(both.blocks.some((b) => b.id === 'oferta-inverno')).toBe(true);
  });

  it('has a move: example that puts the blocks of /agendamento where it says', async () => {
    const moves = blocks('yaml').find((b) => b.startsWith('move:'))!;
    const model = await check(`extends: agendamento\n${moves}`);
    if (typeof model === 'string') throw new Error(model);
    const names = model.blocks.map((b) => b.id ?? b.type);
    expect(names[names.indexOf('hero') + 1]).toBe('duvidas');
    expect(names[names.indexOf('footer') - 1]).toBe('comparativo');
  });

  it('shows the errors `npm run check` really prints for a misspelled prop and a misspelled block', async () => {
    const [misspelledProp, misspelledBlock] = blocks('text').filter((b) => b.startsWith('pages/'));
    expect(await check(example.replace('    title:', '    titel:'))).toBe(misspelledProp!.trimEnd());
    const printed = await check(example.replace('  - depoimentos', '  - depoimento'));
    expect(
      `${misspelledBlock!.trimEnd()}\n\n✖ 1 erro em 1 arquivo. Corrija e salve: nenhuma página foi publicada.`,
    ).toBe(printed);
  });
});

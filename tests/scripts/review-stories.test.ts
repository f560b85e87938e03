/**
 * review:stories renders only the stories a change can reach (scripts/review-stories/select.ts).
 * The whole review (two Storybook builds, Chromium) is too slow for the unit tests; it is shown by
 * hand in decision 0031. Here: which stories a changed file selects, on the project's real pages.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pageBlockTypes,
  reachesNoStory,
  selectStories,
  type StatsModule,
} from '../../scripts/review-stories/select.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A small graph shaped like Storybook's preview-stats.json: module → the modules importing it. */
const graph: StatsModule[] = [
  {
    id: './design/theme.ts',
    reasons: [{ moduleName: './blocks/popup/popup.tsx' }, { moduleName: './blocks/faq/faq.tsx' }],
  },
  { id: './blocks/popup/popup-dialog.tsx', reasons: [{ moduleName: './blocks/popup/popup.tsx' }] },
  {
    id: './blocks/popup/popup.tsx',
    reasons: [{ moduleName: './blocks/popup/popup.stories.tsx' }, { moduleName: './blocks/index.ts' }],
  },
  {
    id: './blocks/faq/faq.tsx',
    reasons: [{ moduleName: './blocks/faq/faq.stories.tsx' }, { moduleName: './blocks/index.ts' }],
  },
  { id: './blocks/index.ts', reasons: [{ moduleName: './.storybook/page-stories.tsx' }] },
  {
    id: './.storybook/page-stories.tsx',
    reasons: [{ moduleName: './pages/agendamento.yaml' }, { moduleName: './pages/termos-de-uso.yaml' }],
  },
  {
    id: './blocks/popup/popup.stories.tsx',
    reasons: [{ moduleName: '/virtual:/@storybook/builder-vite/storybook-stories.js' }],
  },
  {
    id: './blocks/faq/faq.stories.tsx',
    reasons: [{ moduleName: '/virtual:/@storybook/builder-vite/storybook-stories.js' }],
  },
  {
    id: './pages/agendamento.yaml',
    reasons: [{ moduleName: '/virtual:/@storybook/builder-vite/storybook-stories.js' }],
  },
  {
    id: './pages/termos-de-uso.yaml',
    reasons: [{ moduleName: '/virtual:/@storybook/builder-vite/storybook-stories.js' }],
  },
];
const stories = [
  { id: 'blocos-popup--aberto', importPath: './blocks/popup/popup.stories.tsx', page: false },
  { id: 'blocos-faq--agendamento', importPath: './blocks/faq/faq.stories.tsx', page: false },
  { id: 'paginas-agendamento--computador', importPath: './pages/agendamento.yaml', page: true },
  { id: 'paginas-termos-de-uso--computador', importPath: './pages/termos-de-uso.yaml', page: true },
];
const select = (changed: string[]) =>
  selectStories({ changed, graphs: [graph], stories, pageTypes: (file) => pageBlockTypes([root], file) });

describe('review:stories: the stories a change reaches', () => {
  it("a block's own file: that block's stories and the pages that have the block, nothing else", () => {
    // agendamento has a popup; termos-de-uso does not.
    expect([...select(['blocks/popup/popup-dialog.tsx']).ids].sort()).toEqual([
      'blocos-popup--aberto',
      'paginas-agendamento--computador',
    ]);
  });

  it('a shared design file: every block importing it and every page', () => {
    expect([...select(['design/theme.ts']).ids].sort()).toEqual([
      'blocos-faq--agendamento',
      'blocos-popup--aberto',
      'paginas-agendamento--computador',
      'paginas-termos-de-uso--computador',
    ]);
  });

  it('a page file: the page stories, no block story', () => {
    const { ids } = select(['pages/termos-de-uso.yaml']);
    expect([...ids].sort()).toEqual(['paginas-agendamento--computador', 'paginas-termos-de-uso--computador']);
  });

  it('files no story reads select nothing; the packages, Storybook settings and public/ select all', () => {
    expect(select(['docs/README.md', 'studio/app/main.tsx', 'tests/e2e/x.spec.ts']).ids.size).toBe(0);
    expect(select(['docs/README.md', 'studio/app/main.tsx']).all).toBeUndefined();
    for (const file of ['package-lock.json', '.storybook/main.ts', 'public/images/x.webp'])
      expect(select([file]).all).toBe(`${file} mudou`);
  });

  it('a commit outside what the stories read needs no base build at all', () => {
    const withRoot = [...graph, { id: './iframe.html', reasons: [] }];
    expect(reachesNoStory(['studio/app/main.tsx', 'tests/e2e/x.spec.ts', 'README.md'], withRoot)).toBe(true);
    // A module of the graph, a neighbour of one (a test beside a block), a page input, a global input.
    for (const file of ['design/theme.ts', 'blocks/faq/faq.test.tsx', 'runtime/x.ts', 'package.json'])
      expect(reachesNoStory(['README.md', file], withRoot)).toBe(false);
  });

  it("a variant's blocks include its base's (recarrega-site extends sodastream-t)", () => {
    const variant = pageBlockTypes([root], './pages/recarrega-site.yaml');
    for (const type of pageBlockTypes([root], './pages/sodastream-t.yaml'))
      expect(variant.has(type)).toBe(true);
    expect(variant.has('hero')).toBe(true);
  });
});

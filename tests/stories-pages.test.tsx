// @vitest-environment jsdom
/**
 * The 'Páginas' stories of Storybook, run as tests: for every route file of pages/ (variants
 * included), the indexer lists a computer and a phone story, the page loads as the build loads
 * it (page-data.ts), renders whole with live islands, and axe finds nothing on it.
 */
import { projectAnnotations, runStory } from './helpers/storybook.ts';
import { composeStory } from '@storybook/react';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPageData } from '../.storybook/page-data.ts';
import { PAGE_STORIES, pageMetaId } from '../.storybook/page-index.ts';
import { pageIndexer } from '../.storybook/page-indexer.ts';
import { pageMeta, pageStory } from '../.storybook/page-stories.tsx';
import { isRouteFile } from '../runtime/load/routes.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';

const root = path.resolve(import.meta.dirname, '..');
const pageFiles = readdirSync(path.join(root, 'pages'), { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter(isRouteFile)
  .sort()
  .map((f) => `pages/${f}`);

beforeAll(() => projectAnnotations.beforeAll?.());

it('indexes a computer and a phone story for every route file of pages/, and none for _site.yaml', async () => {
  const options = { makeTitle: (title?: string) => title ?? '' };
  expect(pageFiles.length).toBeGreaterThan(0);
  for (const file of pageFiles) {
    const abs = path.join(root, file);
    expect(pageIndexer.test.test(abs)).toBe(true);
    const entries = await pageIndexer.createIndex(abs, options);
    expect(entries.map((e) => e.exportName)).toEqual(PAGE_STORIES.map((s) => s.exportName));
    expect(new Set(entries.map((e) => e.metaId))).toEqual(new Set([pageMetaId(file)]));
  }
  expect(await pageIndexer.createIndex(path.join(root, 'pages/_site.yaml'), options)).toEqual([]);
});

describe.each(pageFiles)('%s', (file) => {
  it.each(PAGE_STORIES.map((s) => [s.name, s] as const))(
    '%s renders the whole page without axe violations',
    async (_name, s) => {
      const data = await loadPageData(root, file);
      expect(data.ok ? '' : data.problems).toBe('');
      const story = composeStory(pageStory(s.viewport, s.name), pageMeta(data), undefined, s.exportName);
      const container = await runStory(story);
      expect(container.querySelector('main#conteudo')).not.toBeNull();
      // The whole page, as a visitor meets it, except the loading screen of pages that have one:
      // it leaves the DOM at the end of a CSS fade, which jsdom never plays (the e2e tests check
      // the page in a browser once it has gone).
      await expectNoAxeViolations({ include: [document.body], exclude: [['[data-loading-overlay]']] });
    },
  );
});

it('shows the problems of a page that does not validate, as npm run check words them', async () => {
  const story = composeStory(
    pageStory('desktop', 'Computador'),
    pageMeta({
      ok: false,
      file: 'pages/quebrada.yaml',
      problems: 'pages/quebrada.yaml:3:9  Tipo de bloco desconhecido',
    }),
  );
  const container = await runStory(story);
  expect(container.textContent).toContain('Esta página tem problemas');
  expect(container.textContent).toContain('pages/quebrada.yaml:3:9  Tipo de bloco desconhecido');
});

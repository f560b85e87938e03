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
import type { AxeResults } from 'axe-core';
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

/**
 * Everything of the document axe reads, as text: <html>'s attributes, <head> and every style
 * sheet's rules, <body>, each form control's state and the focused element. React's ids (useId:
 * `_r_3_`, `_r_3_titulo`) come from a counter that runs on from story to story, so each is named
 * by its order of appearance: two renders whose ids differ only so are the same page to axe (the
 * same references between the same elements).
 */
function documentAsAxeReadsIt(): string {
  const html = document.documentElement;
  const all = [...document.querySelectorAll('*')];
  const text = JSON.stringify([
    html.getAttributeNames().map((n) => [n, html.getAttribute(n)]),
    document.head.innerHTML,
    [...document.styleSheets].map((sheet) => [...sheet.cssRules].map((r) => r.cssText)),
    document.body.outerHTML,
    [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')].map((e) => [
      e.value,
      e.checked,
      e.indeterminate,
      e instanceof HTMLSelectElement ? e.selectedIndex : -1,
    ]),
    document.activeElement ? all.indexOf(document.activeElement) : -1,
  ]);
  return sameIds(text);
}

/** `text` with React's ids named by their order of first appearance. */
function sameIds(text: string): string {
  const names = new Map<string, string>();
  return text.replace(/_[rR]_[0-9a-v]+_/g, (id) => {
    if (!names.has(id)) names.set(id, `_id${names.size}_`);
    return names.get(id)!;
  });
}

/** axe's answer without what says when and at what window size it ran. */
const axeAnswer = (results: AxeResults) =>
  sameIds(JSON.stringify({ ...results, timestamp: '', testEnvironment: {} }));

/** Per page, the computer story's document and axe's answer on it, once axe found nothing. */
const checkedOnComputer = new Map<string, { page: string; answer: string }>();

/**
 * Phone stories whose document was the computer story's: the first of them is checked by axe all
 * the same and must get the very answer the computer story got (the window's size changes
 * nothing); the others are not checked again once one was so compared.
 */
let comparedSizes = false;

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
      const context = { include: [document.body], exclude: [['[data-loading-overlay]']] };
      const computer = checkedOnComputer.get(file);
      const page = s.viewport === 'desktop' || computer ? documentAsAxeReadsIt() : '';
      // jsdom applies no width media query and lays nothing out (every rectangle is 0 × 0), so a
      // phone story whose document is the very one axe found clean at the computer's size gets
      // the same answer from axe: the window's size reaches axe's rules only through rectangles
      // compared with it (axe-core 4.14: centerPointOfRect, getNodeFromGrid, getViewportSize) and
      // the answer's testEnvironment. Measured on every page, both sizes on the same document:
      // the same answer in all. The first such phone story of each run checks it again.
      const sameAsComputer = s.viewport === 'phone' && computer?.page === page;
      if (sameAsComputer && comparedSizes) return;
      const results = await expectNoAxeViolations(context);
      // axe changes nothing; a page that changed meanwhile (a clock, an animation's end) is not
      // the one that was checked, and its phone story is checked by axe on its own.
      if (s.viewport === 'desktop' && documentAsAxeReadsIt() === page)
        checkedOnComputer.set(file, { page, answer: axeAnswer(results) });
      if (sameAsComputer) {
        expect(axeAnswer(results), 'axe answers the same at 375 px as at 1280 px').toBe(computer.answer);
        comparedSizes = true;
      }
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

// @vitest-environment jsdom
/**
 * Every story of the blocks and of the design tokens, run as a test: rendered with the project's
 * preview annotations (site settings, global CSS, html.js), its play function run (open the menu,
 * go to the second slide…), then checked with axe in the state the visitor would meet. A new
 * story file or story is covered without editing this file. The 'Páginas' stories are run by
 * stories-pages.test.tsx.
 */
import { projectAnnotations, runStory } from './helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../blocks/index.ts';
import type { PropertySchema } from '../.storybook/controls.ts';
import { choicesOf, controlFor } from '../.storybook/controls.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';

type StoriesModule = { default: Meta } & Record<string, StoryObj>;

const storyModules = import.meta.glob<StoriesModule>(
  ['../blocks/*/*.stories.tsx', '../design/*.stories.tsx'],
  {
    eager: true,
  },
);

beforeAll(() => projectAnnotations.beforeAll?.());

it('finds a stories file for every block of the registry', () => {
  const files = Object.keys(storyModules);
  for (const block of blockList) expect(files).toContain(`../blocks/${block.type}/${block.type}.stories.tsx`);
});

describe.each(Object.entries(storyModules))('%s', (file, module) => {
  const composed = Object.entries(composeStories(module));

  it.each(composed)('%s renders, runs its play function and has no axe violations', async (_name, story) => {
    await expectNoAxeViolations(await runStory(story));
  });

  const type = /^\.\.\/blocks\/([^/]+)\//.exec(file)?.[1];
  const block = blockList.find((b) => b.type === type);
  if (!block) return;

  it('has a story for every example of the declaration', () => {
    const names = composed.map(([exportName]) => module[exportName]!.name);
    for (const example of block.examples) expect(names).toContain(example.name);
  });

  it('shows every value of each choice and on/off prop of the schema in some story', () => {
    const { properties } = block.schema as { properties: Record<string, PropertySchema> };
    for (const [prop, schema] of Object.entries(properties)) {
      const choices = choicesOf(schema);
      // Icon lists (dozens of names) are shown by the design stories, not one story per icon.
      const values =
        schema.type === 'boolean' ? [true, false] : choices && choices.length <= 6 ? choices : [];
      const shown = new Set(
        composed.map(([, s]) => (s.args as Record<string, unknown>)[prop] ?? schema.default),
      );
      for (const value of values) expect(shown, `${block.type}.${prop} = ${String(value)}`).toContain(value);
    }
  });

  it('has a story at phone width and one at desktop width', () => {
    const viewports = new Set(
      composed.map(([, s]) => (s.globals.viewport as { value?: string } | undefined)?.value ?? 'desktop'),
    );
    expect([...viewports].sort()).toEqual(['desktop', 'phone']);
  });

  it('derives its controls from the schema and carries the Portuguese title and description', () => {
    const [, first] = composed[0]!;
    expect(first.parameters.block).toEqual({
      type: block.type,
      title: block.title,
      description: block.description,
    });
    for (const [prop, schema] of Object.entries(
      (block.schema as { properties: Record<string, PropertySchema> }).properties,
    )) {
      const argType = (first.argTypes as Record<string, { description?: string; control?: unknown }>)[prop];
      expect(argType?.description, `${block.type}.${prop}`).toBe(schema.description);
      expect(argType?.control, `${block.type}.${prop}`).toMatchObject({ type: controlFor(schema) });
    }
  });
});

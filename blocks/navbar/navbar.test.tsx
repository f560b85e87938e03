// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tests/helpers/axe.ts';
import block from './index.ts';
import * as stories from './navbar.stories.tsx';

const composed = composeStories(stories);
const { LogoCentralizado } = composed;

afterEach(cleanup);

describe('navbar', () => {
  it('has a story for every example of the declaration', () => {
    const { default: _meta, ...storyExports } = stories;
    const names = Object.values(storyExports).map((s) => s.name);
    for (const example of block.examples) expect(names).toContain(example.name);
  });

  it('is the header landmark with the logo linking to the home page', () => {
    render(<LogoCentralizado />);
    const header = screen.getByRole('banner');
    const home = within(header).getByRole('link', { name: /Fillgás/ });
    expect(home.getAttribute('href')).toBe('/');
    const logo = within(home).getByRole('img', { name: 'Fillgás' });
    expect(logo.tagName.toLowerCase()).toBe('svg');
  });

  it.each(Object.entries(composed))('%s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });
});

// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { enhance } from '../../runtime/client/enhance.ts';
import * as stories from './notFound.stories.tsx';

const composed = composeStories(stories);
const { Padrao } = composed;

// The block logs every mount; keep the test output quiet and let tests read the calls.
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  warn.mockRestore();
  window.history.replaceState(null, '', '/');
});

describe('notFound', () => {
  it('says the page was not found and links back home', () => {
    render(<Padrao />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Oops! Page not found');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('has the page script log the missing path with console.warn (no React needed)', () => {
    window.history.replaceState(null, '', '/pagina-que-nao-existe');
    render(<Padrao />);
    expect(warn).not.toHaveBeenCalled();
    enhance(document);
    expect(warn).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/pagina-que-nao-existe',
    );
  });
});

// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './banner.stories.tsx';

const composed = composeStories(stories);
const { Primaria, Secundaria, Final, FinalDoisBotoesTomEscuro } = composed;

afterEach(cleanup);

describe('banner', () => {
  it('is a region named by its h2, with the variant on the section', () => {
    const { container } = render(<Final id="agendar" />);
    const region = screen.getByRole('region', { name: 'Água com gás sem sair de casa' });
    expect(region.id).toBe('agendar');
    expect(container.querySelector('section')!.getAttribute('data-variant')).toBe('final');
  });

  it('primary: one chat button with its tracking name, opening in a new tab', () => {
    render(<Primaria />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('data-track')).toBe('CTASectionF_primary');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('secondary: the second button asks a question (duvidas message)', () => {
    render(<Secundaria />);
    const [first, second] = screen.getAllByRole('link');
    const text = (a: HTMLElement) => new URL(a.getAttribute('href')!).searchParams.get('text');
    expect(text(first!)).toMatch(/agendar a recarga/);
    expect(text(second!)).toMatch(/dúvida/);
  });

  it('final: the reassurance line comes after the buttons', () => {
    const { container } = render(<Final />);
    const note = screen.getByText('Resposta em até 30 minutos');
    const link = screen.getByRole('link');
    expect(link.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"] span')).toBeTruthy();
  });

  it('keeps decorative bubbles out of the light band', () => {
    const { container } = render(<Primaria />);
    expect(container.querySelector('[aria-hidden="true"] span')).toBeNull();
  });

  it('final with two buttons on a dark page', () => {
    render(<FinalDoisBotoesTomEscuro />);
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
